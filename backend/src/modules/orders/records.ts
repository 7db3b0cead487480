// The writes other areas ask of an order's own rows: the records checkout places (handed to it as
// statements, to send in its one batch), a held order's approval, and the fields an invoice request,
// a quote and a waybill set.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import type { ComposedInsert } from '../../models/BaseModel';
import { setOrderPaymentAmount } from '../accounts';

/** The order's insert, not yet run. */
export function orderInserts(db: Knex, row: Partial<Order>): Array<ComposedInsert<Order>> {
  return Order.composedInserts(db, [row]);
}

/** What was bought, the lines' snapshots, not yet inserted. */
export function orderItemInserts(db: Knex, rows: Array<Partial<OrderItem>>): Array<ComposedInsert<OrderItem>> {
  return OrderItem.composedInserts(db, rows);
}

/** Staff's note on an order they took by phone. */
export async function setStaffNote(trx: Transaction, orderId: number, staffNote: string): Promise<void> {
  await Order.query(trx)
    .patch({ staffNote } as Partial<Order>)
    .findById(orderId);
}

/** The buyer's invoice request (its JSON), kept on the order it came with. */
export async function keepInvoiceRequest(trx: Transaction, orderId: number, request: string): Promise<void> {
  await trx('orders').where({ id: orderId }).update({ invoiceRequest: request });
}

/** The answered quote an order was placed by. */
export async function linkQuoteToOrder(trx: Transaction, orderId: number, quoteId: number): Promise<void> {
  await Order.query(trx)
    .patch({ quoteRequestId: quoteId } as Partial<Order>)
    .findById(orderId);
}

/** The waybill's number and courier, as the order shows them. */
export async function setTracking(trx: Transaction, orderId: number, trackingNumber: string, trackingCourier: string): Promise<void> {
  await Order.query(trx)
    .patch({ trackingNumber, trackingCourier } as Partial<Order>)
    .findById(orderId);
}

/** A held order leaves `awaiting_approval` by a guarded update: answers 0 when it already had
 *  (two owners approving at once place it once). */
export async function claimHeldOrder(trx: Transaction, orderId: number): Promise<number> {
  return await Order.query(trx)
    .patch({ status: 'pending', heldRequest: null } as Partial<Order>)
    .where({ id: orderId, status: 'awaiting_approval' });
}

/** A held order priced again as its approver was shown: its lines, its totals and its payment
 *  record's amount. */
export async function repriceOrder(
  trx: Transaction,
  orderId: number,
  items: Array<Partial<OrderItem>>,
  totals: { subtotal: number; shippingTotal: number; total: number },
): Promise<void> {
  await OrderItem.query(trx).delete().where({ orderId });
  await OrderItem.query(trx).insert(items);
  await Order.query(trx)
    .patch({ subtotal: totals.subtotal, shippingTotal: totals.shippingTotal, discountTotal: 0, total: totals.total } as Partial<Order>)
    .where({ id: orderId });
  await setOrderPaymentAmount(trx, orderId, totals.total);
}

/** When the order's payment is due (an approved order on the company's terms). */
export async function setPaymentDue(trx: Transaction, orderId: number, paymentDueAt: string | null): Promise<void> {
  await Order.query(trx)
    .patch({ paymentDueAt } as Partial<Order>)
    .where({ id: orderId });
}

/** What a held order kept of the buyer's choice goes once it is decided. */
export async function dropHeldRequest(trx: Transaction, orderId: number): Promise<void> {
  await Order.query(trx)
    .patch({ heldRequest: null } as Partial<Order>)
    .where({ id: orderId });
}
