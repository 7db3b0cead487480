// How much of an invoice is paid, as staff read it in the invoices' list and on the order's
// documents: a chip (Неплатена / Частично платена / Платена) and the paid and open amounts. A
// credit note has no payment state of its own, so it shows nothing.
import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PaymentState } from '@domain/paymentAllocation';
import { money } from '../common/fields';
import type { InvoiceRecord } from './api';

/** The chip's word carries the meaning; the colour only repeats it. */
const STATE_COLOURS: Record<PaymentState, ChipProps['color']> = {
  unpaid: 'warning',
  partly_paid: 'info',
  paid: 'success',
};

type Payable = Partial<Pick<InvoiceRecord, 'paid' | 'outstanding' | 'paymentState' | 'paymentCurrency'>>;

export function PaymentStateChip({ state }: { state: PaymentState | null | undefined }) {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[state]}
      variant={state === 'paid' ? 'outlined' : 'filled'}
      label={translate(`app.invoices.paymentState.${state}`)}
    />
  );
}

/** "Платено 10,00 € · Остава 23,70 €" in the shop's currency, the amounts the state comes from. */
export function PaidAndOutstanding({ record }: { record: Payable }) {
  const translate = useTranslate();
  if (!record.paymentState) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {translate('app.invoices.paidAndOutstanding', {
        paid: money(record.paid, record.paymentCurrency),
        outstanding: money(record.outstanding, record.paymentCurrency),
      })}
    </Typography>
  );
}

/** The chip with the amounts beside it (wrapping under it on a narrow screen). */
export function InvoicePayment({ record }: { record: Payable }) {
  if (!record.paymentState) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <PaymentStateChip state={record.paymentState} />
      <PaidAndOutstanding record={record} />
    </Box>
  );
}
