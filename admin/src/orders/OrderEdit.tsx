// One order, as the demo's OrderEdit: customer, delivery, items and totals, payment, the history
// timeline, and on the right the status moves that the order allows (record.allowedTransitions,
// the server's own table) plus the tracking number and the staff's note.
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
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
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useRedirect,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import DeleteIcon from '@mui/icons-material/Delete';
import { ReasonDialog, RefundDialog, ShipDialog } from './OrderDialogs';
import { ADMIN_API } from '../dataProvider';
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, type OrderStatus, type PaymentStatus } from '@domain/orderStatus';
import type { ApiOrder } from '@domain/api';
import { dateTime, money, StatusChip } from '../common/fields';
import { keepFocusAfter, opener } from '../common/focus';
import { errorMessage, httpClient } from '../httpClient';
import { OrderInvoiceCard } from '../invoices/OrderInvoiceCard';
import { ShipmentButton } from './ShipmentButton';
import { PackingSlipCard } from './PackingSlips';
import { formatDate } from '@domain/dates';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { StaleEditAlert, withStaleEdit, withVersion } from '../layout/StaleEditAlert';

/** An order as react-admin holds it: the API's one order shape (domain/api.ts); a list row or a
 *  record still loading may lack any of it but its status. */
export type OrderRecord = RaRecord & Partial<ApiOrder> & Pick<ApiOrder, 'number' | 'status' | 'paymentStatus' | 'paymentMethod'>;

/** The moves to offer: the server's list when it sends one, else the shared table. */
export function allowedMoves(record: Pick<OrderRecord, 'status' | 'allowedTransitions'>): OrderStatus[] {
  return [...(record.allowedTransitions ?? ORDER_TRANSITIONS[record.status] ?? [])];
}

/** What the page sends with a move: the tracking number and the staff note as typed, unsaved or not. */
type OrderChange = Partial<Pick<OrderRecord, 'status' | 'paymentStatus' | 'trackingNumber' | 'staffNote'>> & {
  statusNote?: string;
  refundAmount?: number;
  refundReason?: string;
  restock?: boolean;
};

function useOrderUpdate() {
  const record = useRecordContext<OrderRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const form = useFormContext();
  const [update, { isPending }] = useUpdate<OrderRecord>();
  const send = (data: OrderChange, onDone?: () => void) => {
    if (!record) return;
    // A move never loses what is typed beside it: the details go in the same request.
    const typed = form?.getValues() ?? {};
    const details: OrderChange = {};
    if (typeof typed.trackingNumber === 'string') details.trackingNumber = typed.trackingNumber;
    if (typeof typed.staffNote === 'string') details.staffNote = typed.staffNote;
    // The button pressed may go with the move (or its dialog closes): focus then goes to the order's heading.
    const from = opener();
    return update(
      'orders',
      // With the version loaded: a move from a page someone else changed since is refused, never applied over it.
      {
        id: record.id,
        data: { ...details, ...data, ...(record.version !== undefined ? { version: record.version } : {}) },
        previousData: record,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          notify('app.orders.updated', { type: 'success' });
          // The typed details are saved now: the form is clean again.
          form?.reset({
            ...form.getValues(),
            trackingNumber: saved?.trackingNumber ?? details.trackingNumber,
            staffNote: saved?.staffNote ?? details.staffNote,
          });
          onDone?.();
          refresh();
          keepFocusAfter(from);
        },
        onError: withStaleEdit((error: unknown) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' })),
      },
    );
  };
  return { send, isPending };
}

const IRREVERSIBLE = new Set<OrderStatus>(['cancelled', 'returned']);

