// Payments: orders' own payments and money received from payers (by hand or from the bank's
// statement), with filters by payer, source and credit left; the moves staff may make on an
// order's payment (PAYMENT_RECORD_TRANSITIONS): mark paid or failed, refund a paid one. Money
// received has no status to move: it is allocated to invoices (its page).
import { Box, Chip, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  CreateButton,
  DatagridConfigurable,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, PAYMENT_RECORD_TRANSITIONS, type PaymentRecordStatus } from '@domain/orderStatus';
import { PAYMENT_SOURCES } from '@domain/paymentAllocation';
import { formatBgDate } from '@domain/dateInput';
import {
  choicesOf,
  dateTime,
  money,
  MoneyField,
  RecordLink,
  StatusChipField,
  useIsSmall,
  useIsWide,
  DateTimeField,
} from '../common/fields';
import { csvExporter, csvValue } from '../common/exporter';
import { RefundDialog } from '../orders/OrderDialogs';
import { useState } from 'react';
import { errorMessage } from '../httpClient';
import { BgDateInput } from '../common/BgDateInput';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="s" source="status" choices={choicesOf(PAYMENT_RECORD_STATUSES, 'paymentRecordStatus')} alwaysOn />,
  <ReferenceInput key="c" source="companyId" reference="companies" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <SelectInput key="src" source="source" choices={choicesOf(PAYMENT_SOURCES, 'payments.source')} />,
  <BooleanInput key="credit" source="withCredit" />,
  <SelectInput key="m" source="method" choices={choicesOf(PAYMENT_METHODS, 'paymentMethod')} />,
  <BgDateInput key="gte" source="createdAt_gte" />,
  <BgDateInput key="lte" source="createdAt_lte" />,
];

const MOVE_LABEL: Record<PaymentRecordStatus, string> = {
  paid: 'app.payments.markPaid',
  failed: 'app.payments.markFailed',
  refunded: 'app.payments.refund',
  pending: 'app.paymentRecordStatus.pending',
};

export function PaymentActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  const [refunding, setRefunding] = useState(false);
  // Money received from a payer has no status to move (the server answers 409): it is allocated.
  if (!record || record.orderId === null || record.orderId === undefined) return null;
  const moves = (PAYMENT_RECORD_TRANSITIONS[record.status as PaymentRecordStatus] ?? []).filter(
    (to) => !(to === 'paid' && record.orderStatus === 'cancelled'),
  );
  const move = (data: Record<string, unknown>) =>
    update(
      'payments',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.payments.updated', { type: 'success' });
          setRefunding(false);
          refresh();
        },
        onError: (e) => notify(errorMessage(e, translate('ra.notification.http_error')), { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()} sx={{ '& button': { whiteSpace: 'nowrap' } }}>
      {moves.map((to) => (
        <Button
          key={to}
          label={MOVE_LABEL[to]}
          disabled={isPending}
          color={to === 'paid' ? 'primary' : 'error'}
          size="small"
          variant={to === 'paid' ? 'contained' : 'outlined'}
          onClick={() => (to === 'refunded' ? setRefunding(true) : move({ status: to }))}
        />
      ))}
      {refunding && (
        <RefundDialog
          open
          number={record.orderNumber}
          paid={Number(record.amount)}
          stockBack={false}
          offerRestock={false}
          busy={isPending}
          onClose={() => setRefunding(false)}
          onConfirm={({ amount, reason }) => move({ status: 'refunded', refundAmount: amount, refundReason: reason })}
        />
      )}
    </Stack>
  );
}

