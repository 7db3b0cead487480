// The shopper's orders: checkout (POST /orders/create), their own list, one order, and the
// EU right of withdrawal. Guests see the orders this browser placed (kept in the session).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { checkoutInput, officeCheckoutInput } from '../../../../domain/schemas/checkout';
import { withdrawalInput } from '../../../../domain/schemas/orders';
import { notFound, unauthorized } from '../../platform/http/errors';
import { currentUser, requireUser } from '../auth';
import { API } from '../../../../domain/messages';
import { formatDateTime } from '../../../../domain/dates';
import { CheckoutInput, checkout } from '../checkout';
import { actorOf, findOrder, orderById, ordersOfCustomer, orderView, withdrawByShopper } from './service';
import type { ShopSession } from '../../platform/http/session';
import { checkInvoiceRequest } from '../invoices';
import type { InvoiceRequest } from '../../../../domain/invoices';
import { namesOffice } from '../couriers';
import { codeCheckOf } from '../discounts';

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
  const order = await orderById(id);
  if (!order) throw notFound(API.orderNotFound);
  if (placedBy(ctx, order)) return order;
  if (!ctx.state.user && order.userId) throw unauthorized();
  throw notFound(API.orderNotFound);
}

export function ordersRoutes() {
  const router = new Router();

  router.post('/orders/create', async (ctx) => {
    const input = parseBody(ctx.request.body, namesOffice(ctx.request.body) ? officeCheckoutInput : checkoutInput);
    if (input.discountCode === null || input.discountCode === '') delete input.discountCode;
    const user = ctx.state.user as User | null;
    // A code on the order is a code check like any other: counted before it is looked up.
    const codeCheck = await codeCheckOf(ctx, user, input.discountCode);
    const guest = user ? undefined : { ip: ctx.ip, proof: input.altcha };
    const placed = await checkout(ctx.config, input as CheckoutInput, { user, invoice: checkInvoiceRequest(input.invoice as InvoiceRequest | null | undefined), codeCheck, guest });
    if (!user) session(ctx).orderIds = [...(session(ctx).orderIds ?? []).slice(-49), placed.id];
    ctx.status = 201;
    ctx.body = { message: API.orderCreated, order: orderView(placed) };
  });

  // The signed-in shopper's own orders, newest first.
  router.get('/orders', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { orders: await ordersOfCustomer(currentUser(ctx).id) };
  });

  router.get('/orders/:id', async (ctx) => {
    const order = await visibleOrder(ctx, parseId(ctx.params.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { order: orderView(order) };
  });

  router.post('/orders/:id/withdraw', async (ctx) => {
    const id = parseId(ctx.params.id);
    const { reason } = parseBody(ctx.request.body ?? {}, withdrawalInput);
    const own = await ownOrder(ctx, id);
    const actor = actorOf(ctx.state.user, `${own.customerFirstName} ${own.customerLastName}`.trim());
    const { order: withdrawn, kind } = await withdrawByShopper(ctx.config, id, actor, reason ?? '');
    const order = orderView(withdrawn);
    const at = withdrawn.withdrawnAt!;
    const text = kind === 'cancellation' ? API.cancellationAcknowledgement(order.number, formatDateTime(at)) : API.withdrawalAcknowledgement(order.number, formatDateTime(at));
    ctx.body = {
      message: kind === 'cancellation' ? API.cancellationAccepted : API.withdrawalAccepted,
      acknowledgement: { kind, orderNumber: order.number, receivedAt: at, receivedAtText: formatDateTime(at), text },
      order,
    };
  });

  return router;
}
