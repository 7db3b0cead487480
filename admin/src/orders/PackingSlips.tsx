// Packing slips from the panel: on an order's page, its slip as a PDF in A4 or A6; in the order
// list, a bulk action that downloads one PDF with a slip per selected order.
import { useState } from 'react';
import { Button, Card, CardContent, Menu, MenuItem, Stack, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useListContext, useNotify, useRecordContext } from 'react-admin';
import { API_URL, getCsrfToken, refreshCsrfToken } from '../httpClient';
import { storedToken } from '../signIn';
import { PACKING_SLIP_SIZES, PACKING_SLIP_SIZE_LABELS, PACKING_SLIP_TEXT, type PackingSlipSize } from '@domain/packingSlips';

export const packingSlipUrl = (orderId: number | string, size: PackingSlipSize) =>
  `${API_URL}/admin/orders/${orderId}/packing-slip?size=${size}`;

/** POST the ids, save the PDF the server answers as a download; a refusal throws its Bulgarian message. */
export async function downloadPackingSlips(ids: Array<number | string>, size: PackingSlipSize): Promise<void> {
  const send = async () => {
    const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/pdf' });
    const token = storedToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const csrf = getCsrfToken() ?? (await refreshCsrfToken());
    if (csrf) headers.set('x-csrf-token', csrf);
    return fetch(`${API_URL}/admin/orders/packing-slips`, {
      method: 'POST',
      credentials: 'include',
      headers,
      body: JSON.stringify({ ids: ids.map(Number), size }),
    });
  };
  let res = await send();
  if (res.status === 403) {
    // A stale CSRF token (after a sign-in elsewhere): fetch a fresh one and try once more.
    await refreshCsrfToken();
    res = await send();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message || PACKING_SLIP_TEXT.failed);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `packing-slips-${size}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** On the order's page: the slip in A4 or A6 (a plain download link each). */
export function PackingSlipCard() {
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <Card variant="outlined" data-testid="packing-slip">
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ReceiptLongIcon fontSize="small" /> {PACKING_SLIP_TEXT.button}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {PACKING_SLIP_SIZES.map((size) => (
            <Button
              key={size}
              variant="outlined"
              size="small"
              component="a"
              href={packingSlipUrl(record.id, size)}
              download
              aria-label={`${PACKING_SLIP_TEXT.button} ${PACKING_SLIP_SIZE_LABELS[size]}`}
            >
              {PACKING_SLIP_SIZE_LABELS[size]}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A bulk action of the order list: one PDF with a slip per selected order, A4 or A6. */
export function BulkPackingSlipsButton() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (size: PackingSlipSize) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadPackingSlips(selectedIds, size);
    } catch (err) {
      notify(err instanceof Error ? err.message : PACKING_SLIP_TEXT.failed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<ReceiptLongIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={busy || !selectedIds.length}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'packing-slips-sizes' : undefined}
      >
        {PACKING_SLIP_TEXT.bulkButton}
      </Button>
      <Menu id="packing-slips-sizes" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {PACKING_SLIP_SIZES.map((size) => (
          <MenuItem key={size} onClick={() => void download(size)}>
            {`${PACKING_SLIP_TEXT.download} · ${PACKING_SLIP_SIZE_LABELS[size]}`}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
