// The one write path of an order's status and payment: every caller (staff's edit, the payments
// screen, the waybill, courier tracking, the shopper's cancellation or withdrawal) changes an
// order here. `changeOrder` guards each move with the tables of domain/orderStatus (409 with their
// texts), writes its history row, puts the stock back on a cancellation or a return (once), keeps
// the payment rules (nothing is marked paid on a cancelled order, only a paid payment is refunded,
// wholly or in part) and declares what happened (orders/events), so that mail and invoices
// follow after the commit, never for a change that rolled back.
import { tookStock } from '@domain/companyMembers';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { Payment } from '../../models/Payment';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { declare } from '../../platform/events';
import { claimVersion } from '../../platform/db/versions';
import { API } from '@domain/messages';
import { formatMoney, fromMinor } from '@domain/money';
import { DAY_MS } from '@domain/dates';
import {
  CANCELLABLE_BY_SHOPPER,
  ORDER_PAYMENT_STATUS_OF,
  ORDER_STATUS_LABELS,
  PAYMENT_RECORD_STATUS_LABELS,
  PAYMENT_RECORD_TRANSITIONS,
  WITHDRAWABLE,
  WITHDRAWAL_DAYS,
  canTransition,
  restoresStock,
  type OrderStatus,
  type PaymentRecordStatus,
  type PaymentStatus,
} from '@domain/orderStatus';
import { notifyStaff } from '../staff';
import { adjustStockMany } from '../inventory';
import type { StockReason } from '@domain/stock';
import type { Actor } from './actor';
import type { LaterMailCause } from './events';
import { recordHistory } from './history';
import { movePaymentRecord, recordOrderRemainder } from '../accounts';
import './events';

/** A refund: how much goes back (minor units; the whole payment when absent) and why. */
export interface RefundDetails {
  amount?: number;
  reason?: string;
}

/** The payment record's status for an order-level payment status (staff may set either). */
const RECORD_STATUS_FOR: Record<PaymentStatus, PaymentRecordStatus> = { unpaid: 'pending', paid: 'paid', refunded: 'refunded' };

export function recordStatusFor(orderPaymentStatus: PaymentStatus): PaymentRecordStatus {
  return RECORD_STATUS_FOR[orderPaymentStatus];
}

/** What may change of an order in one go, applied in this order: status, payment, restock. */
export interface OrderChange {
  /** A move of the state machine. */
  status?: OrderStatus;
  /** The history's note on the status move. */
  note?: string;
  /** Who caused the status move, for its mail (default staff; the shopper's own cancellation is
   *  acknowledged by its own mail). */
  cause?: LaterMailCause;
  /** A move of the payment record (paid, failed, refunded)… */
  payment?: PaymentRecordStatus;
  /** …or the same addressed by the order's payment status (the order edit form). */
  paymentStatus?: PaymentStatus;
  refund?: RefundDetails;
  /** With a refund: put the stock back as well (once per order; noted in the history). */
  restock?: boolean;
  /** The version of the copy the change was made from (staff's form); none: applied as it comes. */
  version?: number;
}

export interface ChangeContext {
  trx: Transaction;
  actor: Actor;
}

/**
 * Put the stock of an order's items back (cancel, return, refund with restock, delete before
 * shipping), each variant's a movement of the order saying why (`reason`) and who (`actor`).
 * Once per order: the guarded mark makes a second call (a return after a refund that restocked)
 * a no-op. Answers whether the stock went back now.
 */
export async function restock(orderId: number, trx: Transaction, reason: StockReason, actor: Actor): Promise<boolean> {
  const marked = await Order.query(trx)
    .patch({ stockRestoredAt: new Date().toISOString() } as Partial<Order>)
    .where({ id: orderId })
    .whereNull('stockRestoredAt');
  if (!marked) return false;
  const items = await OrderItem.query(trx).where({ orderId }).whereNotNull('variantId');
  // One movement per variant (several lines may share one: different flavours).
  const back = new Map<number, number>();
  for (const item of items) back.set(item.variantId!, (back.get(item.variantId!) ?? 0) + item.quantity);
  await adjustStockMany(
    trx,
    [...back].map(([variantId, quantity]) => ({ variantId, delta: quantity, reason, orderId, userId: actor.userId })),
  );
  return true;
}

