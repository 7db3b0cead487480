// Payments: filters, and the moves staff may make (PAYMENT_RECORD_TRANSITIONS): mark paid or
// failed, refund a paid one.
import { Stack } from '@mui/material';
import {
  Button,
  DatagridConfigurable,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceField,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useBasename,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, PAYMENT_RECORD_TRANSITIONS, type PaymentRecordStatus } from '@domain/orderStatus';
import { choicesOf, dateTime, money, MoneyField, StatusChipField, useIsSmall, useIsWide, DateTimeField } from '../common/fields';
import { csvExporter, csvValue } from '../common/exporter';
import { RefundDialog } from '../orders/OrderDialogs';
import { useState } from 'react';
import { errorMessage } from '../httpClient';
import { BgDateInput } from '../common/BgDateInput';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="s" source="status" choices={choicesOf(PAYMENT_RECORD_STATUSES, 'paymentRecordStatus')} alwaysOn />,
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
  if (!record) return null;
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
    method: csvValue.label('paymentMethod', p.method),
    amount: csvValue.money(p.amount),
    status: csvValue.label('paymentRecordStatus', p.status),
    reference: p.reference,
    paidAt: csvValue.dateTime(p.paidAt),
    refundedAt: csvValue.dateTime(p.refundedAt),
    refundedAmount: csvValue.money(p.refundedAmount),
    createdAt: csvValue.dateTime(p.createdAt),
  }),
  { id: 'number', orderNumber: 'identifier', reference: 'identifier', amount: 'number', refundedAmount: 'number' },
);

export function PaymentList() {
  const basename = useBasename();
  const isSmall = useIsSmall();
  const isWide = useIsWide();
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      exporter={exporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <SelectColumnsButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList
          primaryText={(r: any) => `${r.orderNumber} · ${money(r.amount, r.currency)}`}
          secondaryText={(r: any) => `${r.customerName ?? ''} · ${translate(`app.paymentRecordStatus.${r.status}`)}`}
          tertiaryText={(r: any) => dateTime(r.createdAt)}
          rowClick={(_id: any, _resource: any, r: any) => `${basename}/orders/${r.orderId}`}
        />
      ) : (
        <DatagridConfigurable bulkActionButtons={false} rowClick={false}>
          <ReferenceField source="orderId" reference="orders" link="edit" label="resources.payments.fields.orderNumber" sortable={false}>
            <TextField source="number" />
          </ReferenceField>
          <TextField source="customerName" sortable={false} />
          <FunctionField source="method" render={(r: any) => translate(`app.paymentMethod.${r.method}`, { _: r.method })} />
          <MoneyField source="amount" />
          <StatusChipField source="status" group="paymentRecordStatus" />
          {isWide && <TextField source="reference" sortable={false} />}
          <DateTimeField source="createdAt" />
          {isWide && <DateTimeField source="paidAt" />}
          <PaymentActions />
        </DatagridConfigurable>
      )}
    </List>
  );
}
