// The shopper's orders: their own list, one order, and the EU right of withdrawal (placing one is
// the checkout's: POST /orders/create). Guests see the orders this browser placed (kept in the
// session).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { withdrawalInput } from '@domain/schemas/orders';
import { notFound, unauthorized } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { formatDateTime } from '@domain/dates';
import { findOrder, orderById, ordersOfCustomer, orderView, withdrawByShopper } from './service';
import { actorOf } from './actor';
import { placedBy, readableBy } from './placedBy';
import { currentUser, requireUser } from './requests';

/** The order, if this caller may see it: whoever placed it (for a company's order, any member of
 *  the company), or staff; anyone else gets 404. */
async function visibleOrder(ctx: Context, id: number): Promise<Order> {
  const order = await findOrder(id);
  if (readableBy(ctx, order) || (ctx.state.user as User | null)?.role === 'admin') return order;
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

  // The signed-in shopper's own orders, newest first.
  router.get('/orders', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const user = currentUser(ctx);
    ctx.body = { orders: await ordersOfCustomer(user.id, user.companyId ?? null) };
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
    const { order: withdrawn, kind } = await withdrawByShopper(id, actor, reason ?? '');
    const order = orderView(withdrawn);
    const at = withdrawn.withdrawnAt!;
    const text =
      kind === 'cancellation'
        ? API.cancellationAcknowledgement(order.number, formatDateTime(at))
        : API.withdrawalAcknowledgement(order.number, formatDateTime(at));
    ctx.body = {
      message: kind === 'cancellation' ? API.cancellationAccepted : API.withdrawalAccepted,
      acknowledgement: { kind, orderNumber: order.number, receivedAt: at, receivedAtText: formatDateTime(at), text },
      order,
    };
  });

  return router;
}
