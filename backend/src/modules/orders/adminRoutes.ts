// Orders for the staff: the spec's list (?page&limit&searchTerm&statusFilter&sortBy ->
// { data: { orders, total } }), react-admin's dialect on the same path, one order with its
// items, events and payment, changes through the state machine, and delete with an audit record.
import Router from '@koa/router';
import type { Context } from 'koa';
import { Order } from '../../models/Order';
import { AuditLog } from '../../models/AuditLog';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { orderChangeInput, orderDeletionQuery, orderListQuery, ORDER_SORTS } from '../../../../domain/schemas/orders';
import { phoneOrderInput } from '../../../../domain/schemas/checkout';
import { currentUser } from '../auth/middleware';
import { filterBy, isRaDialect, parseRaParams, raPage, sendRaList, whereContains, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { cachedCount } from '../../platform/cache/countCache';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from '../../../../domain/limits';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPPING_METHODS, OrderStatus, PaymentStatus } from '../../../../domain/orderStatus';
import { toMinor } from '../../../../domain/money';
import { actorOf, changeStatus, deleteOrder, findOrder, orderView, restock, withDetails } from './service';
import { OrderEvent } from '../../models/OrderEvent';
import { setOrderPaymentStatus } from '../payments/service';
import { mailCustomer, statusChangedMail } from './mail';
import { CheckoutInput, checkout } from '../checkout/service';
import { User } from '../../models/User';
import { badRequest } from '../../platform/http/errors';

const raSpec: RaListSpec = {
  idColumn: 'orders.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'orders.id', number: 'orders.id', createdAt: 'createdAt', updatedAt: 'updatedAt', total: 'total', status: 'status',
    paymentStatus: 'paymentStatus', paymentMethod: 'paymentMethod', customerLastName: 'customerLastName', customerEmail: 'customerEmail',
  },
  filters: {
    q: filterBy.search('searchText'),
    status: filterBy.equals('status', ORDER_STATUSES),
    paymentStatus: filterBy.equals('paymentStatus', PAYMENT_STATUSES),
    paymentMethod: filterBy.equals('paymentMethod', PAYMENT_METHODS),
    shippingMethod: filterBy.equals('shippingMethod', SHIPPING_METHODS),
    userId: filterBy.id('userId'),
    customerEmail: filterBy.equals('customerEmail'),
    createdAt_gte: filterBy.date('createdAt', '>='),
    createdAt_lte: filterBy.date('createdAt', '<='),
    total_gte: filterBy.compare('total', '>=', toMinor),
    total_lte: filterBy.compare('total', '<=', toMinor),
    withdrawn: (qb, value) => (value === true || value === 'true' ? qb.whereNotNull('withdrawnAt') : qb.whereNull('withdrawnAt')),
  },
};

async function specList(ctx: Context) {
  const q = parseQuery<{ page?: number; limit?: number; searchTerm?: string; statusFilter?: string; sortBy?: (typeof ORDER_SORTS)[number] }>(ctx.query, orderListQuery);
  const page = q.page ?? PAGE_DEFAULT;
  const limit = q.limit ?? PAGE_SIZE_DEFAULT;
  const query = Order.query();
  if (q.searchTerm) whereContains(query, 'searchText', q.searchTerm.trim().toLocaleLowerCase('bg'));
  if (q.statusFilter && q.statusFilter !== 'all') query.where('status', q.statusFilter);
  const sort = q.sortBy ?? 'date';
  const ordered = query.clone();
  if (sort === 'date') ordered.orderBy('createdAt', 'desc');
  else if (sort === '-date') ordered.orderBy('createdAt', 'asc');
  else if (sort === 'total') ordered.orderBy('total', 'desc');
  else if (sort === '-total') ordered.orderBy('total', 'asc');
  else if (sort === 'status') ordered.orderBy('status', 'asc');
  const [rows, total] = await Promise.all([ordered.orderBy('id', 'desc').offset((page - 1) * limit).limit(limit), cachedCount(query)]);
  ctx.body = { data: { orders: (await withDetails(rows)).map((o) => orderView(o, { staff: true })), total, page, limit } };
}

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  const { rows, total } = await raPage(Order.query(), params, raSpec);
  sendRaList(ctx, 'orders', (await withDetails(rows)).map((o) => orderView(o, { staff: true })), params.start, total);
}