const exporter = csvExporter<any>(
  'payments',
  (p) => ({
    id: p.id,
    orderNumber: p.orderNumber,
    customerName: p.customerName,
    companyName: p.companyName,
    source: csvValue.label('payments.source', p.source),
    method: csvValue.label('payments.method', p.method),
    amount: csvValue.money(p.amount),
    status: csvValue.label('paymentRecordStatus', p.status),
    reference: p.reference,
    receivedOn: p.receivedOn ? formatBgDate(p.receivedOn) : '',
    unallocated: csvValue.money(p.unallocated),
    paidAt: csvValue.dateTime(p.paidAt),
    refundedAt: csvValue.dateTime(p.refundedAt),
    refundedAmount: csvValue.money(p.refundedAmount),
    createdAt: csvValue.dateTime(p.createdAt),
  }),
  { id: 'number', orderNumber: 'identifier', reference: 'identifier', amount: 'number', refundedAmount: 'number', unallocated: 'number' },
);

/** Who paid: the order's customer or the payer, with the company beneath when it is another name. */
function PayerField(_: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {record.customerName || record.customerEmail || '—'}
      {record.companyName && record.companyName !== record.customerName && (
        <Typography variant="caption" component="div" color="text.secondary">
          {record.companyName}
        </Typography>
      )}
    </>
  );
}

/** What is left to allocate, only when there is some: the payer's credit. */
function UnallocatedField(_: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || !(Number(record.unallocated) > 0)) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ whiteSpace: 'nowrap' }}>
      <span>{money(record.unallocated, record.currency)}</span>
      <Chip size="small" color="warning" label={translate('app.payments.credit')} />
    </Stack>
  );
}

/** The payment's number, a link to its page (every row opens by keyboard). */
function PaymentLinkField(_: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <RecordLink type="show">
      <Box component="span" sx={visuallyHidden}>
        {translate('resources.payments.name', { smart_count: 1 })}{' '}
      </Box>
      {record.id}
    </RecordLink>
  );
}

/** No payment yet: the way to record the first one. */
function NoPayments() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center', width: '100%' }}>
      <Typography sx={{ mb: 2 }}>{translate('app.payments.empty')}</Typography>
      <CreateButton label="app.payments.record" variant="contained" />
    </Box>
  );
}

export function PaymentList() {
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      exporter={exporter}
      empty={<NoPayments />}
      actions={
        <TopToolbar>
          <CreateButton label="app.payments.record" />
          <FilterButton />
          <SelectColumnsButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => `${r.orderNumber ?? translate('app.payments.open', { id: r.id })} · ${money(r.amount, r.currency)}`}
          secondaryText={(r: any) =>
            [
              r.customerName,
              translate(`app.payments.source.${r.source}`, { _: r.source ?? '' }),
              Number(r.unallocated) > 0 ? `${translate('app.payments.credit')} ${money(r.unallocated, r.currency)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(r: any) => (r.receivedOn ? formatBgDate(r.receivedOn) : dateTime(r.createdAt))}
          linkType="show"
        />
      ) : (
        <DatagridConfigurable bulkActionButtons={false} rowClick={false}>
          <PaymentLinkField source="id" label="resources.payments.fields.id" />
          <ReferenceField source="orderId" reference="orders" link="edit" label="resources.payments.fields.orderNumber" sortable={false}>
            <TextField source="number" />
          </ReferenceField>
          <PayerField source="customerName" label="resources.payments.fields.customerName" sortable={false} />
          <FunctionField
            source="source"
            sortable={false}
            render={(r: any) => translate(`app.payments.source.${r.source}`, { _: r.source ?? '' })}
          />
          <FunctionField source="method" render={(r: any) => translate(`app.payments.method.${r.method}`, { _: r.method })} />
          <MoneyField source="amount" />
          <UnallocatedField source="unallocated" label="resources.payments.fields.unallocated" />
          <StatusChipField source="status" group="paymentRecordStatus" />
          {isWide && <TextField source="reference" sortable={false} />}
          <FunctionField
            source="receivedOn"
            render={(r: any) => <span style={{ whiteSpace: 'nowrap' }}>{r.receivedOn ? formatBgDate(r.receivedOn) : '—'}</span>}
          />
          <DateTimeField source="createdAt" />
          {isWide && <DateTimeField source="paidAt" />}
          <PaymentActions />
        </DatagridConfigurable>
      )}
    </List>
  );
}