/** An order as a versioned row: staff's edits are audited under `orders`. */
function orderRow(id: number) {
  return { table: 'orders', id, audit: ['orders', 'order'] };
}

/** Why stock comes back with a status move: a cancellation, or the goods back (after the shopper's
 *  withdrawal, or an ordinary return). */
function reasonOfStockBack(order: Order, to: OrderStatus): StockReason {
  if (to === 'cancelled') return 'cancellation';
  return order.withdrawnAt ? 'withdrawal' : 'return';
}

/** The one transition function: see the head of this file. Answers the order as it is now. */
export async function changeOrder(orderId: number, change: OrderChange, { trx, actor }: ChangeContext): Promise<Order> {
  // Every change raises the order's version first, so a form opened before it is refused.
  if ((await claimVersion(trx, orderRow(orderId), change.version)) === null) throw notFound(API.orderNotFound);
  const order = (await Order.query(trx).findById(orderId))!;
  if (change.status) await moveStatus(order, change.status, change.note ?? '', change.cause ?? 'staff', { trx, actor });
  const payment = change.payment ?? (change.paymentStatus ? await recordMoveFor(orderId, change.paymentStatus, trx) : undefined);
  if (payment) await movePayment(orderId, payment, change.refund ?? {}, { trx, actor });
  if (change.restock && (change.payment ?? change.paymentStatus) === 'refunded' && (await restock(orderId, trx, 'return', actor))) {
    await recordHistory(trx, orderId, { type: 'note', note: API.stockBack }, actor);
  }
  return (await Order.query(trx).findById(orderId))!;
}

/** A move of the state machine, or a 409 when its table does not allow it. The status is changed
 *  with a guarded update, so two staff members cannot both move it. */
async function moveStatus(
  order: Order,
  to: OrderStatus,
  note: string,
  cause: LaterMailCause,
  { trx, actor }: ChangeContext,
): Promise<void> {
  const from = order.status;
  if (from === to) return;
  if (!canTransition(from, to)) {
    const text = API.transitionRefused(ORDER_STATUS_LABELS[from], ORDER_STATUS_LABELS[to]);
    throw conflict(text, { status: text });
  }
  const patch: Partial<Order> = { status: to };
  if (to === 'delivered') patch.deliveredAt = new Date().toISOString();
  const moved = await Order.query(trx).patch(patch).where({ id: order.id, status: from });
  if (!moved) throw conflict(API.conflict);
  // A held order never took its stock: nothing comes back.
  if (restoresStock(to) && tookStock(from)) await restock(order.id, trx, reasonOfStockBack(order, to), actor);
  await recordHistory(trx, order.id, { type: 'status', fromStatus: from, toStatus: to, note }, actor);
  await declare(trx, 'order.statusChanged', { orderId: order.id, from, to, actor, cause });
}

/** The record move an order-level payment status asks for; none when it already says so. */
async function recordMoveFor(orderId: number, to: PaymentStatus, trx: Transaction): Promise<PaymentRecordStatus | undefined> {
  const payment = await Payment.query(trx).findOne({ orderId });
  if (!payment) throw notFound(API.paymentNotFound);
  return ORDER_PAYMENT_STATUS_OF[payment.status] === to ? undefined : recordStatusFor(to);
}

