// Stock at a glance: every variant of every product in one list (react-admin's dialect), and its
// stock changed in place (PUT /api/admin/inventory/:variantId { stock }), audited like any admin
// change. Search by product name or SKU; `lowStock` keeps the variants at or under the threshold.
import Router from '@koa/router';
import type { Context } from 'koa';
import { Variant } from '../../models/Variant';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { stockChangeInput } from '../../../../domain/schemas/inventory';
import { badRequest, notFound } from '../../platform/http/errors';
import { escapeLike, filterBy, parseRaParams, raPage, sendRaList, type RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { PRODUCT_STATUSES } from '../../../../domain/limits';
import { fromMinor } from '../../../../domain/money';
import { getSettings } from '../settings/service';

function rowsQuery() {
  return Variant.query()
    .join('products', 'products.id', 'variants.productId')
    .leftJoin('categories', 'categories.id', 'products.categoryId')
    .select('variants.id', 'variants.productId', 'variants.name as variantName', 'variants.sku', 'variants.stock', 'variants.price as variantPrice', 'products.name as productName', 'products.status as productStatus', 'products.price as productPrice',
      // The CSV export carries the product's address and category, so the import can read it back.
      'products.slug as productSlug', 'categories.name as categoryName');
}

const raSpec: RaListSpec = {
  idColumn: 'variants.id',
  defaultSort: ['productName', 'ASC'],
  sortable: { id: 'variants.id', productName: 'products.name', sku: 'variants.sku', stock: 'variants.stock', variantName: 'variants.name' },
  filters: {
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      const needle = `%${escapeLike(value.trim().toLocaleLowerCase('bg'))}%`;
      if (value.trim()) qb.where((w) =>
          w
            .whereRaw(`products.search_text like ? escape '\\'`, [needle])
            .orWhereRaw(`lower(products.name) like ? escape '\\'`, [needle])
            .orWhereRaw(`lower(variants.sku) like ? escape '\\'`, [needle]),
        );
    },
    productId: filterBy.id('variants.productId'),
    productStatus: filterBy.equals('products.status', PRODUCT_STATUSES),
    stock_lte: filterBy.compare('variants.stock', '<='),
    // Read in list() below: at or under the shop's low-stock threshold.
    lowStock: () => undefined,
  },
};

function view(r: any) {
  return {
    id: r.id, productId: r.productId, productName: r.productName, productStatus: r.productStatus, variantName: r.variantName, sku: r.sku, stock: r.stock,
    productSlug: r.productSlug, categoryName: r.categoryName ?? null,
    price: fromMinor(r.variantPrice ?? r.productPrice),
  };
}

async function list(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  if (params.filter.lowStock === true || params.filter.lowStock === 'true') {
    params.filter = { ...params.filter, stock_lte: (await getSettings()).lowStockThreshold };
  }
  delete params.filter.lowStock;
  const { rows, total } = await raPage(rowsQuery(), params, raSpec);
  sendRaList(ctx, 'inventory', rows.map(view), params.start, total);
}

async function one(id: number) {
  const row = await rowsQuery().findById(id);
  if (!row) throw notFound(API.variantNotFound);
  return view(row);
}

export function inventoryRoutes() {
  const router = new Router({ prefix: '/admin/inventory' });
  router.get('/', list);
  router.get('/:id', async (ctx) => {
    ctx.body = await one(parseId(ctx.params.id));
  });
  router.put('/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    const { stock } = parseBody<{ stock: number }>(ctx.request.body, stockChangeInput);
    const changed = await Variant.query().patch({ stock } as Partial<Variant>).findById(id);
    if (!changed) throw notFound(API.variantNotFound);
    ctx.body = { ...(await one(id)), message: API.stockSaved };
  });
  return router;
}
