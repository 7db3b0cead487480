// Whose order it is: the customer who placed it, or the guest browser that did (its session keeps
// the ids). Used by the shopper's order pages and by the buyer's invoice downloads.
import type { Context } from 'koa';
import type { Order } from '../../models/Order';
import type { User } from '../../models/User';
import type { ShopSession } from '../../platform/http/session';

/** The ids of the guest orders this browser placed (kept in its session). */
export function sessionOrderIds(ctx: Context): number[] {
  return (ctx.session as unknown as ShopSession | null)?.orderIds ?? [];
}

/** Remember a guest's new order in this browser's session (the last 50). */
export function rememberGuestOrder(ctx: Context, orderId: number): void {
  const session = ctx.session as unknown as ShopSession;
  session.orderIds = [...(session.orderIds ?? []).slice(-49), orderId];
}

/** The customer who placed it, or the guest browser that did (its session keeps the ids). */
export function placedBy(ctx: Context, order: Order): boolean {
  const user = ctx.state.user as User | null;
  if (user && order.userId === user.id) return true;
  // A guest order stays this browser's after it signs in (the session keeps the ids).
  return !order.userId && sessionOrderIds(ctx).includes(order.id);
}

/** Who may read an order and its invoice: whoever placed it, and for a company's order every member
 *  of that company (issue 27: members see all of their company's orders and invoices). */
export function readableBy(ctx: Context, order: Order): boolean {
  if (placedBy(ctx, order)) return true;
  const user = ctx.state.user as User | null;
  return !!user?.companyId && !!order.companyId && user.companyId === order.companyId;
}
