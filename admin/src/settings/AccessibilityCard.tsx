// Settings → Достъпност, beside the seller's legal identity: the editable parts of the storefront's
// accessibility statement (/accessibility), saved on their own (PUT /api/admin/settings with
// `accessibility` only).
import { Box, Button, Card, CardContent, CardHeader, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../httpClient';
import { useSaveSettings, useSettings } from './useSettings';
import { BgDateField } from '../common/BgDateInput';
import type { AccessibilitySettings } from '@domain/api';

const TEXT_FIELDS = ['email', 'phone'] as const;

export function AccessibilityCard() {
  const { data } = useSettings();
  if (!data?.accessibility) return null;
  // The statement as loaded is where typing starts; a later reload of the settings leaves the typing alone.
  return <AccessibilityForm loaded={data.accessibility} />;
}

function AccessibilityForm({ loaded }: { loaded: AccessibilitySettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [statement, setStatement] = useState<AccessibilitySettings>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const t = (k: string) => translate(`app.accessibility.${k}`);
  const save = useSaveSettings({
    onSaved: (settings, message) => {
      setStatement(settings.accessibility);
      setErrors({});
      notify(message, { type: 'success' });
    },
    onFailed: (e) => {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      setErrors(Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k.replace(/^accessibility\./, ''), v])));
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    },
  });
  const busy = save.isPending;
  const change = (field: keyof AccessibilitySettings, value: string) => {
    setStatement({ ...statement, [field]: value });
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="accessibility-statement">
      <CardHeader title={t('title')} subheader={t('help')} slotProps={{ title: { component: 'h2' } }} />
      <CardContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: '60em' }}>
          <TextField
            label={t('limitations')}
            value={statement.limitations}
            onChange={(e) => change('limitations', e.target.value)}
            error={Boolean(errors.limitations)}
            helperText={errors.limitations ?? t('limitationsHelp')}
            multiline
            minRows={4}
            fullWidth
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
          <BgDateField
            label={t('statementDate')}
            value={statement.statementDate}
            onChange={(v) => change('statementDate', v ?? '')}
            error={Boolean(errors.statementDate)}
            helperText={errors.statementDate ?? ' '}
            size="small"
            fullWidth
          />
          <Box />
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(f)}
              value={statement[f]}
              onChange={(e) => change(f, e.target.value)}
              error={Boolean(errors[f])}
              helperText={errors[f] ?? ' '}
              size="small"
              fullWidth
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Button variant="contained" disabled={busy} onClick={() => save.mutate({ accessibility: statement })}>
            {t('save')}
          </Button>
          <Link href="/accessibility" target="_blank" rel="noopener">
            {t('open')}
          </Link>
        </Box>
      </CardContent>
    </Card>
  );
}
