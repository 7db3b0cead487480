// Orders as the API shows them, and the moves of the order state machine (domain/orderStatus):
// status changes with their history event, stock put back on cancel and return.
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { OrderEvent } from '../../models/OrderEvent';
import { Payment } from '../../models/Payment';
import { Variant } from '../../models/Variant';
import type { User } from '../../models/User';
import type { Config } from '../../config';
import { notifyStaff } from '../staff';
import { mailCustomer, withdrawalMail } from './mail';
import { conflict, notFound } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { fromMinor } from '../../../../domain/money';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, OrderStatus, canTransition, restoresStock, CANCELLABLE_BY_SHOPPER, WITHDRAWABLE, WITHDRAWAL_DAYS } from '../../../../domain/orderStatus';
import { DAY_MS } from '../../../../domain/dates';
import { orderOffice, orderTrackingUrl } from '../couriers';
import type { ApiOrder, ApiOrderEvent, ApiOrderItem, ApiPayment } from '../../../../domain/api';
import { concurrently } from '../../platform/db/concurrently';

export interface Actor {
  userId: number | null;
  label: string;
}

export function actorOf(user: User | null | undefined, fallback = 'Гост'): Actor {
  return user ? { userId: user.id, label: user.email } : { userId: null, label: fallback };
}

/** What orderView answers: the one order shape of domain/api.ts. */
export type OrderView = ApiOrder;

/** An amount stored in minor units, as the API sends it. */
function amount(minor: number): number {
  return fromMinor(minor) ?? 0;
}

/** The API shape of an order (DESIGN.md §5). Staff also see userId and the staff note. */
export function orderView(o: Order, opts: { staff?: boolean } = {}): OrderView {
  const view: OrderView = {
    id: o.id,
    number: o.number,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    allowedTransitions: ORDER_TRANSITIONS[o.status],
    paymentStatus: o.paymentStatus,
    paymentMethod: o.paymentMethod,
    customer: { firstName: o.customerFirstName, lastName: o.customerLastName, email: o.customerEmail, phone: o.customerPhone },
    shipping: { method: o.shippingMethod, city: o.shippingCity, postcode: o.shippingPostcode, address: o.shippingAddress, office: orderOffice(o) },
    items: (o.items ?? []).map((i) => i.toJSON() as unknown as ApiOrderItem),
    itemCount: (o.items ?? []).reduce((n, i) => n + i.quantity, 0),
    subtotal: amount(o.subtotal),
    discountCode: o.discountCode,
    discountTotal: amount(o.discountTotal),
    shippingTotal: amount(o.shippingTotal),
    total: amount(o.total),
    currency: o.currency,
    note: o.note,
    trackingNumber: o.trackingNumber,
    trackingUrl: orderTrackingUrl(o),
    events: (o.events ?? []).map((e) => e.toJSON() as unknown as ApiOrderEvent),
    payments: o.payment ? [o.payment.toJSON() as unknown as ApiPayment] : [],
    deliveredAt: o.deliveredAt,
    withdrawnAt: o.withdrawnAt,
    stockRestored: Boolean(o.stockRestoredAt),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
  if (opts.staff) {
    view.userId = o.userId;
    view.staffNote = o.staffNote;
  }
  return view;
}

/** A customer's own orders with their details, newest first. */
export async function ordersOfCustomer(userId: number): Promise<ApiOrder[]> {
  const rows = await Order.query().where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  return (await withDetails(rows)).map((o) => orderView(o));
}

/** The order by id, if there is one (no details). */
export function orderById(id: number): Promise<Order | undefined> {
  return Order.query().findById(id) as unknown as Promise<Order | undefined>;
}

/** Load orders with items, events and payment in a constant number of queries. */
export async function withDetails(orders: Order[], trx?: Transaction): Promise<Order[]> {
  if (!orders.length) return orders;
  const ids = orders.map((o) => o.id);
  const [items, events, payments] = await concurrently(trx, [
    () => OrderItem.query(trx).whereIn('orderId', ids).orderBy('id'),
    () => OrderEvent.query(trx).whereIn('orderId', ids).orderBy(['createdAt', 'id']),
    () => Payment.query(trx).whereIn('orderId', ids),
  ] as const);
  for (const o of orders) {
    o.items = items.filter((i) => i.orderId === o.id);
    o.events = events.filter((e) => e.orderId === o.id);
    o.payment = payments.find((p) => p.orderId === o.id);
  }
  return orders;
}

export async function findOrder(id: number, trx?: Transaction): Promise<Order> {
  const order = await Order.query(trx).findById(id);
  if (!order) throw notFound(API.orderNotFound);
  return (await withDetails([order], trx))[0];
}

/**
 * Put the stock of an order's items back (cancel, return, refund with restock, delete before
 * shipping). Once per order: the guarded mark makes a second call (a return after a refund that
 * restocked) a no-op. Answers whether the stock went back now.
 */
export async function restock(orderId: number, trx: Transaction): Promise<boolean> {
  const marked = await Order.query(trx).patch({ stockRestoredAt: new Date().toISOString() } as Partial<Order>).where({ id: orderId }).whereNull('stockRestoredAt');
  if (!marked) return false;
  const items = await OrderItem.query(trx).where({ orderId }).whereNotNull('variantId');
  for (const item of items) {
    await Variant.query(trx).where('id', item.variantId!).increment('stock', item.quantity);
  }
  return true;
}

/**
 * Move an order to another status, or refuse (409) when the state machine does not allow it.
 * Writes the history event; puts stock back when the move is a cancellation or a return.
 * The status is changed with a guarded update, so two staff members cannot both move it.
 */
export async function changeStatus(orderId: number, to: OrderStatus, actor: Actor, trx: Transaction, note = ''): Promise<Order> {
  const order = await Order.query(trx).findById(orderId);
  if (!order) throw notFound(API.orderNotFound);
  const from = order.status;
  if (from === to) return order;
  if (!canTransition(from, to)) throw conflict(API.transitionRefused(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]), { status: API.transitionRefused(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]) });
  const patch: Partial<Order> = { status: to };
  if (to === 'delivered') patch.deliveredAt = new Date().toISOString();
  const moved = await Order.query(trx).patch(patch).where({ id: orderId, status: from });
  if (!moved) throw conflict(API.conflict);
  if (restoresStock(to)) await restock(orderId, trx);
  await OrderEvent.query(trx).insert({ orderId, type: 'status', fromStatus: from, toStatus: to, note, actorUserId: actor.userId, actorLabel: actor.label } as Partial<OrderEvent>);
  return (await Order.query(trx).findById(orderId))!;
}

