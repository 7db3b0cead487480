// Reading a signed-in user's server cart as plain lines (for checkout and the cart answer).
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { CartItem } from '../../models/CartItem';
import { CartItemAttribute } from '../../models/CartItemAttribute';
import type { LineInput } from './lines';

export interface StoredLine extends LineInput {
  id: number;
  attributes: Array<{ id: number; cartItemId: number; attributeId: number; attributeValueId: number }>;
}

/** Plain rows (no models): read on every cart request. */
export async function cartLinesOf(userId: number, trx?: Transaction): Promise<StoredLine[]> {
  const db = trx ?? CartItem.knex();
  const items: Array<Omit<StoredLine, 'attributes'>> = await db(CartItem.tableName)
    .where({ userId })
    .orderBy('id')
    .select('id', 'productId', 'variantId', 'quantity', 'personalization');
  if (!items.length) return [];
  const attrs: StoredLine['attributes'] = await db(CartItemAttribute.tableName)
    .whereIn(
      'cartItemId',
      items.map((i) => i.id),
    )
    .orderBy('id')
    .select('id', 'cartItemId', 'attributeId', 'attributeValueId');
  return items.map((i) => ({
    id: i.id,
    productId: i.productId,
    variantId: i.variantId,
    quantity: i.quantity,
    personalization: i.personalization,
    attributes: attrs
      .filter((a) => a.cartItemId === i.id)
      .map((a) => ({ id: a.id, cartItemId: a.cartItemId, attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
  }));
}

/** The delete of a user's whole server cart (its lines' attributes go with them), not yet run: to
 *  send with the writes it belongs to (an order's records) or to await (a closed account). */
export function clearCartWrite(db: Knex, userId: number): Knex.QueryBuilder {
  return db(CartItem.tableName).where({ userId }).delete().returning('id');
}
