// Reading a signed-in user's server cart as plain lines (for checkout and the cart answer).
import type { Transaction } from 'objection';
import { CartItem } from '../models/CartItem';
import { CartItemAttribute } from '../models/CartItemAttribute';
import type { LineInput } from './cartLines';

export interface StoredLine extends LineInput {
  id: number;
  attributes: Array<{ id: number; cartItemId: number; attributeId: number; attributeValueId: number }>;
}

export async function cartLinesOf(userId: number, trx?: Transaction): Promise<StoredLine[]> {
  const items = await CartItem.query(trx).where({ userId }).orderBy('id');
  if (!items.length) return [];
  const attrs = await CartItemAttribute.query(trx).whereIn('cartItemId', items.map((i) => i.id)).orderBy('id');
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
