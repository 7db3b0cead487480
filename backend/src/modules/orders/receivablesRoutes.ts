// Staff's receivables: what each company owes — unpaid total, overdue total, the oldest
// due date — in react-admin's dialect (GET /admin/receivables?sort&range&filter={overdue,companyId,q},
// an array and Content-Range), one company's line (GET /admin/receivables/:id), and the overdue
// reminders run now (POST /admin/receivables/remind). Marking an order paid is the payments' path.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseId, parseRaParams, receivableSpec, receivablesPage, remindNow, oneReceivable } from './receivablesRequests';
import { sendRaList } from '../../platform/lists/raList';

async function list(ctx: Context) {
  const params = parseRaParams(ctx.query, receivableSpec);
  const { rows, total } = await receivablesPage(params);
  ctx.set('Cache-Control', 'no-store');
  sendRaList(ctx, 'receivables', rows, params.start, total);
}

async function one(ctx: Context) {
  ctx.body = await oneReceivable(parseId(ctx.params.id));
}

async function remind(ctx: Context) {
  ctx.body = await remindNow(ctx.config);
}

const doc = apiDoc('Вземания');

export function receivablesRoutes() {
  const router = new Router({ prefix: '/admin/receivables' });
  router.get('/', doc('Неплатените фактури на фирмите (вземания)', { raList: true, answer: 'Списък от вземания' }), list);
  router.post('/remind', doc('Напомняния за плащане сега', { answer: '{ message, sent }' }), remind);
  router.get('/:id', doc('Вземанията на една фирма', { answer: 'Фирмата и неплатените ѝ документи' }), one);
  return router;
}
