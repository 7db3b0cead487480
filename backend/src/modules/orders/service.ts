// Orders as the API shows them, the shopper's withdrawal as a whole, and a staff deletion. Every
// change of status or payment goes through orders/transitions.
import { tookStock } from '@domain/companyMembers';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { OrderEvent } from '../../models/OrderEvent';
import { Payment } from '../../models/Payment';
import { notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { fromMinor } from '@domain/money';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, CANCELLABLE_BY_SHOPPER, allowedPaymentMoves } from '@domain/orderStatus';
import { orderOffice, orderTrackingUrl } from '../couriers';
import type { ApiOrder, ApiOrderEvent, ApiOrderItem, ApiPayment } from '@domain/api';
import { concurrently } from '../../platform/db/concurrently';
import type { Actor } from './actor';
import { restock, withdrawOrder } from './transitions';
import { isOverdue } from './receivables';
import { invoiceAccounts } from '../accounts';
import { PAYMENT_CURRENCY, paymentStateOf, type PaymentState } from '@domain/paymentAllocation';
import { netDocumentTotals } from '@domain/pricing';
import type { User } from '../../models/User';
import { ordersOf } from './authority';

/** What orderView answers: the one order shape of domain/api.ts. */
export type OrderView = ApiOrder;

/** An amount stored in minor units, as the API sends it. */
function amount(minor: number): number {
  return fromMinor(minor) ?? 0;
}

/** The API shape of an order. Staff also see userId and the staff note. */
export function orderView(o: Order, opts: { staff?: boolean } = {}): OrderView {
  const view: OrderView = {
    id: o.id,
    number: o.number,
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    allowedTransitions: ORDER_TRANSITIONS[o.status],
    paymentStatus: o.paymentStatus,
    allowedPaymentMoves: allowedPaymentMoves(o.status, o.paymentStatus),
    paymentMethod: o.paymentMethod,
    customer: { firstName: o.customerFirstName, lastName: o.customerLastName, email: o.customerEmail, phone: o.customerPhone },
    shipping: {
      method: o.shippingMethod,
      city: o.shippingCity,
      postcode: o.shippingPostcode,
      address: o.shippingAddress,
      office: orderOffice(o),
    },
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
    version: o.version,
  };
  if (o.companyId || o.pricesInclude === 'net') {
    Object.assign(view, tradeFields(o));
    view.shipping.companyShopId = o.companyShopId ?? null;
  }
  if (opts.staff) {
    view.userId = o.userId;
    view.staffNote = o.staffNote;
  }
  return view;
}

/**
 * An invoiced order's answer with what has been paid of its invoices and what is left (the
 * accounts' figures): `paid`, `outstanding` (decimals) and `paymentState`. An order without an
 * invoice answers as it is.
 */
export async function withPaymentFigures<T extends { id: number }>(view: T): Promise<T & Partial<OrderPaymentFigures>> {
  const accounts = await invoiceAccounts({ orderIds: [view.id] });
  if (!accounts.length) return view;
  const sum = (f: (a: (typeof accounts)[number]) => number) => accounts.reduce((s, a) => s + f(a), 0);
  return {
    ...view,
    paid: amount(sum((a) => a.paid)),
    outstanding: amount(sum((a) => a.outstanding)),
    paymentState: paymentStateOf(
      sum((a) => a.due),
      sum((a) => a.paid),
    ),
    paymentCurrency: PAYMENT_CURRENCY,
  };
}

interface OrderPaymentFigures {
  /** The currency of `paid` and `outstanding`: the payments' (euro). */
  paymentCurrency: string;
  paid: number;
  outstanding: number;
  paymentState: PaymentState;
}

/**
 * A trade order's own fields (a consumer's order answers exactly as before): the company, whether
 * the items' prices are net, the due date and whether it is overdue, the buyer's purchase-order
 * number, the company's shop it goes to, and for a net order its goods' net and the VAT by the one
 * net-document rule (domain/pricing netDocumentTotals), so that subtotalNet + VAT (+ shipping's net)
 * adds up to the total.
 */
function tradeFields(o: Order) {
  const fields: Partial<ApiOrder> & Record<string, unknown> = {
    companyId: o.companyId,
    pricesInclude: o.pricesInclude,
    paymentDueAt: o.paymentDueAt,
    overdue: isOverdue(o),
    purchaseOrderNumber: o.purchaseOrderNumber ?? null,
    companyShopId: o.companyShopId ?? null,
    companyShopName: o.companyShopName ?? null,
    quoteRequestId: o.quoteRequestId ?? null,
    // Which member placed it: the company's orders are seen by all its owners.
    placedBy: o.userId ? { id: o.userId, name: `${o.customerFirstName ?? ''} ${o.customerLastName ?? ''}`.trim() } : null,
  };
  if (o.pricesInclude === 'net' && o.items) {
    const doc = netDocumentTotals(
      o.items.map((i) => ({ unitNet: i.unitPrice, quantity: i.quantity })),
      o.shippingTotal,
    );
    fields.subtotalNet = amount(doc.subtotalNet);
    fields.vatTotal = amount(doc.vatTotal);
    fields.shippingNet = amount(doc.shipping.net);
  }
  return fields;
}

/** The orders a customer acts on (orders/authority), with their details, newest first: their own
 *    personal orders, and their current company's (an owner's: all of them; a buyer's: those they placed). */
export async function ordersOfCustomer(user: Pick<User, 'id' | 'companyId' | 'companyRole'>): Promise<ApiOrder[]> {
  const rows = await ordersOf(Order.query(), user).orderBy('createdAt', 'desc').orderBy('id', 'desc');
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
 * The shopper's right of withdrawal (or cancellation before shipping) as a whole, in one
 * transaction; the acknowledgement e-mail follows its commit (orders/subscribers).
 */
export async function withdrawByShopper(
  orderId: number,
  actor: Actor,
  reason: string,
): Promise<{ order: Order; kind: 'cancellation' | 'withdrawal' }> {
  const { kind } = await Order.transaction((trx) => withdrawOrder(orderId, reason, { trx, actor }));
  return { order: await findOrder(orderId), kind };
}

/** Delete an order (staff): stock goes back, as for a cancellation, when it was still taken and
 *  not shipped; the movements stay in the stock's history without the order. */
export async function deleteOrder(orderId: number, trx: Transaction, actor: Actor): Promise<Order> {
  const order = await findOrder(orderId, trx);
  if (CANCELLABLE_BY_SHOPPER.includes(order.status) && tookStock(order.status)) await restock(orderId, trx, 'cancellation', actor);
  await Order.query(trx).deleteById(orderId);
  return order;
}
