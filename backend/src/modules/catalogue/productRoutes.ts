// Products: the shop's catalogue (active products only), the spec's admin calls, the status
// call, and react-admin's dialect over every status.
import Router from '@koa/router';
import { auditAdminMutations } from '../staff/auditTrail';
import { publicAnswer } from '../../platform/cache/answerCache';
import type { Context } from 'koa';
import type { QueryBuilder } from 'objection';
import { Product } from '../../models/Product';
import { Variant } from '../../models/Variant';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { catalogueQuery, productInput, productStatusInput, staffCatalogueQuery } from '../../../../domain/schemas/catalogue';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireAdmin } from '../auth/middleware';
import { isRaDialect, parseRaParams, raPage, sendRaList, filterBy, whereContains, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { toMinor } from '../../../../domain/money';
import {
  PRODUCT_STATUSES, PRODUCT_SORT_DEFAULT, ProductSort, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PRICE_FILTER_MIN, PRICE_FILTER_MAX, SLUG_MAX, ProductStatus,
} from '../../../../domain/limits';
import { PRODUCT_KINDS } from '../../../../domain/productKinds';
import { descendantIds, resolveCategory } from './categories';
import { searchTerms, typoPatterns, TYPO_MIN_LENGTH } from '../../../../domain/search';
import { createProduct, findProduct, productView, productViews, updateProduct, ProductInput, ProductView } from './products';
import { getSettings } from '../settings/service';

/** A product from the staff's form; `partial` for a change. */
function parseProduct(body: unknown, partial: boolean): ProductInput {
  return parseBody<ProductInput>(body, productInput, { partial });
}

interface CatalogueQuery {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  sort: ProductSort;
  minPrice: number;
  maxPrice: number;
  status?: ProductStatus;
}

function parseCatalogueQuery(query: Record<string, unknown>, withStatus: boolean): CatalogueQuery {
  const q = parseQuery<Partial<CatalogueQuery>>(query, withStatus ? staffCatalogueQuery : catalogueQuery);
  const minPrice = q.minPrice ?? PRICE_FILTER_MIN;
  const maxPrice = q.maxPrice ?? PRICE_FILTER_MAX;
  if (minPrice > maxPrice) throw badRequest(API.invalidFilter, { minPrice: API.atMost(maxPrice) });
  return { page: q.page ?? PAGE_DEFAULT, limit: q.limit ?? PAGE_SIZE_DEFAULT, search: q.search, category: q.category, sort: q.sort ?? PRODUCT_SORT_DEFAULT, minPrice, maxPrice, status: q.status };
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
    else query.where((qb) => { for (const p of typoPatterns(term)) qb.orWhereRaw(`?? like ?`, ['searchText', `%${p}%`]); });
  }
}

/** The catalogue list: { products, total, page, limit }. */
async function catalogue(ctx: Context, q: CatalogueQuery, statuses: readonly ProductStatus[]) {
  const query = Product.query().whereIn('status', q.status ? [q.status] : [...statuses]);
  if (q.category) {
    const category = await resolveCategory(q.category);
    if (!category) {
      ctx.body = { products: [], total: 0, page: q.page, limit: q.limit };
      return;
    }
    query.whereIn('categoryId', await descendantIds(category.id));
  }
  query.whereBetween('price', [toMinor(q.minPrice), toMinor(q.maxPrice)]);
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
  if (q.sort === 'price') rows.orderBy('price', 'asc').orderBy('id', 'asc');
  else if (q.sort === '-price') rows.orderBy('price', 'desc').orderBy('id', 'desc');
  else if (q.sort === 'name') rows.orderBy('name', 'asc').orderBy('id', 'asc');
  else rows.orderBy('createdAt', 'desc').orderBy('id', 'desc');
  const [page, total] = await Promise.all([rows.offset((q.page - 1) * q.limit).limit(q.limit), query.resultSize()]);
  ctx.body = { products: await productViews(page), total, page: q.page, limit: q.limit };
}