/** Apply a staff edit in one transaction; the customer hears of a status change by e-mail. */
async function updateOrder(ctx: Context, id: number) {
  const input = parseBody<{
    status?: OrderStatus; paymentStatus?: PaymentStatus; trackingNumber?: string; staffNote?: string; statusNote?: string;
    refundAmount?: number; refundReason?: string; restock?: boolean;
  }>(
    ctx.request.body, orderChangeInput, { partial: true },
  );
  const actor = actorOf(currentUser(ctx));
  const before = await findOrder(id);
  await Order.transaction(async (trx) => {
    const patch: Partial<Order> = {};
    if (input.trackingNumber !== undefined) patch.trackingNumber = input.trackingNumber;
    if (input.staffNote !== undefined) patch.staffNote = input.staffNote;
    if (Object.keys(patch).length) await Order.query(trx).patch(patch).findById(id);
    if (input.status) await changeStatus(id, input.status, actor, trx, input.statusNote ?? '');
    if (input.paymentStatus) await setOrderPaymentStatus(id, input.paymentStatus, actor, trx, { amount: input.refundAmount, reason: input.refundReason });
    if (input.restock && input.paymentStatus === 'refunded' && (await restock(id, trx))) {
      await OrderEvent.query(trx).insert({ orderId: id, type: 'note', note: API.stockBack, actorUserId: actor.userId, actorLabel: actor.label } as Partial<OrderEvent>);
    }
  });
  const order = orderView(await findOrder(id), { staff: true });
  if (order.status !== before.status) void mailCustomer(ctx.config, order, statusChangedMail);
  return order;
}

async function removeOrder(ctx: Context, id: number) {
  const user = currentUser(ctx);
  // The admin asks why; the spec's plain DELETE (no reason) is still accepted.
  const { reason } = parseQuery<{ reason?: string }>(ctx.query, orderDeletionQuery);
  const order = await Order.transaction(async (trx) => {
    const deleted = await deleteOrder(id, trx);
    // The whole order goes to the audit log: a deletion must never lose what was sold.
    await AuditLog.query(trx).insert({
      userId: user.id, actorEmail: user.email, action: 'delete', entity: 'order', entityId: String(id),
      before: orderView(deleted, { staff: true }), after: reason ? { reason } : null, ip: ctx.ip.slice(0, 64),
    } as Partial<AuditLog>);
    return deleted;
  });
  ctx.state.audited = true;
  return orderView(order, { staff: true });
}

/**
 * An order taken by phone: the checkout's own transaction (server prices, guarded stock, discount),
 * linked to the customer's account when the e-mail belongs to one, with who took it in the history.
 */
async function createPhoneOrder(ctx: Context) {
  const { staffNote, ...input } = parseBody<CheckoutInput & { staffNote?: string }>(ctx.request.body, phoneOrderInput);
  if (!input.discountCode) delete input.discountCode;
  if (!input.items?.length) throw badRequest(API.cartEmpty, { items: API.cartEmpty });
  const account = await User.query().findOne({ email: input.customer.email });
  const placed = await checkout(ctx.config, input, { user: account ?? null, takenBy: { staff: actorOf(currentUser(ctx)), staffNote } });
  const order = orderView(await findOrder(placed.id), { staff: true });
  ctx.status = 201;
  ctx.body = { ...order, message: API.orderCreated };
}

export function adminOrdersRoutes() {
  const router = new Router({ prefix: '/admin/orders' });

  router.get('/', async (ctx) => (isRaDialect(ctx.query) ? raList(ctx) : specList(ctx)));

  // How many orders are in each status: the tabs of the order list.
  router.get('/counts', async (ctx) => {
    const rows = (await Order.query().select('status').count({ n: '*' }).groupBy('status')) as unknown as Array<{ status: OrderStatus; n: number | string }>;
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) counts[r.status] = Number(r.n);
    ctx.body = { counts };
  });

  // react-admin's create, and the spec's style of path (POST /admin/<resource>/create).
  router.post('/', createPhoneOrder);
  router.post('/create', createPhoneOrder);

  router.get('/:id', async (ctx) => {
    ctx.body = orderView(await findOrder(parseId(ctx.params.id)), { staff: true });
  });

  // One answer serves both dialects: react-admin reads the record, the spec's client the message.
  router.put('/:id', async (ctx) => {
    const order = await updateOrder(ctx, parseId(ctx.params.id));
    ctx.body = { ...order, message: API.orderUpdated };
  });

  router.delete('/:id', async (ctx) => {
    const order = await removeOrder(ctx, parseId(ctx.params.id));
    ctx.body = { ...order, message: API.orderDeleted };
  });

  return router;
}
