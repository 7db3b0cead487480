// One order, as the demo's OrderEdit: customer, delivery, items and totals, payment, the history
// timeline, and on the right the status moves that the order allows (record.allowedTransitions,
// the server's own table) plus the tracking number and the staff's note.
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
  Alert,
} from '@mui/material';
import { useState } from 'react';
import {
  Edit,
  Form,
  Labeled,
  SaveButton,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, type OrderStatus, type PaymentStatus } from '../../../domain/orderStatus';
import { dateTime, money, StatusChip } from '../common/fields';
import { errorMessage } from '../httpClient';
import { OrderInvoiceCard } from '../invoices/OrderInvoiceCard';
import { ShipmentButton } from './ShipmentButton';

export interface OrderRecord extends RaRecord {
  number: string;
  status: OrderStatus;
  statusLabel?: string;
  allowedTransitions?: OrderStatus[];
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  customer?: { firstName?: string; lastName?: string; email?: string; phone?: string };
  shipping?: { method?: string; city?: string; postcode?: string; address?: string };
  items?: { productName: string; variantName?: string; attributes?: { name: string; value: string }[]; personalization?: string; unitPrice: number; quantity: number; lineTotal: number }[];
  subtotal?: number;
  discountCode?: string | null;
  discountTotal?: number;
  shippingTotal?: number;
  total?: number;
  note?: string | null;
  staffNote?: string | null;
  trackingNumber?: string | null;
  events?: { type: string; fromStatus?: string | null; toStatus?: string | null; note?: string | null; actorLabel?: string | null; createdAt: string }[];
  withdrawnAt?: string | null;
  createdAt?: string;
}

/** The moves to offer: the server's list when it sends one, else the shared table. */
export function allowedMoves(record: Pick<OrderRecord, 'status' | 'allowedTransitions'>): OrderStatus[] {
  return record.allowedTransitions ?? [...(ORDER_TRANSITIONS[record.status] ?? [])];
}

function useOrderUpdate() {
  const record = useRecordContext<OrderRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<OrderRecord>();
  const send = (data: Partial<OrderRecord> & { statusNote?: string }) =>
    record &&
    update(
      'orders',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.orders.updated', { type: 'success' });
          refresh();
        },
        onError: (error) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' }),
      },
    );
  return { send, isPending };
}