/** A move of the order's payment record; the order's payment status follows. */
async function movePayment(orderId: number, to: PaymentRecordStatus, refund: RefundDetails, { trx, actor }: ChangeContext): Promise<void> {
  const payment = await Payment.query(trx).findOne({ orderId });
  if (!payment) throw notFound(API.paymentNotFound);
  const from = payment.status;
  if (from === to) return;
  if (!PAYMENT_RECORD_TRANSITIONS[from].includes(to)) {
    const text = API.paymentTransitionRefused(PAYMENT_RECORD_STATUS_LABELS[from], PAYMENT_RECORD_STATUS_LABELS[to]);
    throw conflict(text, { status: text });
  }
  if (to === 'paid') {
    const order = await Order.query(trx).findById(orderId);
    if (order?.status === 'cancelled') throw conflict(API.paidOnCancelledOrder, { paymentStatus: API.paidOnCancelledOrder });
    // What was left of its invoice becomes a payment allocated to it, like any money received.
    if (order) await recordOrderRemainder(trx, order, payment.method, actor.label);
  }
  const now = new Date().toISOString();
  const patch: Partial<Payment> = { status: to };
  if (to === 'paid') patch.paidAt = now;
  let note = PAYMENT_RECORD_STATUS_LABELS[to];
  if (to === 'refunded') {
    const amount = refund.amount ?? payment.amount;
    if (!(amount > 0) || amount > payment.amount) {
      const text = API.refundAmountInvalid(formatMoney(fromMinor(payment.amount) ?? 0));
      throw badRequest(text, { refundAmount: text });
    }
    patch.refundedAt = now;
    patch.refundedAmount = amount;
    patch.refundReason = (refund.reason ?? '').slice(0, 500);
    note = [amount < payment.amount ? API.partialRefundNote(formatMoney(fromMinor(amount) ?? 0)) : note, refund.reason]
      .filter(Boolean)
      .join(' — ');
  }
  // Guarded on the status read above, so two staff members cannot both move it.
  const moved = await movePaymentRecord(trx, payment.id, from, patch);
  if (!moved) throw conflict(API.conflict);
  await Order.query(trx)
    .patch({ paymentStatus: ORDER_PAYMENT_STATUS_OF[to] } as Partial<Order>)
    .findById(orderId);
  await recordHistory(trx, orderId, { type: 'payment', fromStatus: from, toStatus: to, note }, actor);
  await declare(trx, 'order.paymentChanged', { orderId, from, to, actor });
}

/** The shopper's own way out: cancel before shipping, withdraw (EU, 14 days) after it. The staff
 *  hear of it in the same transaction; the acknowledgement mail follows the commit. */
export async function withdrawOrder(
  orderId: number,
  reason: string,
  { trx, actor }: ChangeContext,
): Promise<{ order: Order; kind: 'cancellation' | 'withdrawal' }> {
  if ((await claimVersion(trx, orderRow(orderId), undefined)) === null) throw notFound(API.orderNotFound);
  const order = (await Order.query(trx).findById(orderId))!;
  if (order.withdrawnAt) throw conflict(API.alreadyWithdrawn, { order: API.alreadyWithdrawn });
  const now = new Date();
  let kind: 'cancellation' | 'withdrawal';
  if (CANCELLABLE_BY_SHOPPER.includes(order.status)) {
    kind = 'cancellation';
    await moveStatus(order, 'cancelled', reason || 'Отказ от клиента преди изпращане', 'shopper', { trx, actor });
    await Order.query(trx)
      .patch({ withdrawnAt: now.toISOString() } as Partial<Order>)
      .findById(orderId);
  } else {
    if (!WITHDRAWABLE.includes(order.status)) throw conflict(API.withdrawalNotPossible, { order: API.withdrawalNotPossible });
    if (order.status === 'delivered' && order.deliveredAt && now.getTime() - Date.parse(order.deliveredAt) > WITHDRAWAL_DAYS * DAY_MS) {
      throw conflict(API.withdrawalWindowClosed, { order: API.withdrawalWindowClosed });
    }
    kind = 'withdrawal';
    // Guarded: two clicks record one withdrawal.
    const patched = await Order.query(trx)
      .patch({ withdrawnAt: now.toISOString() } as Partial<Order>)
      .where({ id: orderId })
      .whereNull('withdrawnAt');
    if (!patched) throw conflict(API.alreadyWithdrawn, { order: API.alreadyWithdrawn });
    await recordHistory(trx, orderId, { type: 'withdrawal', fromStatus: order.status, toStatus: order.status, note: reason }, actor);
  }
  const done = (await Order.query(trx).findById(orderId))!;
  const who = `${done.customerFirstName} ${done.customerLastName}`;
  await notifyStaff({ type: 'withdrawal', message: withdrawalNotice(kind, done.number, who), link: `/admin/orders/${orderId}` }, trx);
  await declare(trx, 'order.withdrawn', { orderId, kind, at: done.withdrawnAt! });
  return { order: done, kind };
}

function withdrawalNotice(k: 'cancellation' | 'withdrawal', number: string, who: string): string {
  return k === 'cancellation'
    ? `Клиентът ${who} отказа поръчка ${number} преди изпращане`
    : `Отказ от договора за поръчка ${number} (${who}) — очаквайте връщане`;
}
