// The shopper's orders: checkout (POST /orders/create), their own list, one order, and the
// EU right of withdrawal. Guests see the orders this browser placed (kept in the session).
import Router from '@koa/router';
import type { Context } from 'koa';
import { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { checkoutInput, officeCheckoutInput } from '../../../../domain/schemas/checkout';
import { withdrawalInput } from '../../../../domain/schemas/orders';
import { notFound, unauthorized } from '../../platform/http/errors';
import { currentUser, requireUser } from '../auth/middleware';
import { API } from '../../../../domain/messages';
import { formatDateTime } from '../../../../domain/dates';
import { CheckoutInput, placeOrder } from '../checkout/service';
import { actorOf, findOrder, orderView, withDetails, withdrawOrder } from './service';
import { mailCustomer, orderConfirmationMail, withdrawalMail } from './mail';
import { notifyStaff } from '../staff/notifications';
import { orderMailAllowed } from '../checkout/mailCaps';
import type { ShopSession } from '../../platform/http/session';
import { checkInvoiceRequest } from '../invoices/settings';
import { recordInvoiceRequest } from '../invoices/service';
import type { InvoiceRequest } from '../../../../domain/invoices';
import { namesOffice } from '../couriers/checkout';

function session(ctx: Context): ShopSession {
  return ctx.session as unknown as ShopSession;
}

/** The customer who placed it, or the guest browser that did (its session keeps the ids). */
export function placedBy(ctx: Context, order: Order): boolean {
  const user = ctx.state.user as User | null;
  if (user && order.userId === user.id) return true;
  // A guest order stays this browser's after it signs in (the session keeps the ids).
  return !order.userId && (session(ctx).orderIds ?? []).includes(order.id);
}

/** The order, if this caller may see it: whoever placed it, or staff; anyone else gets 404. */
async function visibleOrder(ctx: Context, id: number): Promise<Order> {
  const order = await findOrder(id);
  if (placedBy(ctx, order) || (ctx.state.user as User | null)?.role === 'admin') return order;
  throw notFound(API.orderNotFound);
}

/** Only whoever placed it may withdraw; staff cancel from the admin. A guest asking about a
 *  customer's order is asked to sign in. */
async function ownOrder(ctx: Context, id: number): Promise<Order> {
  const order = await Order.query().findById(id);
  if (!order) throw notFound(API.orderNotFound);
  if (placedBy(ctx, order)) return order;
  if (!ctx.state.user && order.userId) throw unauthorized();
  throw notFound(API.orderNotFound);
}

export function ordersRoutes() {
  const router = new Router();

  router.post('/orders/create', async (ctx) => {
    const input = parseBody<CheckoutInput & { invoice?: InvoiceRequest | null }>(ctx.request.body, namesOffice(ctx.request.body) ? officeCheckoutInput : checkoutInput);
    if (input.discountCode === null || input.discountCode === '') delete input.discountCode;
    const invoiceRequest = checkInvoiceRequest(input.invoice);
    const user = ctx.state.user as User | null;
    const placed = await Order.transaction(async (trx) => {
      const order = await placeOrder(input, user, trx);
      await recordInvoiceRequest(order.id, invoiceRequest, trx);
      return order;
    });
    if (!user) session(ctx).orderIds = [...(session(ctx).orderIds ?? []).slice(-49), placed.id];
    const order = orderView(placed);
    // Decided before answering (one counter write); the mail itself goes out after.
    if (await orderMailAllowed(order.customer.email, user)) void mailCustomer(ctx.config, order, orderConfirmationMail);
    ctx.status = 201;
    ctx.body = { message: API.orderCreated, order };
  });

  // The signed-in shopper's own orders, newest first.
  router.get('/orders', requireUser, async (ctx) => {
    const rows = await Order.query().where({ userId: currentUser(ctx).id }).orderBy('createdAt', 'desc').orderBy('id', 'desc');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { orders: (await withDetails(rows)).map((o) => orderView(o)) };
  });

  router.get('/orders/:id', async (ctx) => {
    const order = await visibleOrder(ctx, parseId(ctx.params.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { order: orderView(order) };
  });

  router.post('/orders/:id/withdraw', async (ctx) => {
    const id = parseId(ctx.params.id);
    const { reason } = parseBody<{ reason?: string }>(ctx.request.body ?? {}, withdrawalInput);
    const own = await ownOrder(ctx, id);
    const actor = actorOf(ctx.state.user, `${own.customerFirstName} ${own.customerLastName}`.trim());
    const { order: changed, kind } = await Order.transaction(async (trx) => {
      const result = await withdrawOrder(id, actor, reason ?? '', trx);
      await notifyStaff({
        type: 'withdrawal',
        message: withdrawalNotice(result.kind, result.order.number, `${own.customerFirstName} ${own.customerLastName}`),
        link: `/admin/orders/${id}`,
      }, trx);
      return result;
    });
    const order = orderView(await findOrder(changed.id));
    const at = changed.withdrawnAt!;
    const text = kind === 'cancellation' ? API.cancellationAcknowledgement(order.number, formatDateTime(at)) : API.withdrawalAcknowledgement(order.number, formatDateTime(at));
    void mailCustomer(ctx.config, order, withdrawalMail(kind, at));
    ctx.body = {
      message: kind === 'cancellation' ? API.cancellationAccepted : API.withdrawalAccepted,
      acknowledgement: { kind, orderNumber: order.number, receivedAt: at, receivedAtText: formatDateTime(at), text },
      order,
    };
  });

  return router;
}

function withdrawalNotice(k: 'cancellation' | 'withdrawal', number: string, who: string): string {
  return k === 'cancellation' ? `Клиентът ${who} отказа поръчка ${number} преди изпращане` : `Отказ от договора за поръчка ${number} (${who}) — очаквайте връщане`;
}