export function StatusActions() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const { send, isPending } = useOrderUpdate();
  if (!record) return null;
  const moves = allowedMoves(record);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('app.orders.changeStatus')}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <StatusChip value={record.status} group="orderStatus" size="medium" />
        </Box>
        {moves.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.orders.noTransitions')}
          </Typography>
        ) : (
          <>
            <MuiTextField
              label={translate('app.orders.statusNote')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              size="small"
              fullWidth
              multiline
              sx={{ mb: 1 }}
            />
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="status-actions">
              {moves.map((s) => (
                <Button
                  key={s}
                  variant={s === 'cancelled' || s === 'returned' ? 'outlined' : 'contained'}
                  color={s === 'cancelled' || s === 'returned' ? 'error' : 'primary'}
                  disabled={isPending}
                  onClick={() => send(note.trim() ? { status: s, statusNote: note.trim() } : { status: s })}
                >
                  {translate(`app.orderStatus.${s}`)}
                </Button>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentCard() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const { send, isPending } = useOrderUpdate();
  if (!record) return null;
  const moves = PAYMENT_TRANSITIONS[record.paymentStatus] ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('app.orders.payment')}
        </Typography>
        <Typography variant="body2">{translate(`app.paymentMethod.${record.paymentMethod}`, { _: record.paymentMethod })}</Typography>
        <Box sx={{ my: 1 }}>
          <StatusChip value={record.paymentStatus} group="paymentStatus" />
        </Box>
        <Stack direction="row" spacing={1}>
          {moves.map((p) => (
            <Button key={p} size="small" variant="outlined" disabled={isPending} onClick={() => send({ paymentStatus: p })}>
              {translate(p === 'paid' ? 'app.payments.markPaid' : 'app.payments.refund')}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function CustomerCard() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const c = record.customer ?? {};
  const s = record.shipping ?? {};
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.orders.customer')}
        </Typography>
        <Typography>{[c.firstName, c.lastName].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{c.email}</Typography>
        <Typography variant="body2">{c.phone}</Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="h6" gutterBottom>
          {translate('app.orders.delivery')}
        </Typography>
        <Typography>{s.method ? translate(`app.shippingMethod.${s.method}`, { _: s.method }) : ''}</Typography>
        <Typography variant="body2">{[s.postcode, s.city].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{s.address}</Typography>
      </Grid>
    </Grid>
  );
}

function ItemsTable() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{f('productName')}</TableCell>
          <TableCell align="right">{f('unitPrice')}</TableCell>
          <TableCell align="right">{f('quantity')}</TableCell>
          <TableCell align="right">{f('lineTotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(record.items ?? []).map((item, i) => (
          <TableRow key={i}>
            <TableCell>
              <Typography variant="body2">{item.productName}</Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {[item.variantName, ...(item.attributes ?? []).map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(' · ')}
              </Typography>
              {item.personalization && (
                <Typography variant="caption" component="div">
                  {translate('app.orders.personalization')}: {item.personalization}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{money(item.unitPrice, record.currency)}</TableCell>
            <TableCell align="right">{item.quantity}</TableCell>
            <TableCell align="right">{money(item.lineTotal, record.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Totals() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  const rows: [string, string, boolean?][] = [
    [f('subtotal'), money(record.subtotal, record.currency)],
    ...(record.discountTotal ? [[`${f('discountTotal')}${record.discountCode ? ` (${record.discountCode})` : ''}`, `−${money(record.discountTotal, record.currency)}`] as [string, string]] : []),
    [f('shippingTotal'), money(record.shippingTotal, record.currency)],
    [f('total'), money(record.total, record.currency), true],
  ];
  return (
    <Table size="small" sx={{ maxWidth: 360, ml: 'auto' }}>
      <TableBody>
        {rows.map(([label, value, bold]) => (
          <TableRow key={label}>
            <TableCell sx={{ fontWeight: bold ? 700 : undefined, borderBottom: 'none' }}>{label}</TableCell>
            <TableCell align="right" sx={{ fontWeight: bold ? 700 : undefined, borderBottom: 'none' }}>
              {value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function History() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const label = (s?: string | null) => (s ? translate(`app.orderStatus.${s}`, { _: s }) : '—');
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {(record.events ?? []).map((e, i) => (
        <Box component="li" key={i} sx={{ position: 'relative', pl: 2, pb: 1.5, '&::before': { content: '""', position: 'absolute', left: -6, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' } }}>
          <Typography variant="body2" fontWeight={600}>
            {e.toStatus ? (e.fromStatus ? translate('app.orders.event.status', { from: label(e.fromStatus), to: label(e.toStatus) }) : label(e.toStatus)) : translate(`app.orders.event.${e.type}`, { _: e.type })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dateTime(e.createdAt)}
            {e.actorLabel ? ` · ${e.actorLabel}` : ''}
          </Typography>
          {e.note && <Typography variant="body2">{e.note}</Typography>}
        </Box>
      ))}
    </Box>
  );
}

function OrderHeader() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('resources.orders.name', { smart_count: 1 })} {record.number}
      </Typography>
      <StatusChip value={record.status} group="orderStatus" size="medium" />
      <Typography color="text.secondary">{dateTime(record.createdAt)}</Typography>
    </Box>
  );
}

function OrderForm() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ maxWidth: '80em' }}>
      <Card>
        <CardContent>
          <OrderHeader />
          {record.withdrawnAt && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('app.orders.withdrawn', { date: dateTime(record.withdrawnAt) })}
            </Alert>
          )}
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 8 }}>
              <CustomerCard />
              {record.note && (
                <Box sx={{ mt: 2 }}>
                  <Labeled label="resources.orders.fields.note">
                    <Typography variant="body2">{record.note}</Typography>
                  </Labeled>
                </Box>
              )}
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" gutterBottom>
                {translate('app.orders.items')}
              </Typography>
              <ItemsTable />
              <Totals />
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" gutterBottom>
                {translate('app.orders.history')}
              </Typography>
              <History />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Stack spacing={2}>
                <StatusActions />
                <ShipmentButton />
                <PaymentCard />
                <OrderInvoiceCard />
                <Card variant="outlined">
                  <Form>
                    <CardContent>
                      <TextInput source="trackingNumber" fullWidth />
                      <TextInput source="staffNote" fullWidth multiline minRows={3} />
                    </CardContent>
                    <Toolbar sx={{ justifyContent: 'flex-end' }}>
                      <SaveButton label="app.orders.saveDetails" />
                    </Toolbar>
                  </Form>
                </Card>
              </Stack>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </Box>
  );
}

const OrderTitle = () => {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.orders.name', { smart_count: 1 })} ${record.number}` : ''}</span>;
};

/** `id` may be given (tests, embedding); otherwise it comes from the route. */
export function OrderEdit({ id }: { id?: string | number } = {}) {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      id={id}
      title={<OrderTitle />}
      component="div"
      mutationMode="pessimistic"
      transform={(data: OrderRecord) => ({ trackingNumber: data.trackingNumber ?? null, staffNote: data.staffNote ?? null })}
      mutationOptions={{
        onSuccess: () => notify('app.orders.updated', { type: 'success' }),
        onError: (error: unknown) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' }),
      }}
      redirect={false}
    >
      <OrderForm />
    </Edit>
  );
}
