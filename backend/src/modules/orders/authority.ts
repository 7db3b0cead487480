// Who may act on an order: one policy for every route that shows an order to a shopper, withdraws
// it, hands out its documents (invoice, credit note) or reorders it (the shop's reorder starts from
// the order the shopper may see). An order belongs to whoever placed it, except a company's order:
// that one is the company's, so its current owners act on it and a member who has left the
// company does not, even for the orders they placed while a member; a buyer acts on the company's
// orders they placed, and only an owner decides on an order held for approval. A guest's order belongs to the
// browser that placed it (its session keeps the ids). Staff see every order; an admin held back by
// the two-factor rule is no staff (platform/http/auth isStaff) and gets only what a customer would.
import type { Context } from 'koa';
import type { QueryBuilder } from 'objection';
import type { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { isStaff } from '../../platform/http/auth';
import { notFound, unauthorized } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { sessionOrderIds } from './placedBy';

/** What a caller does with an order: see it (and reorder from it), withdraw or cancel it, or
 *  download its documents. */
export type OrderAction = 'see' | 'withdraw' | 'documents' | 'approve';

type Caller = Pick<User, 'id' | 'companyId' | 'companyRole'> | null | undefined;
type OrderOwners = Pick<Order, 'id' | 'userId' | 'companyId'>;

/** Whether the order is the caller's: a company's order for its current members, a customer's own
 *  order for them, a guest's order for the browser that placed it. */
export function orderBelongsTo(order: OrderOwners, user: Caller, guestOrderIds: readonly number[] = []): boolean {
  if (order.companyId)
    return !!user?.companyId && user.companyId === order.companyId && (user.companyRole !== 'buyer' || order.userId === user.id);
  if (order.userId) return !!user && order.userId === user.id;
  // A guest order stays this browser's after it signs in (the session keeps the ids).
  return guestOrderIds.includes(order.id);
}

/** Whether this caller may do `action` with the order. Staff may see any order; withdrawing is the
 *  buyer's (staff cancel from the admin), and the buyer's document downloads are the buyer's. */
export function mayActOnOrder(ctx: Context, order: OrderOwners, action: OrderAction): boolean {
  const user = ctx.state.user as Caller;
  if (action === 'approve') return !!order.companyId && user?.companyId === order.companyId && user.companyRole === 'owner';
  if (orderBelongsTo(order, user, sessionOrderIds(ctx))) return true;
  return action === 'see' && isStaff(ctx);
}

/** The refusal when the caller may not: 404 as if there were no such order (nobody learns which
 *  ids exist); a guest asking to withdraw a customer's order is asked to sign in (401). */
export function requireOrderAuthority<O extends OrderOwners>(ctx: Context, order: O | undefined, action: OrderAction): O {
  if (order && mayActOnOrder(ctx, order, action)) return order;
  if (order && action === 'withdraw' && !ctx.state.user && order.userId) throw unauthorized();
  throw notFound(API.orderNotFound);
}

/** Narrows a query of orders to those the signed-in user acts on (their order lists, the invoice
 *  details they last typed): their own personal orders and their current company's. */
export function ordersOf<Q extends QueryBuilder<any, any>>(query: Q, user: Pick<User, 'id' | 'companyId' | 'companyRole'>): Q {
  return query.where((q) => {
    q.where((own) => own.where('userId', user.id).whereNull('companyId'));
    if (user.companyId && user.companyRole === 'buyer')
      q.orWhere((placed) => placed.where('companyId', user.companyId!).where('userId', user.id));
    else if (user.companyId) q.orWhere('companyId', user.companyId);
  }) as Q;
}
