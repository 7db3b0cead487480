// Lists of products: the shop's catalogue (filters, forgiving search in either script, sorting,
// paging; what the visitor may see: ./visibility) and the staff's lists (every status; react-admin's dialect with
// its filters), each as one answer.
import type { QueryBuilder } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { badRequest } from '../../platform/http/errors';
import { raPage, filterBy, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { parseQuery } from '../../platform/http/parseInput';
import { catalogueQuery, staffCatalogueQuery } from '@domain/schemas/catalogue';
import { API } from '@domain/messages';
import { toMinor } from '@domain/money';
import {
  PRODUCT_STATUSES,
  PRODUCT_SORT_DEFAULT,
  ProductSort,
  PAGE_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PRICE_FILTER_MIN,
  PRICE_FILTER_MAX,
  ProductStatus,
} from '@domain/limits';
import { PRODUCT_KINDS } from '@domain/productKinds';
import { searchTerms, typoPatterns, TYPO_MIN_LENGTH } from '@domain/search';
import { descendantIds, resolveCategory } from './categories';
import { productViews, type ProductView } from './products';
import { getSettings } from '../settings';
import { listForVisitor, pricedForVisitor, salesPolicy, SHOPPER, visibleToShoppers, type Visitor } from './visibility';
import { PRODUCT_PAGE_TEXTS, type ListedProduct, type ShopProduct } from '@domain/api';

export interface CatalogueAnswer {
  /** Staff get every product priced and whole; a shopper what the sales mode lets them have
   *  (./visibility), as a list shows it. */
  products: ListedProduct[];
  total: number;
  page: number;
  limit: number;
}

export interface CatalogueQuery {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  sort: ProductSort;
  minPrice: number;
  maxPrice: number;
  status?: ProductStatus;
}

export function parseCatalogueQuery(query: Record<string, unknown>, withStatus: boolean): CatalogueQuery {
  const q: Partial<CatalogueQuery> = parseQuery(query, withStatus ? staffCatalogueQuery : catalogueQuery);
  const minPrice = q.minPrice ?? PRICE_FILTER_MIN;
  const maxPrice = q.maxPrice ?? PRICE_FILTER_MAX;
  if (minPrice > maxPrice) throw badRequest(API.invalidFilter, { minPrice: API.atMost(maxPrice) });
  return {
    page: q.page ?? PAGE_DEFAULT,
    limit: q.limit ?? PAGE_SIZE_DEFAULT,
    search: q.search,
    category: q.category,
    sort: q.sort ?? PRODUCT_SORT_DEFAULT,
    minPrice,
    maxPrice,
    status: q.status,
  };
}

/** A product as a shopper's list shows it: without the texts only its own page uses (a list of
 *  them is most of a page's bytes otherwise). */
function listed(product: ShopProduct): ListedProduct {
  const item: Record<string, unknown> = { ...product };
  for (const text of PRODUCT_PAGE_TEXTS) delete item[text];
  return item as ListedProduct;
}

/** Narrows the query to products whose search index holds every word of the search
 *  (domain/search: compared in Latin letters; `forgiving` allows one typo per word). */
function matchWords(query: QueryBuilder<Product, Product[]>, search: string, forgiving: boolean) {
  const terms = searchTerms(search);
  if (!terms.length) {
    whereContains(query, 'searchText', search.toLocaleLowerCase('bg'));
    return;
  }
  for (const term of terms) {
    if (!forgiving) whereContains(query, 'searchText', term);
    else
      query.where((qb) => {
        for (const p of typoPatterns(term)) qb.orWhereRaw(`?? like ?`, ['searchText', `%${p}%`]);
      });
  }
}

/** The catalogue list: { products, total, page, limit }: what `shopper` may see (and of it, with
 *  the prices the sales mode lets them have), or for staff (null) every status (or the one asked). */
export async function catalogueList(q: CatalogueQuery, shopper: Visitor | null): Promise<CatalogueAnswer> {
  const query = Product.query();
  const sales = shopper ? await salesPolicy() : null;
  if (shopper) visibleToShoppers(query, shopper, sales!);
  if (q.status) query.where('status', q.status);
  if (q.category) {
    const category = await resolveCategory(q.category);
    if (!category) return { products: [], total: 0, page: q.page, limit: q.limit };
    query.whereIn('categoryId', await descendantIds(category.id));
  }
  query.whereBetween('price', [toMinor(q.minPrice), toMinor(q.maxPrice)]);
  const priceFiltered = q.minPrice !== PRICE_FILTER_MIN || q.maxPrice !== PRICE_FILTER_MAX;
  if (shopper) pricedForVisitor(query, shopper, sales!, { priceFiltered, orderByPrice: false });
  const search = q.search?.trim() ?? '';
  if (search) {
    // Every word, in either script; when nothing matches, every word with one typo allowed.
    const exact = query.clone();
    matchWords(exact, search, false);
    const total = await exact.resultSize();
    if (total === 0 && searchTerms(search).some((w) => w.length >= TYPO_MIN_LENGTH)) matchWords(query, search, true);
    else matchWords(query, search, false);
  }
  const rows = query.clone();
  if (shopper) pricedForVisitor(rows, shopper, sales!, { priceFiltered: false, orderByPrice: q.sort === 'price' || q.sort === '-price' });
  if (q.sort === 'price') rows.orderBy('price', 'asc').orderBy('id', 'asc');
  else if (q.sort === '-price') rows.orderBy('price', 'desc').orderBy('id', 'desc');
  else if (q.sort === 'name') rows.orderBy('name', 'asc').orderBy('id', 'asc');
  else rows.orderBy('createdAt', 'desc').orderBy('id', 'desc');
  const [page, total] = await Promise.all([rows.offset((q.page - 1) * q.limit).limit(q.limit), query.resultSize()]);
  const views = await productViews(page);
  return { products: shopper ? listForVisitor(views, shopper, sales!).map(listed) : views, total, page: q.page, limit: q.limit };
}

export function staffProductListSpec(lowStockThreshold: number): RaListSpec {
  const variantsWhere = (cond: (q: QueryBuilder<Variant, Variant[]>) => void) => (qb: QueryBuilder<any, any>) =>
    qb.whereIn('products.id', Variant.query().select('productId').modify(cond));
  return {
    idColumn: 'products.id',
    defaultSort: ['createdAt', 'DESC'],
    sortable: {
      id: 'products.id',
      name: 'name',
      price: 'price',
      status: 'status',
      kind: 'kind',
      createdAt: 'createdAt',
      updatedAt: 'updatedAt',
      categoryId: 'categoryId',
      featured: 'featured',
    },
    filters: {
      q: filterBy.search('searchText'),
      status: filterBy.equals('status', PRODUCT_STATUSES),
      kind: filterBy.equals('kind', PRODUCT_KINDS),
      categoryId: () => undefined, // applied in raList (needs the subcategories)
      price_gte: filterBy.compare('price', '>=', toMinor),
      price_lte: filterBy.compare('price', '<=', toMinor),
      featured: (qb, v) => {
        if (typeof v !== 'boolean') throw badRequest(API.invalidFilter, { 'filter.featured': API.mustBeBoolean });
        qb.where('featured', v);
      },
      lowStock: (qb, v) => {
        if (typeof v !== 'boolean') throw badRequest(API.invalidFilter, { 'filter.lowStock': API.mustBeBoolean });
        if (v) variantsWhere((q) => q.where('stock', '<=', lowStockThreshold))(qb);
      },
      stock_lte: (qb, v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0) throw badRequest(API.invalidFilter, { 'filter.stock_lte': API.mustBeInteger });
        variantsWhere((q) => q.where('stock', '<=', n))(qb);
      },
    },
  };
}

/** react-admin's page of products over every status (the category filter takes its subcategories). */
export async function staffProductPage(
  query: Record<string, unknown>,
  parse: (spec: RaListSpec) => RaListParams,
): Promise<{ products: ProductView[]; total: number; start: number }> {
  const spec = staffProductListSpec((await getSettings()).lowStockThreshold);
  const params = parse(spec);
  const base = Product.query();
  const categoryId = params.filter.categoryId;
  if (categoryId !== undefined && categoryId !== null && categoryId !== '') {
    const id = Number(categoryId);
    if (!Number.isSafeInteger(id) || id < 1) throw badRequest(API.invalidFilter, { 'filter.categoryId': API.invalidId });
    base.whereIn('categoryId', await descendantIds(id));
  }
  const { rows, total } = await raPage(base, params, spec);
  return { products: await productViews(rows), total, start: params.start };
}

/**
 * GET /api/products's answer for a query (same checks, same shape), for the server-rendered
 * shop and home pages. Throws the same 400 for a bad query.
 */
export function shopProducts(query: Record<string, unknown>, visitor: Visitor = SHOPPER): Promise<CatalogueAnswer> {
  return catalogueList(parseCatalogueQuery(query, false), visitor);
}
