// Payments: one record per order. Staff mark cash on delivery or a bank transfer paid (or
// failed) and refund a paid one, addressed by the payment; the move itself, its rules and its
// history row are the orders area's (orders/transitions: the order's payment status follows).
import { Payment } from '../../models/Payment';
import { conflict, notFound } from '../../platform/http/errors';
import { ALLOCATION_TEXT } from '@domain/paymentAllocation';
import { recordIdempotentEffect, type IdempotencyClaim } from '../../platform/http/idempotency';
import { API } from '@domain/messages';
import type { PaymentRecordStatus } from '@domain/orderStatus';
import { changeOrder, type Actor, type RefundDetails } from '../orders';

export type { RefundDetails };

/** Move a payment (by its id) in one transaction; answers the payment as it is now. */
export async function setPaymentStatus(
  paymentId: number,
  to: PaymentRecordStatus,
  actor: Actor,
  refund: RefundDetails = {},
  once?: IdempotencyClaim,
): Promise<Payment> {
  return Payment.transaction(async (trx) => {
    const payment = await Payment.query(trx).findById(paymentId);
    if (!payment) throw notFound(API.paymentNotFound);
    if (payment.orderId === null) throw conflict(ALLOCATION_TEXT.receivedHasNoStatus, { status: ALLOCATION_TEXT.receivedHasNoStatus });
    await changeOrder(payment.orderId, { payment: to, refund }, { trx, actor });
    // Sent with an Idempotency-Key: the key names this payment if and only if the move commits.
    await recordIdempotentEffect(trx, once, 'payment', paymentId);
    return (await Payment.query(trx).findById(paymentId))!;
  });
}
