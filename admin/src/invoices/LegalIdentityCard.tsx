// Settings → the seller's legal identity (company, ЕИК, VAT number, seat, address, МОЛ) and the
// invoice options, saved on their own (PUT /api/admin/settings with `legal` and `invoices` only).
// ЕИК and VAT number are checked with the server's rules before sending.
import { Box, Button, Card, CardContent, CardHeader, FormControlLabel, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../httpClient';
import { useSaveSettings, useSettings } from '../settings/useSettings';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { INVOICE_TEXT } from '@domain/invoices';

const FIELDS = ['companyName', 'eik', 'vatNumber', 'seat', 'address', 'mol', 'phone', 'email'] as const;
type Legal = Record<(typeof FIELDS)[number], string>;
interface InvoiceOptions {
  firstNumber: number;
  autoIssueOnPayment: boolean;
}

export function legalErrors(legal: Legal): Partial<Record<keyof Legal, string>> {
  const e: Partial<Record<keyof Legal, string>> = {};
  if (legal.eik.trim() && !isValidEik(normaliseTaxNumber(legal.eik))) e.eik = INVOICE_TEXT.eikInvalid;
  if (legal.vatNumber.trim() && !isValidBgVatNumber(normaliseTaxNumber(legal.vatNumber))) e.vatNumber = INVOICE_TEXT.vatNumberInvalid;
  return e;
}

export function LegalIdentityCard() {
  const { data } = useSettings();
  if (!data?.legal) return null;
  // The identity as loaded is where typing starts; a later reload of the settings leaves the typing alone.
  return <LegalIdentityForm loaded={data.legal} loadedOptions={data.invoices} />;
}

function LegalIdentityForm({ loaded, loadedOptions }: { loaded: Legal; loadedOptions?: InvoiceOptions }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [legal, setLegal] = useState<Legal>(loaded);
  const [options, setOptions] = useState<InvoiceOptions>(loadedOptions ?? { firstNumber: 1, autoIssueOnPayment: false });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const t = (k: string) => translate(`app.invoices.${k}`);
  const save = useSaveSettings({
    onSaved: (settings, message) => {
      setLegal(settings.legal);
      setOptions(settings.invoices);
      notify(message, { type: 'success' });
    },
    onFailed: (e) => {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      setServerErrors(Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k.replace(/^(legal|invoices)\./, ''), v])));
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    },
  });
  const busy = save.isPending;
  const errors = { ...legalErrors(legal), ...serverErrors };

  return (
    <Card sx={{ mt: 2 }} data-testid="legal-identity">
      <CardHeader title={t('legal')} subheader={t('legalHelp')} />
      <CardContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: '60em' }}>
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`fields.${f}`)}
              value={legal[f] ?? ''}
              onChange={(e) => {
                setLegal({ ...legal, [f]: e.target.value });
                setServerErrors(({ [f]: _, ...rest }) => rest);
              }}
              error={Boolean(errors[f])}
              helperText={errors[f] ?? ' '}
              size="small"
              fullWidth
            />
          ))}
          <TextField
            type="number"
            label={t('firstNumber')}
            value={options.firstNumber}
            onChange={(e) => setOptions({ ...options, firstNumber: Number(e.target.value) })}
            error={Boolean(serverErrors.firstNumber)}
            helperText={serverErrors.firstNumber ?? ' '}
            size="small"
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={options.autoIssueOnPayment}
                onChange={(e) => setOptions({ ...options, autoIssueOnPayment: e.target.checked })}
              />
            }
            label={t('autoIssue')}
          />
        </Box>
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={busy || Object.keys(legalErrors(legal)).length > 0}
          onClick={() => save.mutate({ legal, invoices: options })}
        >
          {t('legalSave')}
        </Button>
      </CardContent>
    </Card>
  );
}
