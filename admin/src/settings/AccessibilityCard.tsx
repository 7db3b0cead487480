// Settings → Достъпност, beside the seller's legal identity: the editable parts of the storefront's
// accessibility statement (/accessibility), saved on their own (PUT /api/admin/settings with
// `accessibility` only).
import { Box, Button, Card, CardContent, CardHeader, Link, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { API_URL, errorMessage, httpClient } from '../httpClient';
import { BgDateField } from '../common/BgDateInput';
import type { AccessibilitySettings } from '@domain/api';

const TEXT_FIELDS = ['email', 'phone'] as const;

export function AccessibilityCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [statement, setStatement] = useState<AccessibilitySettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const t = (k: string) => translate(`app.accessibility.${k}`);

  useEffect(() => {
    httpClient(`${API_URL}/admin/settings`).then(
      ({ json }) => setStatement(json.accessibility),
      () => undefined,
    );
  }, []);
  if (!statement) return null;
  const change = (field: keyof AccessibilitySettings, value: string) => {
    setStatement({ ...statement, [field]: value });
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const save = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/admin/settings`, { method: 'PUT', body: JSON.stringify({ accessibility: statement }) });
      setStatement(json.settings.accessibility);
      setErrors({});
      notify(json.message, { type: 'success' });
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      setErrors(Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k.replace(/^accessibility\./, ''), v])));
      notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' });
    } finally {
      setBusy(false);
    }
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
          <Button variant="contained" disabled={busy} onClick={() => void save()}>
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
