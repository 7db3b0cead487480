// What a visitor may see and buy: one policy for the shop's lists and search, product pages,
// category counts, the sitemap, the cart, the quote and placing an order. Today a product is on
// sale when it is active (drafts and archived products do not exist for shoppers; staff may open
// a draft's page to preview it). The visitor is a parameter so that sales modes and trade
// prices (who may see or buy what) join this same policy.
import type { QueryBuilder } from 'objection';
import type { Product } from '../../models/Product';
import type { ProductStatus, Role } from '@domain/limits';
import type { TradeTerms } from '@domain/trade';

/** Who is looking: their role (null: a guest) and, for a member of an approved company, its
 *  buying terms (modules/trade resolves them into ctx.state.visitor after authentication). */
export interface Visitor {
  role: Role | null;
  trade?: TradeTerms | null;
}

/** A guest: what the public pages, the sitemap and the shared caches show. */
export const SHOPPER: Visitor = { role: null };

/** The visitor a signed-in user (or a guest: null) is, with their company's terms when it is approved. */
export function visitorOf(user: { role: Role } | null | undefined, trade: TradeTerms | null = null): Visitor {
  return { role: user?.role ?? null, trade };
}

/** The statuses of a product on sale. */
const ON_SALE: readonly ProductStatus[] = ['active'];

/** Narrows a query of products to those the visitor may see listed (lists, search, counts,
 *  sitemap). `status`: the column, when the query names the table. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the visitor decides once sales modes exist
export function visibleToShoppers<Q extends QueryBuilder<any, any>>(query: Q, visitor: Visitor = SHOPPER, status = 'status'): Q {
  return query.whereIn(status, [...ON_SALE]) as Q;
}

/** Whether the visitor may buy the product: put it in a cart, have it quoted, order it. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the visitor decides once sales modes exist
export function mayBuy(product: Pick<Product, 'status'>, visitor: Visitor = SHOPPER): boolean {
  return ON_SALE.includes(product.status);
}

/** Whether the visitor may open the product's page: what they may buy, and for staff any
 *  product (a draft's preview). */
export function maySee(product: Pick<Product, 'status'>, visitor: Visitor = SHOPPER): boolean {
  return mayBuy(product, visitor) || visitor.role === 'admin';
}
