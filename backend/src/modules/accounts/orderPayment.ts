// An order's own payment record, in the table of money received: made with the order (pending),
// moved by the order's transitions (orders/transitions decides which moves are allowed), its amount
// set again when a held order is priced again at its approval.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Payment } from '../../models/Payment';
import type { ComposedInsert } from '../../models/BaseModel';

/** The record's insert, not yet run: to send with the order's other records. */
export function orderPaymentInserts(db: Knex, row: Partial<Payment>): Array<ComposedInsert<Payment>> {
  return Payment.composedInserts(db, [row]);
}

/** The record moved from the status it was read at (`from`): answers 0 when another move got
 *  there first. */
export async function movePaymentRecord(
  trx: Transaction,
  paymentId: number,
  from: Payment['status'],
  patch: Partial<Payment>,
): Promise<number> {
  return await Payment.query(trx).patch(patch).where({ id: paymentId, status: from });
}

/** The amount an order's record asks for, once the order is priced again. */
export async function setOrderPaymentAmount(trx: Transaction, orderId: number, amount: number): Promise<void> {
  await Payment.query(trx)
    .patch({ amount } as Partial<Payment>)
    .where({ orderId });
}
