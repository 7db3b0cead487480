// Products: the shop's catalogue (active products only), the spec's admin calls, the status
// call, and react-admin's dialect over every status.
import Router from '@koa/router';
import { auditAdminMutations } from '../staff/auditTrail';
import { publicAnswer } from '../../platform/cache/answerCache';
import type { Context } from 'koa';
import { Product } from '../../models/Product';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { productInput, productStatusInput } from '../../../../domain/schemas/catalogue';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireAdmin } from '../auth/middleware';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { PRODUCT_STATUSES, SLUG_MAX, ProductStatus } from '../../../../domain/limits';
import { createProduct, deleteProduct, findProduct, productView, setProductStatus, updateProduct, ProductInput } from './products';
import { catalogueList, parseCatalogueQuery, staffProductPage } from './productLists';

/** A product from the staff's form; `partial` for a change. */
function parseProduct(body: unknown, partial: boolean): ProductInput {
  return parseBody<ProductInput>(body, productInput, { partial });
}

async function raList(ctx: Context) {
  const { products, total, start } = await staffProductPage(ctx.query, (spec) => parseRaParams(ctx.query, spec));
  sendRaList(ctx, 'products', products, start, total);
}

async function create(ctx: Context): Promise<Product> {
  const input = parseProduct(ctx.request.body, false) as ProductInput & { name: string; price: number };
  return Product.transaction((trx) => createProduct(input, trx));
}

export function productRoutes() {
  const router = new Router();

  // The shop.
  router.get('/products', async (ctx) => {
    ctx.body = await catalogueList(parseCatalogueQuery(ctx.query, false), ['active']);
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
    const updated = await setProductStatus(parseId(ctx.params.id), status);
    ctx.body = { message: API.productStatusUpdated(status), product: await productView(updated) };
  });

  // The spec's admin calls.
  router.post('/admin/products/create', async (ctx) => {
    const product = await create(ctx);
    ctx.status = 201;
    ctx.body = { message: API.productCreated, product: await productView(product) };
  });

  // react-admin's dialect (a plain GET without range answers like the shop, over every status).
  router.get('/admin/products', async (ctx) => {
    if (isRaDialect(ctx.query)) return raList(ctx);
    ctx.body = await catalogueList(parseCatalogueQuery(ctx.query, true), PRODUCT_STATUSES);
  });
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
    ctx.body = { ...(await deleteProduct(parseId(ctx.params.id))), message: API.productDeleted };
  });

  return router;
}
