// What a visitor may see and buy: one policy for the shop's lists and search, product pages,
// category counts, the sitemap, the cart, the quote and placing an order. A product is on sale
// when it is active (drafts and archived products do not exist for shoppers; staff may open a
// draft's page to preview it). The shop's sales mode (settings `sales`, ЗТТСТИ чл. 31а) joins it:
// in `trade_only` a regulated product (device, pod, liquid) is priced and sold online only to a
// member of an approved company; anyone else (a guest, a consumer, staff in the shop's answers)
// gets it without any price and cannot order it (`info`), or does not get it at all (`hidden`).
import type { QueryBuilder } from 'objection';
import type { Product } from '../../models/Product';
import type { ProductStatus, Role } from '@domain/limits';
import { isRegulatedKind, REGULATED_KINDS, type TradeTerms } from '@domain/trade';
import type { ApiProduct, ShopProduct } from '@domain/api';
import { SALES_TEXT } from '@domain/salesModeTexts';
import { HttpError } from '../../platform/http/errors';
import { getSettings, type SalesSettings } from '../settings';

/** Who is looking: their role (null: a guest) and, for a member of an approved company, its
 *  buying terms (modules/trade resolves them into ctx.state.visitor after authentication). */
export interface Visitor {
  role: Role | null;
  trade?: TradeTerms | null;
  /** An order staff take by phone (checkout's takePhoneOrder): not an offer through an
   *  information-society service, so the sales mode does not restrict it; staff answer for whom
   *  they sell to. */
  byStaff?: boolean;
}

/** A guest: what the public pages, the sitemap and the shared caches show. */
export const SHOPPER: Visitor = { role: null };

/** Staff taking an order by phone. */
export const BY_STAFF: Visitor = { role: 'admin', trade: null, byStaff: true };

/** The visitor a signed-in user (or a guest: null) is, with their company's terms when it is approved. */
export function visitorOf(user: { role: Role } | null | undefined, trade: TradeTerms | null = null): Visitor {
  return { role: user?.role ?? null, trade };
}

/** The part of the settings the policy reads. */
export type SalesPolicy = Pick<SalesSettings, 'mode' | 'consumerCatalogue'>;

/** The shop's sales mode now (the settings, kept in memory). */
export async function salesPolicy(trx?: Parameters<typeof getSettings>[0]): Promise<SalesPolicy> {
  return (await getSettings(trx)).sales;
}

/** The statuses of a product on sale. */
const ON_SALE: readonly ProductStatus[] = ['active'];

/** Whether regulated products are offered to this visitor without price and ordering (or not at all). */
export function pricesHiddenFor(visitor: Visitor, sales: SalesPolicy): boolean {
  return sales.mode === 'trade_only' && !visitor.trade && !visitor.byStaff;
}

/** Whether this product is restricted for this visitor: regulated, in trade_only, not a member. */
export function saleRestricted(product: { kind?: string | null }, visitor: Visitor, sales: SalesPolicy): boolean {
  return pricesHiddenFor(visitor, sales) && isRegulatedKind(product.kind as Product['kind']);
}

/** Whether regulated products are not listed at all for this visitor (trade_only, hidden catalogue). */
function regulatedHiddenFor(visitor: Visitor, sales: SalesPolicy): boolean {
  return pricesHiddenFor(visitor, sales) && sales.consumerCatalogue === 'hidden';
}

/** Narrows a query of products to those the visitor may see listed (lists, search, counts,
 *  sitemap). `status`: the column, when the query names the table (the kind is beside it). */
export function visibleToShoppers<Q extends QueryBuilder<any, any>>(query: Q, visitor: Visitor, sales: SalesPolicy, status = 'status'): Q {
  query.whereIn(status, [...ON_SALE]);
  if (regulatedHiddenFor(visitor, sales)) query.whereNotIn(status.replace(/status$/, 'kind'), [...REGULATED_KINDS]);
  return query;
}

/**
 * A list's price filter and price order for a visitor who gets regulated products without price:
 * a price filter cannot match what has no price (else narrowing it would tell the price), and
 * the price order puts them after the priced products.
 */
export function pricedForVisitor<Q extends QueryBuilder<any, any>>(
  query: Q,
  visitor: Visitor,
  sales: SalesPolicy,
  opts: { priceFiltered: boolean; orderByPrice: boolean },
): Q {
  if (!pricesHiddenFor(visitor, sales)) return query;
  if (opts.priceFiltered) query.whereNotIn('kind', [...REGULATED_KINDS]);
  if (opts.orderByPrice)
    query.orderByRaw(`case when ?? in (${REGULATED_KINDS.map(() => '?').join(', ')}) then 1 else 0 end`, ['kind', ...REGULATED_KINDS]);
  return query;
}

type Sellable = Pick<Product, 'status'> & { kind?: Product['kind'] | null };

/** Why the visitor may not buy the product: 'unavailable' (not on sale), 'tradeOnly' (the sales
 *  mode), or null when they may. */
export function buyRefusal(product: Sellable, visitor: Visitor, sales: SalesPolicy): 'unavailable' | 'tradeOnly' | null {
  if (!ON_SALE.includes(product.status)) return 'unavailable';
  if (saleRestricted(product, visitor, sales)) return 'tradeOnly';
  return null;
}

/** Whether the visitor may buy the product: put it in a cart, have it quoted, order it. */
export function mayBuy(product: Sellable, visitor: Visitor, sales: SalesPolicy): boolean {
  return buyRefusal(product, visitor, sales) === null;
}

/** The refusal of a regulated product to a visitor who is not a member, in trade_only (403
 *  naming the law); `field` names the line. */
export function tradeOnlyRefusal(field?: string): HttpError {
  return new HttpError(403, SALES_TEXT.tradeOnlyRefusal, field ? { [field]: SALES_TEXT.tradeOnlyRefusal } : undefined);
}

/** Whether the visitor may open the product's page: what is on sale (unless the sales mode hides
 *  it from them), and for staff any product (a draft's preview). */
export function maySee(product: Sellable, visitor: Visitor, sales: SalesPolicy): boolean {
  if (visitor.role === 'admin') return true;
  if (!ON_SALE.includes(product.status)) return false;
  return !(regulatedHiddenFor(visitor, sales) && isRegulatedKind(product.kind ?? undefined));
}

/**
 * The product answer as this visitor may have it: a restricted product (see saleRestricted) loses
 * every price (the product's, the compared one, each variant's: null) and says `saleRestricted:
 * true`, so the shop shows the notice instead of a price and a cart button. Others unchanged.
 */
export function forVisitor(product: ApiProduct, visitor: Visitor, sales: SalesPolicy): ShopProduct {
  if (!saleRestricted(product, visitor, sales)) return product;
  return {
    ...product,
    price: null,
    compareAtPrice: null,
    variants: product.variants.map((v) => ({ ...v, price: null })),
    saleRestricted: true,
  };
}

/** forVisitor for a list. */
export function listForVisitor(products: ApiProduct[], visitor: Visitor, sales: SalesPolicy): ShopProduct[] {
  return pricesHiddenFor(visitor, sales) ? products.map((p) => forVisitor(p, visitor, sales)) : products;
}
