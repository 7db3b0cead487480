// One payment: who paid, how much, when and how, where it came from, and the invoices it paid
// (each linked to its PDF and its order). An order's own payment keeps its moves (paid, failed,
// refund); money received with something left unallocated offers „Разпредели кредита“: the
// payer's open invoices with the suggestion, confirmed, then the page reloads.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  Form,
  Show,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
  type ShowProps,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { formatBgDate } from '@domain/dateInput';
import { fromMinor, toMinor } from '@domain/money';
import { suggestAllocations, type PaymentSource } from '@domain/paymentAllocation';
import { dateTime, money, StatusChip } from '../common/fields';
import { ADMIN_API, type ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import { queryKeys } from '../queryKeys';
import type { Allocation, OpenInvoices } from './api';
import { AllocationRows } from './AllocationRows';
import { Entry, ScrollBox } from './parts';
import { chosenAllocations, errorsOnRows, rowsFor, type AllocationRow } from './allocations';
import { FocusServerError } from './FocusServerError';
import { PaymentActions } from './PaymentList';

export interface PaymentRecord extends RaRecord {
  orderId: number | null;
  orderNumber: string | null;
  customerName: string;
  customerEmail: string;
  companyId: number | null;
  companyName: string | null;
  method: string;
  amount: number;
  currency: string;
  status: string;
  reference: string;
  paidAt: string | null;
  receivedOn: string | null;
  unallocated: number;
  source: PaymentSource;
  payerName: string;
  payerIban: string;
  recordedBy: string;
  createdAt: string;
  allocations?: Array<{ invoiceId: number; amount: number; invoiceNumber: string; orderId?: number | null; orderNumber: string | null }>;
}

function PaymentTitle() {
  const record = useRecordContext<PaymentRecord>();
  const translate = useTranslate();
  return <span>{record ? translate('app.payments.showTitle', { id: record.id }) : ''}</span>;
}

/** A label and its value, as one entry of the page's description list. */
/** Has the payment money left to allocate (only money received from a payer can have). */
export const hasCredit = (p: Pick<PaymentRecord, 'orderId' | 'unallocated'> | undefined) =>
  !!p && p.orderId === null && Number(p.unallocated) > 0;

function Details({ record }: { record: PaymentRecord }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.payments.fields.${name}`);
  const amount = (v: number) => money(v, record.currency);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Entry label={field('amount')}>{amount(record.amount)}</Entry>
      <Entry label={field('unallocated')}>
        <Stack direction="row" spacing={1} alignItems="center" component="span">
          <span>{amount(record.unallocated ?? 0)}</span>
          {hasCredit(record) && <Chip size="small" color="warning" label={translate('app.payments.credit')} />}
        </Stack>
      </Entry>
      <Entry label={field('status')}>
        <StatusChip value={record.status} group="paymentRecordStatus" />
      </Entry>
      <Entry label={field('customerName')}>
        {record.companyId ? (
          <Link component={RouterLink} to={`/admin/companies/${record.companyId}`}>
            {record.companyName ?? record.customerName}
          </Link>
        ) : (
          record.customerName || '—'
        )}
        {record.customerEmail && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {record.customerEmail}
          </Typography>
        )}
      </Entry>
      <Entry label={field('method')}>{translate(`app.payments.method.${record.method}`, { _: record.method })}</Entry>
      <Entry label={field('source')}>{translate(`app.payments.source.${record.source}`, { _: record.source })}</Entry>
      <Entry label={field('receivedOn')}>{record.receivedOn ? formatBgDate(record.receivedOn) : dateTime(record.paidAt)}</Entry>
      <Entry label={field('reference')}>{record.reference || '—'}</Entry>
      {record.orderId && (
        <Entry label={field('orderNumber')}>
          <Link component={RouterLink} to={`/admin/orders/${record.orderId}`}>
            {record.orderNumber}
          </Link>
        </Entry>
      )}
      {(record.payerName || record.payerIban) && (
        <Entry label={translate('app.payments.payer')}>
          {record.payerName}
          {record.payerIban && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {record.payerIban}
            </Typography>
          )}
        </Entry>
      )}
      {record.recordedBy && <Entry label={translate('app.payments.recordedBy')}>{record.recordedBy}</Entry>}
      <Entry label={field('createdAt')}>{dateTime(record.createdAt)}</Entry>
    </Box>
  );
}

function Allocations({ record }: { record: PaymentRecord }) {
  const translate = useTranslate();
  const rows = record.allocations ?? [];
  if (!rows.length) return <Typography color="text.secondary">{translate('app.payments.noAllocations')}</Typography>;
  return (
    <ScrollBox label={translate('app.payments.allocations')}>
      <Table size="small" sx={{ minWidth: 300 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.payments.invoice')}</TableCell>
            <TableCell>{translate('app.payments.order')}</TableCell>
            <TableCell align="right">{translate('resources.payments.fields.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a, i) => (
            <TableRow key={`${a.invoiceId}-${i}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link
                  href={`${ADMIN_API}/invoices/${a.invoiceId}/pdf`}
                  aria-label={translate('app.payments.invoicePdf', { number: a.invoiceNumber })}
                >
                  {a.invoiceNumber}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {a.orderId ? (
                  <Link component={RouterLink} to={`/admin/orders/${a.orderId}`}>
                    {a.orderNumber}
                  </Link>
                ) : (
                  (a.orderNumber ?? '—')
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(a.amount, record.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

/** The suggestion for the payment's own credit: the domain's rule on the payer's open invoices. */
export function creditSuggestion(credit: number, open: OpenInvoices['invoices']): Allocation[] {
  const { allocations } = suggestAllocations(
    toMinor(credit),
    open.map((i) => ({ ...i, outstanding: toMinor(i.outstanding) })),
  );
  return allocations.map((a) => ({ invoiceId: a.invoiceId, amount: fromMinor(a.amount) ?? 0 }));
}

function SubmitButton({ label, disabled }: { label: string; disabled?: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting}>
      {label}
    </Button>
  );
}

/** „Разпредели кредита“: the payer's open invoices with the suggestion, confirmed in a dialog. */
export function AllocateCredit({ record }: { record: PaymentRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [open, setOpen] = useState(false);
  // Each opening asks afresh: the opening's number is part of the query's key.
  const [opening, setOpening] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  const credit = Number(record.unallocated);
  const payer = record.companyId ? { companyId: record.companyId } : { customerEmail: record.customerEmail };
  const openInvoices = useQuery({
    queryKey: queryKeys.openInvoices({ ...payer, amount: 0, opening }),
    queryFn: () => dataProvider.openInvoices({ ...payer, amount: 0 }),
    enabled: open,
    gcTime: 0,
    retry: false,
  });
  const data: OpenInvoices | null = open ? (openInvoices.data ?? null) : null;
  const failed = open && openInvoices.isError;

  const suggestion = data ? creditSuggestion(credit, data.invoices) : [];
  const submit = async (values: Record<string, any>) => {
    const { allocations, rowOf } = chosenAllocations(values.allocations as AllocationRow[]);
    try {
      await dataProvider.allocatePayment(record.id, allocations);
      notify('app.payments.creditAllocated', { type: 'success' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (e) {
      notify(errorMessage(e, translate('app.payments.failed')), { type: 'error' });
      const errors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      return errors ? errorsOnRows(errors, rowOf) : undefined;
    }
  };

  return (
    <>
      <Button
        variant="contained"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {translate('app.payments.allocateCredit')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="allocate-credit-title" maxWidth="md" fullWidth>
        <DialogTitle id="allocate-credit-title">
          {translate('app.payments.allocateCreditTitle', { amount: money(credit, record.currency) })}
        </DialogTitle>
        {/* The editor is a react-admin form of its own: its rows' checks and the server's errors on them. */}
        <Form
          key={data ? 'loaded' : 'loading'}
          // Its own values, not the payment's (whose allocations are what it already paid).
          record={{ id: record.id }}
          onSubmit={submit}
          defaultValues={{ allocations: data ? rowsFor(data.invoices, suggestion) : [] }}
          noValidate
        >
          <DialogContent ref={content}>
            <FocusServerError within={() => content.current} />
            <Box role="status" aria-live="polite">
              {!data && !failed && <Typography color="text.secondary">{translate('app.payments.loading')}</Typography>}
              {failed && <Typography color="error">{translate('app.payments.loadFailed')}</Typography>}
              {data && !data.invoices.length && <Typography>{translate('app.payments.noOpenInvoices')}</Typography>}
            </Box>
            {data && data.invoices.length > 0 && <AllocationRows invoices={data.invoices} suggestion={suggestion} available={credit} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <SubmitButton disabled={!data?.invoices.length} label={translate('app.payments.allocateConfirm')} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

function PaymentPage() {
  const record = useRecordContext<PaymentRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <Box component="section" aria-labelledby="payment-details-title">
        <Typography id="payment-details-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {record.orderId ? translate('app.payments.orderPayment', { number: record.orderNumber }) : translate('app.payments.details')}
        </Typography>
        <Details record={record} />
        {record.orderId && (
          <Box sx={{ mt: 2 }}>
            <PaymentActions />
          </Box>
        )}
      </Box>
      <Box>
        <Typography id="payment-allocations-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.payments.allocations')}
        </Typography>
        <Allocations record={record} />
        {hasCredit(record) && (
          <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.payments.unallocatedHelp')}
            </Typography>
            <AllocateCredit record={record} />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

export function PaymentShow(props: Omit<ShowProps, 'children'>) {
  return (
    <Show title={<PaymentTitle />} actions={false} sx={{ '& .RaShow-card': { minWidth: 0 } }} {...props}>
      <PaymentPage />
    </Show>
  );
}
