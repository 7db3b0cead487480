// Stock at a glance: every variant of every product in one list (react-admin's dialect), and its
// stock changed in place (PUT /api/admin/inventory/:variantId { stock }), audited like any admin
// change. Search by product name or SKU; `lowStock` keeps the variants at or under the threshold.
import Router from '@koa/router';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { stockChangeInput } from '@domain/schemas/inventory';
import { API } from '@domain/messages';
import { inventoryListSpec, inventoryPage, inventoryRow, setStock } from './service';

export function inventoryRoutes() {
  const router = new Router({ prefix: '/admin/inventory' });
  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, inventoryListSpec);
    const { rows, total } = await inventoryPage(params);
    sendRaList(ctx, 'inventory', rows, params.start, total);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await inventoryRow(parseId(ctx.params.id));
  });
  router.put('/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    const { stock } = parseBody(ctx.request.body, stockChangeInput);
    ctx.body = { ...(await setStock(id, stock)), message: API.stockSaved };
  });
  return router;
}
