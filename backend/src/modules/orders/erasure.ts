// What erasing a person's data changes in orders (the privacy area decides whose and when): the
// buyer's name, e-mail, phone, address and note go, and the texts of the history that quoted them
// are rewritten. The amounts, lines and statuses stay: the accounting needs them.
import type { Knex } from 'knex';
import { searchable } from '@domain/slug';
import { ERASED_EMAIL } from '@domain/privacy';

/** Blank the buyer of each order (the city too: with a small town it names a person), its guest
 *  link and invoice request (the issued invoice keeps its own copy); staff still find it by number. */
export async function eraseCustomerFromOrders(trx: Knex.Transaction, orders: Array<{ id: number; number: string }>): Promise<void> {
  for (const o of orders) {
    await trx('orders')
      .where({ id: o.id })
      .update({
        customerFirstName: '',
        customerLastName: '',
        customerEmail: ERASED_EMAIL,
        customerPhone: '',
        shippingCity: '',
        shippingPostcode: '',
        shippingAddress: '',
        note: '',
        guestTokenHash: null,
        invoiceRequest: null,
        searchText: searchable(o.number),
      });
  }
}

/** One history row's actor and note, as rewritten without the person they quoted. */
export async function rewriteOrderEvent(trx: Knex.Transaction, id: number, texts: { actorLabel: string; note: string }): Promise<void> {
  await trx('order_events').where({ id }).update(texts);
}
