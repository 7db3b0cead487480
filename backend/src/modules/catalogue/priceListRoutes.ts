// Trade price lists in react-admin's dialect (/api/admin/price-lists): admin-only and audited like
// every /api/admin call.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { priceListInput, priceListChangeInput } from '@domain/schemas/priceLists';
import type { Context } from 'koa';
import { parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { deletePriceList, findPriceList, priceListPage, priceListRaSpec, priceListView, savePriceList } from './priceLists';

async function list(ctx: Context) {
  const params = parseRaParams(ctx.query, priceListRaSpec);
  const { rows, total } = await priceListPage(params);
  sendRaList(ctx, 'price-lists', rows, params.start, total);
}

async function getOne(ctx: Context) {
  ctx.body = await priceListView(await findPriceList(parseId(ctx.params.id)));
}

async function create(ctx: Context) {
  const saved = await savePriceList(ctx.request.body);
  ctx.status = 201;
  ctx.body = { ...saved, message: PRICE_LIST_TEXTS.created };
}

async function update(ctx: Context) {
  const saved = await savePriceList(ctx.request.body, parseId(ctx.params.id));
  ctx.body = { ...saved, message: PRICE_LIST_TEXTS.updated };
}

async function remove(ctx: Context) {
  ctx.body = { ...(await deletePriceList(parseId(ctx.params.id))), message: PRICE_LIST_TEXTS.deleted };
}

const doc = apiDoc('Ценови листи');

export function priceListRoutes() {
  const router = new Router();
  router.get('/admin/price-lists', doc('Ценовите листи за търговски клиенти', { raList: true, answer: 'Списък от ценови листи' }), list);
  router.get('/admin/price-lists/:id', doc('Една ценова листа', { answer: 'Ценовата листа с цените' }), getOne);
  router.post(
    '/admin/price-lists',
    doc('Нова ценова листа', { body: priceListInput, status: 201, answer: 'Ценовата листа и { message }' }),
    create,
  );
  router.put(
    '/admin/price-lists/:id',
    doc('Промяна на ценова листа', { body: priceListChangeInput, answer: 'Ценовата листа и { message }' }),
    update,
  );
  router.delete('/admin/price-lists/:id', doc('Изтриване на ценова листа', { answer: 'Изтритата ценова листа и { message }' }), remove);
  return router;
}
