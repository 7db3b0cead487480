// Staff answer a GDPR request by e-mail address: download what is held for it (JSON or
// CSV) or erase it (a confirmation first). From the customer list's toolbar (any address, a guest's
// too) and from a customer's page (their address filled in). The server writes the audit entry.
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
} from '@mui/material';
import PrivacyIcon from '@mui/icons-material/PrivacyTip';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { API_URL, errorMessage, getCsrfToken, refreshCsrfToken } from '../httpClient';
import { storedToken } from '../signIn';
import type { PersonalDataFormat } from '@domain/privacy';

/** POST the request, save the file the server answers; a refusal throws its Bulgarian message. */
export async function downloadPersonalData(email: string, format: PersonalDataFormat, failed: string): Promise<void> {
  const send = async () => {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    const token = storedToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const csrf = getCsrfToken() ?? (await refreshCsrfToken());
    if (csrf) headers.set('x-csrf-token', csrf);
    return fetch(`${API_URL}/admin/privacy/export`, {
      method: 'POST',
      credentials: 'include',
      headers,
      body: JSON.stringify({ email, format }),
    });
  };
  let res = await send();
  if (res.status === 403) {
    await refreshCsrfToken();
    res = await send();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
    throw new Error(body.errors?.email || body.message || failed);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `lichni-danni.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `onErased`: what follows an erasure (the list refreshes; a customer's page, now gone, leaves). */
export function PrivacyRequestButton({ email: given = '', label, onErased }: { email?: string; label?: string; onErased?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(given);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const address = email.trim();

  const exportAs = async (format: PersonalDataFormat) => {
    setError('');
    setBusy(true);
    try {
      await downloadPersonalData(address, format, translate('app.privacy.failed'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    setConfirming(false);
    setError('');
    setBusy(true);
    try {
      const { message } = await dataProvider.erasePersonalData(address);
      notify(message, { type: 'success' });
      setOpen(false);
      (onErased ?? refresh)();
    } catch (err) {
      setError(errorMessage(err, translate('app.privacy.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<PrivacyIcon />}
        onClick={() => {
          setEmail(given);
          setError('');
          setOpen(true);
        }}
      >
        {label ?? translate('app.privacy.request')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="privacy-request-title" fullWidth maxWidth="sm">
        <DialogTitle id="privacy-request-title">{translate('app.privacy.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('app.privacy.help')}</DialogContentText>
          <MuiTextField
            id="privacy-request-email"
            label={translate('app.privacy.email')}
            type="email"
            value={email}
            fullWidth
            autoFocus
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(error)}
            helperText={error || ' '}
            slotProps={{ formHelperText: { role: error ? 'alert' : undefined } as object }}
          />
        </DialogContent>
        <DialogActions>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" justifyContent="flex-end">
            <Button onClick={() => void exportAs('json')} disabled={busy || !address}>
              {translate('app.privacy.exportJson')}
            </Button>
            <Button onClick={() => void exportAs('csv')} disabled={busy || !address}>
              {translate('app.privacy.exportCsv')}
            </Button>
            <Button color="error" onClick={() => setConfirming(true)} disabled={busy || !address}>
              {translate('app.privacy.erase')}
            </Button>
            <Button onClick={() => setOpen(false)}>{translate('app.privacy.cancel')}</Button>
          </Stack>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming}
        title={translate('app.privacy.confirmTitle', { email: address })}
        content={translate('app.privacy.confirmContent')}
        confirm={translate('app.privacy.confirm')}
        confirmColor="warning"
        onConfirm={() => void erase()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