function raSpec(lowStockThreshold: number): RaListSpec {
  const variantsWhere = (cond: (q: QueryBuilder<Variant, Variant[]>) => void) => (qb: QueryBuilder<any, any>) =>
    qb.whereIn('products.id', Variant.query().select('productId').modify(cond));
  return {
    idColumn: 'products.id',
    defaultSort: ['createdAt', 'DESC'],
    sortable: { id: 'products.id', name: 'name', price: 'price', status: 'status', kind: 'kind', createdAt: 'createdAt', updatedAt: 'updatedAt', categoryId: 'categoryId', featured: 'featured' },
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

async function raList(ctx: Context) {
  const spec = raSpec((await getSettings()).lowStockThreshold);
  const params = parseRaParams(ctx.query, spec);
  const base = Product.query();
  const categoryId = params.filter.categoryId;
  if (categoryId !== undefined && categoryId !== null && categoryId !== '') {
    const id = Number(categoryId);
    if (!Number.isSafeInteger(id) || id < 1) throw badRequest(API.invalidFilter, { 'filter.categoryId': API.invalidId });
    base.whereIn('categoryId', await descendantIds(id));
  }
  const { rows, total } = await raPage(base, params, spec);
  sendRaList(ctx, 'products', await productViews(rows), params.start, total);
}

async function create(ctx: Context): Promise<Product> {
  const input = parseProduct(ctx.request.body, false) as ProductInput & { name: string; price: number };
  return Product.transaction((trx) => createProduct(input, trx));
}

export function productRoutes() {
  const router = new Router();

  // The shop.
  router.get('/products', async (ctx) => {
    await catalogue(ctx, parseCatalogueQuery(ctx.query, false), ['active']);
    publicAnswer(ctx);
  });
  router.get('/products/:idOrSlug', async (ctx) => {
    const raw = ctx.params.idOrSlug;
    if (raw.length > SLUG_MAX) throw badRequest(API.invalidId);
    const product = await findProduct(raw);
    const isAdmin = ctx.state.user?.role === 'admin';
    // Drafts and archived products do not exist for shoppers.
    if (product.status !== 'active' && !isAdmin) throw notFound(API.productNotFound);
    ctx.body = { product: await productView(product) };
    if (product.status === 'active') publicAnswer(ctx);
  });
  router.put('/products/:id/updateStatus', requireAdmin, auditAdminMutations, async (ctx) => {
    const { status } = parseBody<{ status: ProductStatus }>(ctx.request.body, productStatusInput);
    const product = await findProduct(parseId(ctx.params.id));
    const updated = await product.$query().patchAndFetch({ status } as Partial<Product>);
    ctx.body = { message: API.productStatusUpdated(status), product: await productView(updated) };
  });

  // The spec's admin calls.
  router.post('/admin/products/create', async (ctx) => {
    const product = await create(ctx);
    ctx.status = 201;
    ctx.body = { message: API.productCreated, product: await productView(product) };
  });

  // react-admin's dialect (a plain GET without range answers like the shop, over every status).
  router.get('/admin/products', (ctx) => (isRaDialect(ctx.query) ? raList(ctx) : catalogue(ctx, parseCatalogueQuery(ctx.query, true), PRODUCT_STATUSES)));
  router.get('/admin/products/:id', async (ctx) => {
    ctx.body = await productView(await findProduct(parseId(ctx.params.id)));
  });
  router.post('/admin/products', async (ctx) => {
    const product = await create(ctx);
    ctx.status = 201;
    ctx.body = await productView(product);
  });
  router.put('/admin/products/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    const input = parseProduct(ctx.request.body, true);
    const product = await Product.transaction((trx) => updateProduct(id, input, trx));
    ctx.body = await productView(product);
  });
  router.delete('/admin/products/:id', async (ctx) => {
    const product = await findProduct(parseId(ctx.params.id));
    const view = await productView(product);
    await Product.query().deleteById(product.id);
    ctx.body = { ...view, message: API.productDeleted };
  });

  return router;
}

/**
 * GET /api/products's answer for a query (same checks, same shape), for the server-rendered
 * shop and home pages. Throws the same 400 for a bad query.
 */
export async function shopProducts(query: Record<string, unknown>): Promise<{ products: ProductView[]; total: number; page: number; limit: number }> {
  const answer = { body: undefined as unknown };
  await catalogue(answer as unknown as Context, parseCatalogueQuery(query, false), ['active']);
  return answer.body as { products: ProductView[]; total: number; page: number; limit: number };
}
