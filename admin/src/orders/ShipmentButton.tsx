// The order's waybill: "Създай товарителница" (with the parcel's weight and "преглед преди
// плащане" in a small dialog) for a confirmed order, and once made, the waybill number, its label
// and the courier's tracking page. A courier's refusal is shown in its own words; nothing changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { queryKeys } from '../queryKeys';
import { errorMessage } from '../httpClient';
import { parseMoneyInput } from '@domain/money';
import { PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '@domain/couriers';
import type { ShipmentBody } from './shipmentApi';
import { COURIER_LABELS } from '@domain/couriers';
import type { OrderRecord } from './orderRecord';

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
  const dataProvider = useDataProvider<ShopDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [weight, setWeight] = useState('');
  const [review, setReview] = useState(false);
  const [error, setError] = useState('');
  const id = record?.id;
  // The order's own refresh (after a move, a save) invalidates the orders' queries, this one with them.
  const { data: shipment = null } = useQuery({
    queryKey: queryKeys.orderShipment(id ?? ''),
    queryFn: () => dataProvider.orderShipment(id!),
    enabled: Boolean(id),
    retry: false,
  });
  const create = useMutation({
    mutationFn: (body: ShipmentBody) => dataProvider.createShipment(id!, body),
    onMutate: () => setError(''),
    onSuccess: (made) => {
      queryClient.setQueryData(queryKeys.orderShipment(id!), made);
      setOpen(false);
      notify(`Товарителницата ${made.waybillNumber} е създадена.`, { type: 'success' });
      // The waybill changes the order (its tracking number, its list's counts): the orders' queries
      // are asked again, all but the waybill just answered.
      void queryClient.invalidateQueries({ queryKey: ['orders'], predicate: (q) => q.queryKey[1] !== 'shipment' });
    },
    onError: (err) => setError(errorMessage(err, SHIPMENT_TEXT.failed)),
  });
  const busy = create.isPending;

  if (!record) return null;
  const weightKg = weight.trim() ? parseMoneyInput(weight) : undefined;
  const weightBad = weightKg === null || (weightKg !== undefined && (weightKg < PARCEL_WEIGHT_MIN_KG || weightKg > PARCEL_WEIGHT_MAX_KG));

  const submit = () => {
    if (weightBad) return;
    create.mutate({ ...(weightKg !== undefined ? { weightKg } : {}), reviewBeforePayment: review });
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
