// Money received, as staff record it: a payment of a company or a customer allocated to their
// open invoices (as they chose, or as suggested), credit allocated later, and the orders whose
// invoices are then paid moved to „Платена“ through the orders' own write path, in the same
// transaction.
import type { Transaction } from 'objection';
import { Payment } from '../../models/Payment';
import { Order } from '../../models/Order';
import { Company } from '../../models/Company';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { recordIdempotentEffect, type IdempotencyClaim } from '../../platform/http/idempotency';
import { API } from '@domain/messages';
import { ALLOCATION_TEXT } from '@domain/paymentAllocation';
import { PAYMENT_RECORD_TRANSITIONS } from '@domain/orderStatus';
import type { PaymentAllocateInput, PaymentRecordInput } from '@domain/schemas/payments';
import {
  allocateCredit,
  asOpenInvoice,
  creditOf,
  invoiceAccounts,
  recordReceivedPayment,
  type Payer,
  type ReceivedPayment,
} from '../accounts';
import { suggestAllocations } from '@domain/paymentAllocation';
import { fromMinor } from '@domain/money';
import { changeOrder, type Actor } from '../orders';

/** The payer a recording names: a company (that exists) or a customer's e-mail, one of them. */
export async function payerOf(input: { companyId?: number; customerEmail?: string }, trx?: Transaction): Promise<Payer> {
  if (input.companyId && input.customerEmail) throw badRequest(ALLOCATION_TEXT.onePayer, { companyId: ALLOCATION_TEXT.onePayer });
  if (input.companyId) {
    if (!(await Company.query(trx).findById(input.companyId).select('id')))
      throw badRequest(ALLOCATION_TEXT.companyNotFound, { companyId: ALLOCATION_TEXT.companyNotFound });
    return { companyId: input.companyId };
  }
  if (input.customerEmail) return { customerEmail: input.customerEmail.toLowerCase() };
  throw badRequest(ALLOCATION_TEXT.payerRequired, { companyId: ALLOCATION_TEXT.payerRequired });
}

/**
 * The orders of `invoiceIds` whose invoices are now wholly paid move to „Платена“ (their own
 * payment record, history and effects), so the order list, the shopper and the reminders agree.
 */
export async function settleOrdersOf(trx: Transaction, invoiceIds: number[], actor: Actor): Promise<void> {
  const touched = await invoiceAccounts({ invoiceIds }, trx);
  const orderIds = [...new Set(touched.filter((a) => a.orderId).map((a) => a.orderId!))];
  // Every invoice of those orders (a corrected one besides a credited one) must be paid.
  const all = await invoiceAccounts({ orderIds }, trx);
  for (const orderId of orderIds) {
    if (all.some((a) => a.orderId === orderId && a.paymentState !== 'paid')) continue;
    const order = await Order.query(trx).findById(orderId).select('status');
    if (!order || order.status === 'cancelled' || order.status === 'returned') continue;
    const record = await Payment.query(trx).findOne({ orderId });
    if (!record || record.status === 'paid' || !PAYMENT_RECORD_TRANSITIONS[record.status].includes('paid')) continue;
    await changeOrder(orderId, { payment: 'paid' }, { trx, actor });
  }
}

/** Staff record money received; answers the payment, its allocations and what is left of it. */
export async function recordPayment(
  input: PaymentRecordInput,
  actor: Actor,
  once?: IdempotencyClaim,
  extra: Partial<ReceivedPayment> = {},
) {
  return Payment.transaction(async (trx) => {
    const payer = await payerOf(input, trx);
    const recorded = await recordReceivedPayment(trx, {
      payer,
      amount: input.amount,
      date: input.date,
      method: input.method,
      reference: input.reference ?? '',
      allocations: input.allocations,
      source: 'manual',
      recordedBy: actor.label,
      ...extra,
    });
    await settleOrdersOf(trx, recorded.invoiceIds, actor);
    await recordIdempotentEffect(trx, once, 'payment', recorded.id);
    return recorded;
  });
}

/** Allocates a payment's unallocated part (the payer's credit) to their open invoices. */
export async function allocatePayment(paymentId: number, input: PaymentAllocateInput, actor: Actor) {
  return Payment.transaction(async (trx) => {
    const payment = await Payment.query(trx).findById(paymentId);
    if (!payment) throw notFound(API.paymentNotFound);
    if (payment.orderId !== null || !(payment.unallocated > 0))
      throw conflict(ALLOCATION_TEXT.noCredit, { allocations: ALLOCATION_TEXT.noCredit });
    const payer: Payer = payment.companyId ? { companyId: payment.companyId } : { customerEmail: payment.customerEmail };
    const done = await allocateCredit(trx, paymentId, payer, payment.reference, input.allocations);
    await settleOrdersOf(trx, done.invoiceIds, actor);
    return done;
  });
}

/**
 * What staff see before recording a payer's money: their open invoices (oldest due first), their
 * credit, and how `amount` (with the credit) would be spread by the suggestion.
 */
export async function allocationPreview(payer: Payer, amount: number, reference: string) {
  const [accounts, credit] = await Promise.all([invoiceAccounts({ payer, openOnly: true }), creditOf(payer)]);
  const creditTotal = credit.reduce((s, c) => s + c.unallocated, 0);
  const suggestion = suggestAllocations(amount + creditTotal, accounts.map(asOpenInvoice), reference);
  return {
    invoices: accounts
      .sort((a, b) => (a.dueAt ?? a.issuedAt).localeCompare(b.dueAt ?? b.issuedAt) || a.number.localeCompare(b.number))
      .map((a) => ({
        id: a.invoiceId,
        number: a.number,
        orderId: a.orderId,
        orderNumber: a.orderNumber,
        issuedAt: a.issuedAt,
        dueAt: a.dueAt,
        total: fromMinor(a.due),
        paid: fromMinor(a.paid),
        outstanding: fromMinor(a.outstanding),
        paymentState: a.paymentState,
      })),
    credit: fromMinor(creditTotal),
    suggestion: {
      allocations: suggestion.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: fromMinor(a.amount) })),
      unallocated: fromMinor(Math.min(amount, suggestion.unallocated)),
    },
  };
}
