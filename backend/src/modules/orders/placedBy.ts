// The guest orders a browser placed: their ids, kept in its session (orders/authority reads them).
import type { Context } from 'koa';
import type { ShopSession } from '../../platform/http/session';

/** The ids of the guest orders this browser placed (kept in its session). */
export function sessionOrderIds(ctx: Context): number[] {
  return (ctx.session as unknown as ShopSession | null)?.orderIds ?? [];
}

/** The guest orders a session remembers once it has placed `orderId` (the last 50). */
export function guestOrdersWith(session: ShopSession, orderId: number): number[] {
  return [...(session.orderIds ?? []).slice(-49), orderId];
}

/** Remember a guest's new order in this browser's session. */
export function rememberGuestOrder(ctx: Context, orderId: number): void {
  const session = ctx.session as unknown as ShopSession;
  session.orderIds = guestOrdersWith(session, orderId);
}
