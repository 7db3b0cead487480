// The allocation editor inside a react-admin form: the payer's open invoices, each with its
// „Разпредели“ amount (form fields `allocations.<row>.amount`, so react-admin's validation and the
// server's errors show on the row's own input), the suggestion and a clear button, and the totals
// read out as they change. Used when money is recorded and when a payment's credit is allocated.
import { Box, Button, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslate, type Validator } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ALLOCATION_TEXT, PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import { formatBgDate } from '@domain/dateInput';
import { toMinor } from '@domain/money';
import { money, useIsSmall } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import type { Allocation, OpenInvoiceRow } from './api';
import { allocatedTotal, minus, rowsFor, type AllocationRow } from './allocations';
import { ScrollBox } from './parts';

/** No more than is open on the invoice, never below nothing (an empty row gives nothing). */
const rowRule =
  (outstanding: number): Validator =>
  (value: unknown) => {
    if (typeof value !== 'number') return undefined;
    if (value < 0) return ALLOCATION_TEXT.notPositive;
    if (toMinor(value) > toMinor(outstanding)) return ALLOCATION_TEXT.moreThanOpen(money(outstanding, PAYMENT_CURRENCY));
    return undefined;
  };

/** A due date (an ISO date or timestamp) as dd.mm.yyyy, or a dash. */
const day = (iso: string | null) => (iso ? formatBgDate(iso.slice(0, 10)) : '—');

export function AllocationRows({
  invoices,
  suggestion,
  available,
  credit = 0,
}: {
  invoices: OpenInvoiceRow[];
  /** What „Приложи предложението“ puts in. */
  suggestion: Allocation[];
  /** The money there is to allocate (the payment, with the payer's credit when it is offered). */
  available: number;
  /** The payer's credit from earlier payments, offered first. */
  credit?: number;
}) {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const { setValue } = useFormContext();
  const rows = useWatch({ name: 'allocations' }) as AllocationRow[] | undefined;
  const { errors } = useFormState({ name: 'allocations' });
  const allocated = allocatedTotal(rows);
  const put = (next: AllocationRow[]) => setValue('allocations', next, { shouldDirty: true, shouldValidate: true });
  const listError = (errors.allocations as { message?: unknown } | undefined)?.message;

  // In the table its column names it; on a phone its label does (the full name stays on the input).
  const input = (invoice: OpenInvoiceRow, i: number) => (
    <MoneyInput
      currency={PAYMENT_CURRENCY}
      source={`allocations.${i}.amount`}
      label={isSmall ? 'app.payments.allocate' : false}
      hiddenLabel={!isSmall}
      helperText={false}
      size="small"
      margin="none"
      validate={rowRule(invoice.outstanding)}
      slotProps={{ htmlInput: { 'aria-label': translate('app.payments.allocateOn', { number: invoice.number }) } }}
    />
  );
  const order = (invoice: OpenInvoiceRow) =>
    invoice.orderId ? (
      <Link component={RouterLink} to={`/admin/orders/${invoice.orderId}`}>
        {invoice.orderNumber}
      </Link>
    ) : (
      (invoice.orderNumber ?? '—')
    );
  const state = (invoice: OpenInvoiceRow) => translate(`app.payments.invoiceState.${invoice.paymentState}`);

  return (
    <Stack spacing={1.5} sx={{ width: '100%' }}>
      {credit > 0 && (
        <Typography variant="body2">{translate('app.payments.payerCredit', { amount: money(credit, PAYMENT_CURRENCY) })}</Typography>
      )}
      {isSmall ? (
        // On a phone each invoice is a block of its own, its amount field under its figures.
        <Box component="ul" aria-label={translate('app.payments.openInvoices')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invoices.map((invoice, i) => (
            <Box component="li" key={invoice.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {translate('app.payments.invoice')} {invoice.number}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.payments.order')} {order(invoice)} · {translate('app.payments.dueAt')} {day(invoice.dueAt)} ·{' '}
                {state(invoice)}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('app.payments.outstanding')}: {money(invoice.outstanding, PAYMENT_CURRENCY)}
              </Typography>
              {input(invoice, i)}
            </Box>
          ))}
        </Box>
      ) : (
        <ScrollBox label={translate('app.payments.openInvoices')}>
          <Table size="small" sx={{ minWidth: 600 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.payments.invoice')}</TableCell>
                <TableCell>{translate('app.payments.order')}</TableCell>
                <TableCell>{translate('app.payments.dueAt')}</TableCell>
                <TableCell align="right">{translate('app.payments.outstanding')}</TableCell>
                <TableCell>{translate('app.payments.allocate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice, i) => (
                <TableRow key={invoice.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {invoice.number}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {state(invoice)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{order(invoice)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(invoice.dueAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(invoice.outstanding, PAYMENT_CURRENCY)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 170 }}>{input(invoice, i)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" size="small" onClick={() => put(rowsFor(invoices, suggestion))}>
          {translate('app.payments.applySuggestion')}
        </Button>
        <Button size="small" onClick={() => put(rowsFor(invoices, []))}>
          {translate('app.payments.clear')}
        </Button>
      </Stack>
      <AllocationTotals allocated={allocated} available={available} error={typeof listError === 'string' ? listError : undefined} />
    </Stack>
  );
}

/** The totals, in a live region that is on the page before they are first read out. */
export function AllocationTotals({ allocated, available, error }: { allocated: number; available: number; error?: string }) {
  const translate = useTranslate();
  const left = minus(available, allocated);
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" data-testid="allocation-totals">
      <Typography variant="body1" component="p" sx={{ fontWeight: 600 }}>
        {translate('app.payments.allocated', { amount: money(allocated, PAYMENT_CURRENCY), available: money(available, PAYMENT_CURRENCY) })}
        {' · '}
        {translate('app.payments.leftAsCredit', { amount: money(Math.max(0, left), PAYMENT_CURRENCY) })}
      </Typography>
      {left < 0 && (
        <Typography variant="body2" color="error" component="p">
          {ALLOCATION_TEXT.moreThanPaid(money(available, PAYMENT_CURRENCY))}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error" component="p">
          {error}
        </Typography>
      )}
    </Box>
  );
}