export function StatusActions() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const form = useFormContext();
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const { send, isPending } = useOrderUpdate();
  if (!record) return null;
  const moves = allowedMoves(record);
  const close = () => setAsking(null);
  const move = (status: OrderStatus, extra: OrderChange = {}) =>
    send({ status, ...(note.trim() ? { statusNote: note.trim() } : {}), ...extra }, () => {
      setNote('');
      close();
    });
  const click = (s: OrderStatus) => {
    if (IRREVERSIBLE.has(s)) setAsking(s);
    else if (s === 'shipped') setAsking(s);
    else move(s);
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
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
                  variant={IRREVERSIBLE.has(s) ? 'outlined' : 'contained'}
                  color={IRREVERSIBLE.has(s) ? 'error' : 'primary'}
                  disabled={isPending}
                  onClick={() => click(s)}
                >
                  {translate(`app.orderStatus.${s}`)}
                </Button>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
      {asking === 'shipped' && (
        <ShipDialog
          open
          number={record.number}
          initial={String(form?.getValues('trackingNumber') ?? record.trackingNumber ?? '')}
          busy={isPending}
          onClose={close}
          onConfirm={(trackingNumber) => {
            form?.setValue('trackingNumber', trackingNumber, { shouldDirty: true });
            move('shipped', { trackingNumber });
          }}
        />
      )}
      {asking && IRREVERSIBLE.has(asking) && (
        <ReasonDialog
          open
          title={translate(asking === 'cancelled' ? 'app.orders.cancelTitle' : 'app.orders.returnTitle', { number: record.number })}
          help={translate(asking === 'cancelled' ? 'app.orders.cancelHelp' : 'app.orders.returnHelp')}
          confirmLabel={translate(asking === 'cancelled' ? 'app.orders.confirmCancel' : 'app.orders.confirmReturn')}
          busy={isPending}
          onClose={close}
          onConfirm={(reason) => move(asking, { statusNote: reason })}
        />
      )}
    </Card>
  );
}

/** The payment moves staff may make now: nothing is marked paid on a cancelled order. */
export function paymentMoves(record: Pick<OrderRecord, 'status' | 'paymentStatus'>): PaymentStatus[] {
  return (PAYMENT_TRANSITIONS[record.paymentStatus] ?? []).filter((p) => !(p === 'paid' && record.status === 'cancelled'));
}

