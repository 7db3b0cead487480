// Products: the shop's catalogue (active products only), the spec's admin calls, the status
// call, and react-admin's dialect over every status.
import Router from '@koa/router';
import { auditAdminMutations } from '../staff';
import { publicAnswer } from '../../platform/cache/answerCache';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { productChangeInput, productInput, productStatusInput } from '../../../../domain/schemas/catalogue';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireAdmin } from '../auth';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { PRODUCT_STATUSES, SLUG_MAX } from '../../../../domain/limits';
import { createProduct, deleteProduct, findProduct, productView, setProductStatus, updateProduct, ProductInput } from './products';
import { catalogueList, parseCatalogueQuery, staffProductPage } from './productLists';

/** A product from the staff's form; `partial` for a change. */
function parseProduct(body: unknown, partial: boolean): ProductInput {
  return parseBody(body, partial ? productChangeInput : productInput) as ProductInput;
}

async function raList(ctx: Context) {
  const { products, total, start } = await staffProductPage(ctx.query, (spec) => parseRaParams(ctx.query, spec));
  sendRaList(ctx, 'products', products, start, total);
}

function parseNewProduct(ctx: Context) {
  return parseProduct(ctx.request.body, false) as ProductInput & { name: string; price: number };
}

// The shop.
async function shopList(ctx: Context) {
  ctx.body = await catalogueList(parseCatalogueQuery(ctx.query, false), ['active']);
  publicAnswer(ctx);
}

async function shopProduct(ctx: Context) {
  const raw = ctx.params.idOrSlug;
  if (raw.length > SLUG_MAX) throw badRequest(API.invalidId);
  const product = await findProduct(raw);
  const isAdmin = ctx.state.user?.role === 'admin';
  // Drafts and archived products do not exist for shoppers.
  if (product.status !== 'active' && !isAdmin) throw notFound(API.productNotFound);
  ctx.body = { product: await productView(product) };
  if (product.status === 'active') publicAnswer(ctx);
}

async function changeStatus(ctx: Context) {
  const { status } = parseBody(ctx.request.body, productStatusInput);
  const updated = await setProductStatus(parseId(ctx.params.id), status);
  ctx.body = { message: API.productStatusUpdated(status), product: await productView(updated) };
}

// The spec's admin call.
async function specCreate(ctx: Context) {
  const product = await createProduct(parseNewProduct(ctx));
  ctx.status = 201;
  ctx.body = { message: API.productCreated, product: await productView(product) };
}

// react-admin's dialect (a plain GET without range answers like the shop, over every status).
async function staffList(ctx: Context) {
  if (isRaDialect(ctx.query)) return raList(ctx);
  ctx.body = await catalogueList(parseCatalogueQuery(ctx.query, true), PRODUCT_STATUSES);
}

async function staffProduct(ctx: Context) {
  ctx.body = await productView(await findProduct(parseId(ctx.params.id)));
}

async function staffCreate(ctx: Context) {
  const product = await createProduct(parseNewProduct(ctx));
  ctx.status = 201;
  ctx.body = await productView(product);
}

async function staffUpdate(ctx: Context) {
  const id = parseId(ctx.params.id);
  const product = await updateProduct(id, parseProduct(ctx.request.body, true));
  ctx.body = await productView(product);
}

async function staffDelete(ctx: Context) {
  ctx.body = { ...(await deleteProduct(parseId(ctx.params.id))), message: API.productDeleted };
}

export function productRoutes() {
  const router = new Router();
  router.get('/products', shopList);
  router.get('/products/:idOrSlug', shopProduct);
  router.put('/products/:id/updateStatus', requireAdmin, auditAdminMutations, changeStatus);
  router.post('/admin/products/create', specCreate);
  router.get('/admin/products', staffList);
  router.get('/admin/products/:id', staffProduct);
  router.post('/admin/products', staffCreate);
  router.put('/admin/products/:id', staffUpdate);
  router.delete('/admin/products/:id', staffDelete);
  return router;
}
