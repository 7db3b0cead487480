// The order's waybill: "Създай товарителница" (with the parcel's weight and "преглед преди
// плащане" in a small dialog) for a confirmed order, and once made, the waybill number, its label
// and the courier's tracking page. A courier's refusal is shown in its own words; nothing changes.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage } from '../httpClient';
import { parseMoneyInput } from '@domain/money';
import { PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '@domain/couriers';
import { createShipment, fetchShipment, type ShipmentRecord } from './shipmentApi';
import { COURIER_LABELS } from '@domain/couriers';
import type { OrderRecord } from './OrderEdit';

export const SHIPMENT_TEXT = {
  title: 'Товарителница',
  create: 'Създай товарителница',
  dialogTitle: 'Нова товарителница',
  weight: 'Тегло (кг)',
  weightHelp: 'Празно: по теглата на продуктите или теглото по подразбиране',
  weightInvalid: `Теглото е между ${PARCEL_WEIGHT_MIN_KG} и ${PARCEL_WEIGHT_MAX_KG} кг.`,
  review: 'Преглед преди плащане',
  cod: 'Наложен платеж',
  cancel: 'Откажи',
  confirm: 'Създай',
  label: 'Етикет (PDF)',
  track: 'Проследяване при куриера',
  failed: 'Товарителницата не бе създадена.',
  needsConfirmed: 'Товарителница се създава за потвърдена поръчка.',
} as const;

function formatKg(value: number) {
  return value.toLocaleString('bg-BG', { maximumFractionDigits: 3 });
}

export function ShipmentButton() {
  const record = useRecordContext<OrderRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [shipment, setShipment] = useState<ShipmentRecord | null>(null);
  const [open, setOpen] = useState(false);
  const [weight, setWeight] = useState('');
  const [review, setReview] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    fetchShipment(record.id).then(
      (s) => live && setShipment(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [record?.id, record?.trackingNumber]);

  if (!record) return null;
  const weightKg = weight.trim() ? parseMoneyInput(weight) : undefined;
  const weightBad = weightKg === null || (weightKg !== undefined && (weightKg < PARCEL_WEIGHT_MIN_KG || weightKg > PARCEL_WEIGHT_MAX_KG));

  const submit = async () => {
    if (weightBad) return;
    setBusy(true);
    setError('');
    try {
      const made = await createShipment(record.id, { ...(weightKg !== undefined ? { weightKg } : {}), reviewBeforePayment: review });
      setShipment(made);
      setOpen(false);
      notify(`Товарителницата ${made.waybillNumber} е създадена.`, { type: 'success' });
      refresh();
    } catch (err) {
      setError(errorMessage(err, SHIPMENT_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {SHIPMENT_TEXT.title}
        </Typography>
        {shipment ? (
          <Stack spacing={0.5} data-testid="shipment">
            <Typography>
              {COURIER_LABELS[shipment.courier]} · <strong>{shipment.waybillNumber}</strong>
            </Typography>
            {shipment.codAmount > 0 && (
              <Typography variant="body2" color="text.secondary">
                {SHIPMENT_TEXT.cod}: {shipment.codAmount.toLocaleString('bg-BG', { style: 'currency', currency: shipment.currency })}
              </Typography>
            )}
            {shipment.courierStatus && (
              <Typography variant="body2" color="text.secondary">
                {shipment.courierStatus}
              </Typography>
            )}
            <Link href={shipment.labelUrl} target="_blank" rel="noopener">
              {SHIPMENT_TEXT.label}
            </Link>
            <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {SHIPMENT_TEXT.track}
            </Link>
          </Stack>
        ) : record.status === 'confirmed' ? (
          <Button variant="contained" startIcon={<LocalShippingIcon />} onClick={() => setOpen(true)}>
            {SHIPMENT_TEXT.create}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {SHIPMENT_TEXT.needsConfirmed}
          </Typography>
        )}
      </CardContent>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="shipment-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="shipment-dialog-title">{SHIPMENT_TEXT.dialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={SHIPMENT_TEXT.weight}
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
              inputMode="decimal"
              error={weightBad}
              helperText={weightBad ? SHIPMENT_TEXT.weightInvalid : SHIPMENT_TEXT.weightHelp}
              placeholder={formatKg(0.5)}
            />
            <FormControlLabel
              control={<Checkbox checked={review} onChange={(e) => setReview(e.target.checked)} />}
              label={SHIPMENT_TEXT.review}
            />
            {record.paymentMethod === 'cod' && record.paymentStatus === 'unpaid' && (
              <Typography variant="body2" color="text.secondary">
                {SHIPMENT_TEXT.cod}:{' '}
                {(record.total ?? 0).toLocaleString('bg-BG', {
                  style: 'currency',
                  currency: (record as { currency?: string }).currency ?? 'BGN',
                })}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {SHIPMENT_TEXT.cancel}
          </Button>
          <Button variant="contained" onClick={submit} disabled={busy || weightBad}>
            {SHIPMENT_TEXT.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
