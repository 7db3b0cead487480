// Discount codes: the staff's react-admin resource /api/admin/discounts (the cart page's preview
// POST /api/discounts/check is priced by the checkout's quote: checkout/routes).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { discountChangeInput, discountInput } from '@domain/schemas/discounts';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { createDiscount, deleteDiscount, discountListSpec, findDiscount, listDiscounts, updateDiscount } from './adminService';

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, discountListSpec);
  const { rows, total } = await listDiscounts(params);
  sendRaList(ctx, 'discounts', rows, params.start, total);
}

const doc = apiDoc('Отстъпки');

export function discountsRoutes() {
  const router = new Router();

  router.get('/admin/discounts', doc('Кодовете за отстъпка', { raList: true, answer: 'Списък от отстъпки' }), raList);
  router.get('/admin/discounts/:id', doc('Една отстъпка', { answer: 'Отстъпката' }), async (ctx) => {
    ctx.body = await findDiscount(parseId(ctx.params.id));
  });
  router.post('/admin/discounts', doc('Нова отстъпка', { body: discountInput, status: 201, answer: 'Отстъпката' }), async (ctx) => {
    const created = await createDiscount(parseBody(ctx.request.body, discountInput));
    ctx.status = 201;
    ctx.body = created;
  });
  router.put('/admin/discounts/:id', doc('Промяна на отстъпка', { body: discountChangeInput, answer: 'Отстъпката' }), async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = await updateDiscount(id, parseBody(ctx.request.body, discountChangeInput));
  });
  router.delete('/admin/discounts/:id', doc('Изтриване на отстъпка', { answer: 'Изтритата отстъпка' }), async (ctx) => {
    ctx.body = await deleteDiscount(parseId(ctx.params.id));
  });

  return router;
}
