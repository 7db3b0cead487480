// Orders for the staff: the plain list (?page&limit&searchTerm&statusFilter&sortBy ->
// { data: { orders, total } }), react-admin's dialect on the same path, one order with its
// items, events and payment, changes through the state machine, and delete with an audit record
// (an order taken by phone is the checkout's: POST /admin/orders).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { orderChangeInput, orderDeletionQuery, orderListQuery } from '@domain/schemas/orders';
import { API } from '@domain/messages';
import { findOrder, orderView, withPaymentFigures } from './service';
import { currentUser, staffActor } from './requests';
import {
  changeOrderAsStaff,
  deleteOrderAsStaff,
  orderCountsByStatus,
  staffOrderList,
  staffOrderListSpec,
  staffOrderPage,
} from './adminService';

async function specList(ctx: Context) {
  ctx.body = { data: await staffOrderList(parseQuery(ctx.query, orderListQuery)) };
}

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, staffOrderListSpec);
  const { orders, total } = await staffOrderPage(params);
  sendRaList(ctx, 'orders', orders, params.start, total);
}

/** Apply a staff edit; the customer hears of a status change by e-mail. */
async function updateOrder(ctx: Context, id: number) {
  const input = parseBody(ctx.request.body, orderChangeInput);
  return changeOrderAsStaff(id, input, staffActor(ctx));
}

async function removeOrder(ctx: Context, id: number) {
  // The admin asks why; the plain DELETE (no reason) is still accepted.
  const { reason } = parseQuery(ctx.query, orderDeletionQuery);
  const order = await deleteOrderAsStaff(id, currentUser(ctx), reason, ctx.ip);
  ctx.state.audited = true;
  return order;
}

const doc = apiDoc('Поръчки (служители)');

export function adminOrdersRoutes() {
  const router = new Router({ prefix: '/admin/orders' });

  router.get(
    '/',
    doc('Поръчките (react-admin или страници)', {
      raList: true,
      query: orderListQuery,
      answer: 'Списък от поръчки (или { data } без react-admin)',
    }),
    async (ctx) => (isRaDialect(ctx.query) ? raList(ctx) : specList(ctx)),
  );

  // How many orders are in each status: the tabs of the order list.
  router.get('/counts', doc('Броят поръчки по състояние', { answer: '{ counts }: брой по състояние' }), async (ctx) => {
    ctx.body = { counts: await orderCountsByStatus() };
  });

  router.get('/:id', doc('Една поръчка с историята ѝ', { answer: 'Поръчката' }), async (ctx) => {
    ctx.body = await withPaymentFigures(orderView(await findOrder(parseId(ctx.params.id)), { staff: true }));
  });

  // One answer serves both dialects: react-admin reads the record, a plain client the message.
  router.put(
    '/:id',
    doc('Промяна на поръчка (състояние, бележки, редове)', { body: orderChangeInput, answer: 'Поръчката' }),
    async (ctx) => {
      const order = await updateOrder(ctx, parseId(ctx.params.id));
      ctx.body = { ...order, message: API.orderUpdated };
    },
  );

  router.delete(
    '/:id',
    doc('Изтриване (анулиране) на поръчка', { query: orderDeletionQuery, answer: 'Поръчката и { message }' }),
    async (ctx) => {
      const order = await removeOrder(ctx, parseId(ctx.params.id));
      ctx.body = { ...order, message: API.orderDeleted };
    },
  );

  return router;
}