/** The shopper's own way out: cancel before shipping, withdraw (EU, 14 days) after it. */
export async function withdrawOrder(orderId: number, actor: Actor, reason: string, trx: Transaction): Promise<{ order: Order; kind: 'cancellation' | 'withdrawal' }> {
  const order = await Order.query(trx).findById(orderId);
  if (!order) throw notFound(API.orderNotFound);
  if (order.withdrawnAt) throw conflict(API.alreadyWithdrawn, { order: API.alreadyWithdrawn });
  const now = new Date();
  if (CANCELLABLE_BY_SHOPPER.includes(order.status)) {
    await changeStatus(orderId, 'cancelled', actor, trx, reason || 'Отказ от клиента преди изпращане');
    await Order.query(trx).patch({ withdrawnAt: now.toISOString() } as Partial<Order>).findById(orderId);
    return { order: (await Order.query(trx).findById(orderId))!, kind: 'cancellation' };
  }
  if (!WITHDRAWABLE.includes(order.status)) throw conflict(API.withdrawalNotPossible, { order: API.withdrawalNotPossible });
  if (order.status === 'delivered' && order.deliveredAt && now.getTime() - Date.parse(order.deliveredAt) > WITHDRAWAL_DAYS * DAY_MS) {
    throw conflict(API.withdrawalWindowClosed, { order: API.withdrawalWindowClosed });
  }
  // Guarded: two clicks record one withdrawal.
  const patched = await Order.query(trx).patch({ withdrawnAt: now.toISOString() } as Partial<Order>).where({ id: orderId }).whereNull('withdrawnAt');
  if (!patched) throw conflict(API.alreadyWithdrawn, { order: API.alreadyWithdrawn });
  await OrderEvent.query(trx).insert({ orderId, type: 'withdrawal', fromStatus: order.status, toStatus: order.status, note: reason, actorUserId: actor.userId, actorLabel: actor.label } as Partial<OrderEvent>);
  return { order: (await Order.query(trx).findById(orderId))!, kind: 'withdrawal' };
}

/**
 * The shopper's right of withdrawal (or cancellation before shipping) as a whole: the change and
 * the staff notice in one transaction; after the commit, the acknowledgement e-mail.
 */
export async function withdrawByShopper(config: Config, orderId: number, actor: Actor, reason: string): Promise<{ order: Order; kind: 'cancellation' | 'withdrawal' }> {
  const result = await Order.transaction(async (trx) => {
    const done = await withdrawOrder(orderId, actor, reason, trx);
    const who = `${done.order.customerFirstName} ${done.order.customerLastName}`;
    await notifyStaff({ type: 'withdrawal', message: withdrawalNotice(done.kind, done.order.number, who), link: `/admin/orders/${orderId}` }, trx);
    return done;
  });
  const order = await findOrder(orderId);
  void mailCustomer(config, orderView(order), withdrawalMail(result.kind, result.order.withdrawnAt!), 'shopper');
  return { order, kind: result.kind };
}

function withdrawalNotice(k: 'cancellation' | 'withdrawal', number: string, who: string): string {
  return k === 'cancellation' ? `Клиентът ${who} отказа поръчка ${number} преди изпращане` : `Отказ от договора за поръчка ${number} (${who}) — очаквайте връщане`;
}

/** Delete an order (staff): stock goes back when it was still taken and not shipped. */
export async function deleteOrder(orderId: number, trx: Transaction): Promise<Order> {
  const order = await findOrder(orderId, trx);
  if (CANCELLABLE_BY_SHOPPER.includes(order.status)) await restock(orderId, trx);
  await Order.query(trx).deleteById(orderId);
  return order;
}