function PaymentCard() {
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

/** Delete, after a confirmation with the reason (kept in the audit log). */
function DeleteOrderButton() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const remove = async (reason: string) => {
    setBusy(true);
    try {
      await httpClient(`${ADMIN_API}/orders/${record.id}?${new URLSearchParams({ reason })}`, { method: 'DELETE' });
      notify('app.orders.deleted', { type: 'success' });
      redirect('list', 'orders');
      // The order's page is gone: focus goes to the list's heading.
      keepFocusAfter(null);
    } catch (error) {
      notify(errorMessage(error, translate('app.orders.deleteFailed')), { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {translate('app.orders.delete')}
      </Button>
      {asking && (
        <ReasonDialog
          open
          title={translate('app.orders.deleteTitle', { number: record.number })}
          help={translate('app.orders.deleteHelp')}
          confirmLabel={translate('app.orders.confirmDelete')}
          busy={busy}
          onClose={() => setAsking(false)}
          onConfirm={remove}
        />
      )}
    </>
  );
}

function CustomerCard() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const c: Partial<ApiOrder['customer']> = record.customer ?? {};
  const s: Partial<ApiOrder['shipping']> = record.shipping ?? {};
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.customer')}
        </Typography>
        <Typography>{[c.firstName, c.lastName].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{c.email}</Typography>
        <Typography variant="body2">{c.phone}</Typography>
        {record.purchaseOrderNumber && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="purchase-order">
            {TRADE_ORDER_TEXT.purchaseOrderOnInvoice(record.purchaseOrderNumber)}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.delivery')}
        </Typography>
        <Typography>{s.method ? translate(`app.shippingMethod.${s.method}`, { _: s.method }) : ''}</Typography>
        {record.companyShopName && (
          <Typography variant="body2" data-testid="delivery-shop">
            {TRADE_ORDER_TEXT.deliveryToShop(record.companyShopName)}
          </Typography>
        )}
        <Typography variant="body2">{[s.postcode, s.city].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{s.address}</Typography>
      </Box>
    </Box>
  );
}

function ItemsTable() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  return (
    // A table wider than a phone scrolls here: reachable by keyboard, and named for it.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('app.orders.items')}>
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
    </Box>
  );
}

function Totals() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  const rows: [string, string, boolean?][] = [
    [f('subtotal'), money(record.subtotal, record.currency)],
    ...(record.discountTotal
      ? [
          [
            `${f('discountTotal')}${record.discountCode ? ` (${record.discountCode})` : ''}`,
            `−${money(record.discountTotal, record.currency)}`,
          ] as [string, string],
        ]
      : []),
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
        <Box
          component="li"
          key={i}
          sx={{
            position: 'relative',
            pl: 2,
            pb: 1.5,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: -6,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            },
          }}
        >
          <Typography variant="body2" fontWeight={600}>
            {e.toStatus
              ? e.fromStatus
                ? translate('app.orders.event.status', { from: label(e.fromStatus), to: label(e.toStatus) })
                : label(e.toStatus)
              : translate(`app.orders.event.${e.type}`, { _: e.type })}
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
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      {/* The order's name is the page's h1 (OrderTitle, drawn by the layout above the card). */}
      <StatusChip value={record.status} group="orderStatus" size="medium" />
      <Typography color="text.secondary">{dateTime(record.createdAt)}</Typography>
    </Box>
  );
}

function OrderForm() {
  const record = useRecordContext<OrderRecord & { placedBy?: { id: number; name: string } | null }>();
  const translate = useTranslate();
  if (!record) return null;
  const placedBy = record.placedBy;
  return (
    <Box sx={{ maxWidth: '80em', minWidth: 0, '& .MuiTypography-root': { overflowWrap: 'anywhere' } }}>
      <Card>
        <CardContent>
          <OrderHeader />
          {record.status === 'awaiting_approval' && (
            // A company's buyer ordered above their limit: the company's owner decides, not staff
            // (the server offers staff only the cancellation).
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.orders.awaitingApproval')}
              {placedBy && ` ${translate('app.orders.placedBy', { name: placedBy.name })}`}
            </Alert>
          )}
          {record.withdrawnAt && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('app.orders.withdrawn', { date: dateTime(record.withdrawnAt) })}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3 }}>
            <Box sx={{ minWidth: 0 }}>
              <CustomerCard />
              {record.note && (
                <Box sx={{ mt: 2 }}>
                  <Labeled label="resources.orders.fields.note">
                    <Typography variant="body2">{record.note}</Typography>
                  </Labeled>
                </Box>
              )}
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.orders.items')}
              </Typography>
              <ItemsTable />
              <Totals />
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.orders.history')}
              </Typography>
              <History />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {/* One form: a status move saves the tracking number and note typed here with it. */}
              <Form warnWhenUnsavedChanges>
                <Stack spacing={2}>
                  <StaleEditAlert />
                  <StatusActions />
                  <ShipmentButton />
                  <PackingSlipCard />
                  <Card variant="outlined">
                    <CardContent>
                      <TextInput source="trackingNumber" fullWidth />
                      <TextInput source="staffNote" fullWidth multiline minRows={3} />
                    </CardContent>
                    {/* Not react-admin's Toolbar: on a phone that one is fixed over the page. */}
                    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 2 }}>
                      <SaveButton label="app.orders.saveDetails" />
                    </Box>
                  </Card>
                  <PaymentCard />
                  <OrderInvoiceCard />
                  <DeleteOrderButton />
                </Stack>
              </Form>
            </Box>
          </Box>
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
      transform={withVersion((data: OrderRecord) => ({ trackingNumber: data.trackingNumber ?? null, staffNote: data.staffNote ?? null }))}
      mutationOptions={{
        onSuccess: () => notify('app.orders.updated', { type: 'success' }),
        onError: withStaleEdit((error: unknown) => notify(errorMessage(error, translate('app.orders.updateFailed')), { type: 'error' })),
      }}
      redirect={false}
    >
      <OrderForm />
    </Edit>
  );
}
