// Products: the shop's catalogue (what a visitor may see: ./visibility), the plain admin calls, the status
// call, and react-admin's dialect over every status.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { auditAdminMutations } from '../../platform/http/auditTrail';
import { publicAnswer } from '../../platform/cache/answerCache';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { productStatusInput, catalogueQuery, staffCatalogueQuery, productInput, productChangeInput } from '@domain/schemas/catalogue';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireAdmin } from '../../platform/http/auth';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { SLUG_MAX } from '@domain/limits';
import { deleteProduct, findProduct, productView } from './products';
import { saveProduct, setProductStatus } from './productSave';
import { catalogueList, parseCatalogueQuery, shopProducts, staffProductPage } from './productLists';
import { forVisitor, maySee, salesPolicy, SHOPPER, type Visitor } from './visibility';
import { memberCatalogueAnswer, withTradePrices } from './tradePrices';
import type { TradeTerms } from '@domain/trade';
import type { ApiProduct } from '@domain/api';

async function raList(ctx: Context) {
  const { products, total, start } = await staffProductPage(ctx.query, (spec) => parseRaParams(ctx.query, spec));
  sendRaList(ctx, 'products', products, start, total);
}

// The shop: what the visitor may see, with the prices the sales mode lets them have (./visibility);
// a member of an approved company gets their price list's prices.
/** The member of an approved company asking, if it is one. */
function memberOf(ctx: Context): (Visitor & { trade: TradeTerms }) | null {
  const visitor = ctx.state.visitor as Visitor | undefined;
  return visitor?.trade ? (visitor as Visitor & { trade: TradeTerms }) : null;
}

/** A member's answer: their price list's (kept per list, never per person), never in a shared cache. */
async function answerMember(ctx: Context, member: Visitor & { trade: TradeTerms }, compute: () => Promise<object>) {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = await memberCatalogueAnswer(ctx, member, compute);
}

async function shopList(ctx: Context) {
  const member = memberOf(ctx);
  if (member) {
    const query = ctx.query;
    return answerMember(ctx, member, async () => {
      const answer = await shopProducts(query, member);
      return { ...answer, products: await withTradePrices(answer.products as ApiProduct[], member.trade), pricesInclude: 'net' };
    });
  }
  // Anyone but a trade member gets what a guest gets: that answer is kept for all of them.
  ctx.body = await shopProducts(ctx.query, ctx.state.visitor as Visitor);
  publicAnswer(ctx);
}

async function shopProduct(ctx: Context) {
  const raw = ctx.params.idOrSlug;
  if (raw.length > SLUG_MAX) throw badRequest(API.invalidId);
  const member = memberOf(ctx);
  const product = await findProduct(raw);
  const visitor = ctx.state.visitor as Visitor;
  const sales = await salesPolicy();
  // What a visitor may not see does not exist for them (staff preview drafts).
  if (!maySee(product, visitor, sales)) throw notFound(API.productNotFound);
  if (member)
    return answerMember(ctx, member, async () => ({ product: (await withTradePrices([await productView(product)], member.trade))[0] }));
  ctx.body = { product: forVisitor(await productView(product), visitor, sales) };
  if (maySee(product, SHOPPER, sales)) publicAnswer(ctx);
}

async function changeStatus(ctx: Context) {
  const { status } = parseBody(ctx.request.body, productStatusInput);
  const updated = await setProductStatus(parseId(ctx.params.id), status);
  ctx.body = { message: API.productStatusUpdated(status), product: await productView(updated) };
}

// The plain admin create call (POST /admin/products/create).
/** Who saves, for the stock movements a save makes (a new variant's first figure). */
const saver = (ctx: Context) => ({ userId: (ctx.state.user as { id: number } | null)?.id ?? null });

async function specCreate(ctx: Context) {
  const product = await saveProduct({ input: parseBody(ctx.request.body, productInput) }, saver(ctx));
  ctx.status = 201;
  ctx.body = { message: API.productCreated, product: await productView(product) };
}

// react-admin's dialect (a plain GET without range answers like the shop, over every status).
async function staffList(ctx: Context) {
  if (isRaDialect(ctx.query)) return raList(ctx);
  ctx.body = await catalogueList(parseCatalogueQuery(ctx.query, true), null);
}

async function staffProduct(ctx: Context) {
  ctx.body = await productView(await findProduct(parseId(ctx.params.id)));
}

async function staffCreate(ctx: Context) {
  const product = await saveProduct({ input: parseBody(ctx.request.body, productInput) }, saver(ctx));
  ctx.status = 201;
  ctx.body = await productView(product);
}

async function staffUpdate(ctx: Context) {
  const id = parseId(ctx.params.id);
  const product = await saveProduct({ input: parseBody(ctx.request.body, productChangeInput), existing: id }, saver(ctx));
  ctx.body = await productView(product);
}

async function staffDelete(ctx: Context) {
  ctx.body = { ...(await deleteProduct(parseId(ctx.params.id))), message: API.productDeleted };
}

const doc = apiDoc('Продукти');

export function productRoutes() {
  const router = new Router();
  router.get(
    '/products',
    doc('Каталогът: търсене, филтри и страници', {
      query: catalogueQuery,
      answer: '{ products, total, page, … }: цени за търговски клиент, когато е член на фирма',
    }),
    shopList,
  );
  router.get('/products/:idOrSlug', doc('Един продукт по номер или адрес (slug)', { answer: '{ product }' }), shopProduct);
  router.put(
    '/products/:id/updateStatus',
    doc('Смяна на състоянието на продукт', { auth: 'staff', body: productStatusInput, answer: '{ message, product }' }),
    requireAdmin,
    auditAdminMutations,
    changeStatus,
  );
  router.post(
    '/admin/products/create',
    doc('Нов продукт', { body: productInput, status: 201, answer: '{ message, product }' }),
    specCreate,
  );
  router.get(
    '/admin/products',
    doc('Продуктите за служителите (react-admin или страници)', { raList: true, query: staffCatalogueQuery, answer: 'Списък от продукти' }),
    staffList,
  );
  router.get(
    '/admin/products/:id',
    doc('Един продукт за служителите', { answer: 'Продуктът с вариантите, снимките и версията' }),
    staffProduct,
  );
  router.post('/admin/products', doc('Нов продукт (react-admin)', { body: productInput, status: 201, answer: 'Продуктът' }), staffCreate);
  router.put('/admin/products/:id', doc('Промяна на продукт', { body: productChangeInput, answer: 'Продуктът' }), staffUpdate);
  router.delete('/admin/products/:id', doc('Изтриване на продукт', { answer: 'Изтритият продукт' }), staffDelete);
  return router;
}
