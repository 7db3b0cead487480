// Stock at a glance: every variant of every product in one list (react-admin's dialect); a count
// (PUT /api/admin/inventory/:variantId { stock, note }: the figure found, its difference recorded)
// and a correction (POST …/adjustments { delta, note }), audited like any admin change; and the
// history of every movement (GET /api/admin/stock-movements, filtered by variant, product,
// order, reason and date). Search by product name or SKU; `lowStock` keeps the variants at or
// under the threshold.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { stockAdjustmentInput, stockChangeInput } from '@domain/schemas/inventory';
import { API } from '@domain/messages';
import { correctStock, inventoryListSpec, inventoryPage, inventoryRow, movementListSpec, movementPage, setStock } from './service';

const staffOf = (ctx: Context) => ({ userId: (ctx.state.user as { id: number } | null)?.id ?? null });

const doc = apiDoc('Наличности');

export function inventoryRoutes() {
  const router = new Router({ prefix: '/admin' });
  router.get('/inventory', doc('Наличностите по вариант', { raList: true, answer: 'Списък от варианти с наличност' }), async (ctx) => {
    const params = parseRaParams(ctx.query, inventoryListSpec);
    const { rows, total } = await inventoryPage(params);
    sendRaList(ctx, 'inventory', rows, params.start, total);
  });
  router.get('/inventory/:id', doc('Наличността на един вариант', { answer: 'Вариантът' }), async (ctx) => {
    ctx.body = await inventoryRow(parseId(ctx.params.id));
  });
  router.put('/inventory/:id', doc('Задаване на наличност', { body: stockChangeInput, answer: 'Вариантът' }), async (ctx) => {
    const id = parseId(ctx.params.id);
    const { stock, note } = parseBody(ctx.request.body, stockChangeInput);
    ctx.body = { ...(await setStock(id, stock, { ...staffOf(ctx), note })), message: API.stockSaved };
  });
  router.post(
    '/inventory/:id/adjustments',
    doc('Корекция на наличност (+/−)', { body: stockAdjustmentInput, answer: 'Вариантът' }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const { delta, note } = parseBody(ctx.request.body, stockAdjustmentInput);
      ctx.body = { ...(await correctStock(id, delta, { ...staffOf(ctx), note })), message: API.stockAdjusted };
    },
  );
  router.get('/stock-movements', doc('Историята на наличностите', { raList: true, answer: 'Списък от движения' }), async (ctx) => {
    const params = parseRaParams(ctx.query, movementListSpec);
    const { rows, total } = await movementPage(params);
    sendRaList(ctx, 'stock-movements', rows, params.start, total);
  });
  return router;
}
