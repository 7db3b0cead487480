// Payments: one record per order. Staff mark cash on delivery or a bank transfer paid (or
// failed) and refund a paid one; the order's payment status follows, with a history event.
import type { Transaction } from 'objection';
import { Payment } from '../../models/Payment';
import { Order } from '../../models/Order';
import { OrderEvent } from '../../models/OrderEvent';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { formatMoney, fromMinor } from '../../../../domain/money';
import { API } from '../../../../domain/messages';
import {
  ORDER_PAYMENT_STATUS_OF, PAYMENT_RECORD_STATUS_LABELS, PAYMENT_RECORD_TRANSITIONS, PaymentRecordStatus, PaymentStatus,
} from '../../../../domain/orderStatus';
import type { Actor } from '../orders';
import { invoiceOnPayment } from '../invoices';

/** The payment record's status for an order-level payment status (staff may set either). */
const RECORD_STATUS_FOR: Record<PaymentStatus, PaymentRecordStatus> = { unpaid: 'pending', paid: 'paid', refunded: 'refunded' };

export function recordStatusFor(orderPaymentStatus: PaymentStatus): PaymentRecordStatus {
  return RECORD_STATUS_FOR[orderPaymentStatus];
}

/** A refund: how much goes back (minor units; the whole payment when absent) and why. */
export interface RefundDetails {
  amount?: number;
  reason?: string;
}

export async function setPaymentStatus(paymentId: number, to: PaymentRecordStatus, actor: Actor, trx: Transaction, refund: RefundDetails = {}): Promise<Payment> {
  const payment = await Payment.query(trx).findById(paymentId);
  if (!payment) throw notFound(API.paymentNotFound);
  const from = payment.status;
  if (from === to) return payment;
  if (!PAYMENT_RECORD_TRANSITIONS[from].includes(to)) {
    const text = API.paymentTransitionRefused(PAYMENT_RECORD_STATUS_LABELS[from], PAYMENT_RECORD_STATUS_LABELS[to]);
    throw conflict(text, { status: text });
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
    note = [amount < payment.amount ? API.partialRefundNote(formatMoney(fromMinor(amount) ?? 0)) : note, refund.reason].filter(Boolean).join(' — ');
  }
  // Guarded on the status read above, so two staff members cannot both move it.
  const moved = await Payment.query(trx).patch(patch).where({ id: paymentId, status: from });
  if (!moved) throw conflict(API.conflict);
  await Order.query(trx).patch({ paymentStatus: ORDER_PAYMENT_STATUS_OF[to] } as Partial<Order>).findById(payment.orderId);
  await OrderEvent.query(trx).insert({
    orderId: payment.orderId, type: 'payment', fromStatus: from, toStatus: to,
    note, actorUserId: actor.userId, actorLabel: actor.label,
  } as Partial<OrderEvent>);
  if (to === 'paid') await invoiceOnPayment(payment.orderId, trx);
  return (await Payment.query(trx).findById(paymentId))!;
}

/** The same move addressed by order (the order edit form carries paymentStatus). */
export async function setOrderPaymentStatus(orderId: number, to: PaymentStatus, actor: Actor, trx: Transaction, refund: RefundDetails = {}): Promise<void> {
  const payment = await Payment.query(trx).findOne({ orderId });
  if (!payment) throw notFound(API.paymentNotFound);
  if (ORDER_PAYMENT_STATUS_OF[payment.status] === to) return;
  await setPaymentStatus(payment.id, recordStatusFor(to), actor, trx, refund);
}
