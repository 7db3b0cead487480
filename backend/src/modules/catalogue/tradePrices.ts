// A member's prices: each variant's trade unit price (net, minor units) by the company's price list
// (domain/trade tradeUnitNet: the list's fixed net price, else the retail net less its discount).
// Without a price list a member buys at the retail net price. The one source for product answers,
// the quote and the order.
import type { Transaction } from 'objection';
import { PriceList } from '../../models/PriceList';
import { PriceListPrice } from '../../models/PriceListPrice';
import { tradeUnitNet, type TradeTerms } from '@domain/trade';
import { fromMinor, toMinor } from '@domain/money';
import type { ApiProduct } from '@domain/api';
import type { Knex } from 'knex';
import { AnswerCache } from '../../platform/cache/answerCache';
import { attachCache, attachedCache } from '../../platform/cache/attached';
import { tables, type TableWrites } from '../../platform/cache/tableWrites';
import { CATALOGUE_TABLES } from './facts';
import type { Visitor } from './visibility';
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

/** Product answers as a member of an approved company sees them: each variant's trade price (net,
 *  per unit) and the product's for its first variant, marked `pricesInclude: 'net'`. A step of its
 *  own over the view, so the sales mode's price hiding composes with it. Priced in one batch. */
export async function withTradePrices<P extends ApiProduct>(
  products: P[],
  terms: Pick<TradeTerms, 'priceListId'>,
  trx?: Transaction,
): Promise<P[]> {
  const variants = products.flatMap((p) => p.variants.map((v) => ({ variantId: v.id, retailGross: toMinor(v.price) })));
  const nets = await tradeUnitPrices(terms.priceListId, variants, trx);
  return products.map((p) => {
    // A price the sales mode hid from this visitor (none given) stays hidden.
    const priced = p.variants.map((v) =>
      nets.has(v.id) && v.price !== null && v.price !== undefined ? { ...v, tradePrice: fromMinor(nets.get(v.id)!)! } : v,
    );
    return { ...p, variants: priced, tradePrice: priced[0]?.tradePrice, pricesInclude: 'net' as const };
  });
}

/** A member's catalogue answers, kept per price list (never per person): the same URL answers the
 *  same for every member whose company has that list. Dropped on every write to the catalogue's
 *  tables and to the price lists (createApp: memberCatalogueCache). */
export const MEMBER_ANSWERS = 'memberCatalogueAnswers';

/** Keep members' answers for this database, dropped by every write they are made of. */
export function keepMemberAnswers(knex: Knex, writes: TableWrites) {
  attachCache(knex, MEMBER_ANSWERS, new AnswerCache(2000).dropOn(writes, tables(...CATALOGUE_TABLES, 'price_lists', 'price_list_prices')));
}

/**
 * A member's answer to `url`, serialised: from the price list's kept answers, else computed and
 * kept (unless a write happened meanwhile). Staff who are members see previews others may not, so
 * their answers are kept apart.
 */
export async function memberCatalogueAnswer(
  url: string,
  visitor: Visitor & { trade: TradeTerms },
  compute: () => Promise<object>,
): Promise<Buffer> {
  const cache = attachedCache<AnswerCache>(PriceList.knex(), MEMBER_ANSWERS);
  const key = `${visitor.trade.priceListId ?? 0} ${visitor.role === 'admin' ? 'staff' : 'member'} ${url}`;
  const hit = cache?.get(key);
  if (hit) return hit.body;
  const generation = cache?.generation ?? 0;
  const body = Buffer.from(JSON.stringify(await compute()));
  cache?.set(key, generation, body);
  return body;
}
