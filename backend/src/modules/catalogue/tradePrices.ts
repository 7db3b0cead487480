// A member's prices: each variant's trade unit price (net, minor units) by the company's price list
// (domain/trade tradeUnitNet: the list's fixed net price, else the retail net less its discount).
// Without a price list a member buys at the retail net price. The one source for product answers,
// the quote and the order.
import type { Transaction } from 'objection';
import { PriceList } from '../../models/PriceList';
import { PriceListPrice } from '../../models/PriceListPrice';
import { tradeUnitNet } from '@domain/trade';
import { SHOP_VAT_PERCENT } from '@domain/pricing';

export interface PricedVariant {
  variantId: number;
  /** The retail unit price with VAT (the variant's price, else the product's), minor units. */
  retailGross: number;
}

/** Trade unit prices (net, minor units) of these variants by the price list (null: none). */
export async function tradeUnitPrices(
  priceListId: number | null,
  variants: readonly PricedVariant[],
  trx?: Transaction,
): Promise<Map<number, number>> {
  const list = priceListId ? await PriceList.query(trx).findById(priceListId) : undefined;
  const fixed = new Map<number, number>();
  if (list && variants.length) {
    const rows = await PriceListPrice.query(trx)
      .where('priceListId', list.id)
      .whereIn(
        'variantId',
        variants.map((v) => v.variantId),
      );
    for (const r of rows) fixed.set(r.variantId, r.netPrice);
  }
  const out = new Map<number, number>();
  for (const v of variants)
    out.set(v.variantId, tradeUnitNet(v.retailGross, SHOP_VAT_PERCENT, list?.discountBp ?? 0, fixed.get(v.variantId)));
  return out;
}
