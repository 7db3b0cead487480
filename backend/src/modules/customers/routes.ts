// GET /api/admin/customers in react-admin's dialect (?sort&range&filter → array + Content-Range),
// and GET /api/admin/customers/:id (the id is the e-mail; with contacts, addresses and orders). Filters: q (name in either order, e-mail,
// phone written any way), registered (true/false). Sorted by orders, spending, last order or name.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseRaParams, sendRaList, type RaListSpec } from '../../platform/lists/raList';
import { badRequest, notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { matchesCustomer } from '@domain/customers';
import { allCustomers, type CustomerRow } from './service';
import { customerDetail } from './customerDetail';

// The list is built in memory (one row per e-mail), so raSpec only names the allowed fields.
const SORTABLE = ['lastOrderAt', 'orderCount', 'totalSpent', 'lastName', 'email', 'createdAt'] as const;
const raSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['lastOrderAt', 'DESC'],
  sortable: Object.fromEntries(SORTABLE.map((f) => [f, f])),
  filters: { q: () => undefined, registered: () => undefined, id: () => undefined },
};

function compare(field: (typeof SORTABLE)[number], a: CustomerRow, b: CustomerRow): number {
  const x = a[field];
  const y = b[field];
  if (x === y) return 0;
  if (x === null || x === undefined) return -1;
  if (y === null || y === undefined) return 1;
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'bg');
}

async function list(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  const { q, registered, id } = params.filter as { q?: unknown; registered?: unknown; id?: unknown };
  if (q !== undefined && typeof q !== 'string') throw badRequest(API.invalidInput, { q: API.invalidValue });
  let rows = await allCustomers();
  if (typeof q === 'string' && q.trim()) rows = rows.filter((c) => matchesCustomer(q.trim(), c));
  if (registered === true || registered === 'true') rows = rows.filter((c) => c.registered);
  if (registered === false || registered === 'false') rows = rows.filter((c) => !c.registered);
  if (Array.isArray(id)) rows = rows.filter((c) => id.includes(c.id));
  const [field, order] = params.sort as [(typeof SORTABLE)[number], 'ASC' | 'DESC'];
  rows.sort((a, b) => (order.toUpperCase() === 'DESC' ? -1 : 1) * compare(field, a, b) || a.email.localeCompare(b.email));
  sendRaList(ctx, 'customers', rows.slice(params.start, params.end + 1), params.start, rows.length);
}

const doc = apiDoc('Клиенти');

export function customersRoutes() {
  const router = new Router({ prefix: '/admin/customers' });
  router.get('/', doc('Клиентите (с поръчките им)', { raList: true, answer: 'Списък от клиенти' }), list);
  router.get('/:id', doc('Един клиент: поръчки, адреси, суми', { answer: 'Клиентът' }), async (ctx) => {
    const email = decodeURIComponent(ctx.params.id).toLowerCase();
    const found = (await allCustomers()).find((c) => c.email === email);
    if (!found) throw notFound(API.customerNotFound);
    ctx.body = await customerDetail(found);
  });
  return router;
}
