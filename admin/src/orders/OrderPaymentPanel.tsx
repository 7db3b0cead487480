// The order's payment: its method and state, when it is due, and the moves staff may make.
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PaymentStatus } from '@domain/orderStatus';
import { formatDate } from '@domain/dates';
import { money, StatusChip } from '../common/fields';
import { RefundDialog } from './OrderDialogs';
import type { OrderRecord } from './orderRecord';
import { useOrderUpdate } from './useOrderUpdate';

/** The payment moves staff may make now, as the server lists them. */
export function paymentMoves(record: Pick<OrderRecord, 'allowedPaymentMoves'>): PaymentStatus[] {
  return [...(record.allowedPaymentMoves ?? [])];
}

export function PaymentCard() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const [refunding, setRefunding] = useState(false);
  const { send, isPending } = useOrderUpdate();
  if (!record) return null;
  const moves = paymentMoves(record);
  const payment = record.payments?.[0];
  const paid = payment?.amount ?? record.total ?? 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.payment')}
        </Typography>
        <Typography variant="body2">{translate(`app.paymentMethod.${record.paymentMethod}`, { _: record.paymentMethod })}</Typography>
        <Box sx={{ my: 1 }}>
          <StatusChip value={record.paymentStatus} group="paymentStatus" />
        </Box>
        {record.paymentDueAt && (
          // A company's order on payment terms: when it is due, and whether that has passed.
          <Typography variant="body2" sx={{ mb: 1 }} color={record.overdue ? 'error' : undefined} data-testid="payment-due">
            {translate('app.receivables.due', { date: formatDate(record.paymentDueAt) })}
            {record.overdue ? ` — ${translate('app.receivables.overdue')}` : ''}
          </Typography>
        )}
        {record.paymentStatus === 'refunded' && payment?.refundedAmount != null && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.orders.refunded', { amount: money(payment.refundedAmount) })}
            {payment.refundReason ? ` — ${payment.refundReason}` : ''}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="payment-actions">
          {moves.map((p) => (
            <Button
              key={p}
              size="small"
              variant="outlined"
              color={p === 'refunded' ? 'error' : 'primary'}
              disabled={isPending}
              onClick={() => (p === 'refunded' ? setRefunding(true) : send({ paymentStatus: p }))}
            >
              {translate(p === 'paid' ? 'app.payments.markPaid' : 'app.payments.refund')}
            </Button>
          ))}
        </Stack>
      </CardContent>
      {refunding && (
        <RefundDialog
          open
          number={record.number}
          paid={paid}
          stockBack={Boolean(record.stockRestored) || record.status === 'cancelled' || record.status === 'returned'}
          busy={isPending}
          onClose={() => setRefunding(false)}
          onConfirm={({ amount, reason, restock }) =>
            send({ paymentStatus: 'refunded', refundAmount: amount, refundReason: reason, restock }, () => setRefunding(false))
          }
        />
      )}
    </Card>
  );
}
