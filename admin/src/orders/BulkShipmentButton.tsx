// A bulk action of the order list: waybills for the selected orders, one after the other, with
// what happened to each (the waybill, or the reason in Bulgarian). Only confirmed orders get one.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useDataProvider, useListContext, useRefresh, useUnselectAll, type Identifier } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

interface Outcome {
  id: Identifier;
  number: string;
  ok: boolean;
  text: string;
}

export const BULK_SHIPMENT_TEXT = {
  button: 'Товарителници',
  title: 'Товарителници за избраните поръчки',
  working: 'Създаване…',
  close: 'Затвори',
  failed: 'Товарителницата не бе създадена.',
  summary: (ok: number, all: number) => `Създадени: ${ok} от ${all}.`,
} as const;

export function BulkShipmentButton() {
  const { selectedIds, data, resource } = useListContext();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const unselectAll = useUnselectAll(resource ?? 'orders');
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setOpen(true);
    setBusy(true);
    setOutcomes([]);
    for (const id of selectedIds) {
      const number = (data ?? []).find((o) => o.id === id)?.number ?? `#${id}`;
      try {
        const s = await dataProvider.createShipment(id, {});
        setOutcomes((list) => [...list, { id, number, ok: true, text: `${s.waybillNumber}` }]);
      } catch (err) {
        setOutcomes((list) => [...list, { id, number, ok: false, text: errorMessage(err, BULK_SHIPMENT_TEXT.failed) }]);
      }
    }
    setBusy(false);
    refresh();
  };

  const close = () => {
    setOpen(false);
    if (outcomes.some((o) => o.ok)) unselectAll();
  };

  return (
    <>
      <Button size="small" startIcon={<LocalShippingIcon />} onClick={run} disabled={busy || !selectedIds.length}>
        {BULK_SHIPMENT_TEXT.button}
      </Button>
      <Dialog open={open} onClose={() => !busy && close()} aria-labelledby="bulk-shipment-title" fullWidth maxWidth="sm">
        <DialogTitle id="bulk-shipment-title">{BULK_SHIPMENT_TEXT.title}</DialogTitle>
        <DialogContent>
          <List dense data-testid="bulk-shipment-results">
            {outcomes.map((o) => (
              <ListItem key={String(o.id)} disableGutters>
                <Alert severity={o.ok ? 'success' : 'error'} sx={{ width: '100%' }}>
                  <ListItemText primary={o.number} secondary={o.text} />
                </Alert>
              </ListItem>
            ))}
          </List>
          {!busy && outcomes.length > 0 && (
            <Alert severity="info">{BULK_SHIPMENT_TEXT.summary(outcomes.filter((o) => o.ok).length, outcomes.length)}</Alert>
          )}
          {busy && <Alert severity="info">{BULK_SHIPMENT_TEXT.working}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {BULK_SHIPMENT_TEXT.close}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
