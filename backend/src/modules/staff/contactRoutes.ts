// The distributors' form (POST /api/contact) and the staff's inbox of its messages
// (react-admin resource /api/admin/contact-messages).
import Router from '@koa/router';
import type { Context } from 'koa';
import { ContactMessage } from '../../models/ContactMessage';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { contactMessageChangeInput, contactMessageInput } from '../../../../domain/schemas/staff';
import { notFound, tooManyRequests } from '../../platform/http/errors';
import { filterBy, parseRaParams, raPage, sendRaList, RaListSpec } from '../../platform/lists/raList';
import { Throttle } from '../../platform/http/throttle';
import { notifyStaff } from './notifications';
import { API } from '../../../../domain/messages';
import { searchable } from '../../../../domain/slug';
import { CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES } from '../../../../domain/limits';


const raSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'id', createdAt: 'createdAt', name: 'name', company: 'company', isRead: 'isRead' },
  filters: {
    q: filterBy.search('searchText'),
    isRead: (qb, v) => qb.where('isRead', v === true || v === 'true'),
  },
};

let throttle: Throttle | undefined;

async function find(id: number) {
  const m = await ContactMessage.query().findById(id);
  if (!m) throw notFound(API.notFound);
  return m;
}

async function receive(ctx: Context) {
  const input = parseBody<{ name: string; company?: string; email: string; phone?: string; message: string }>(ctx.request.body, contactMessageInput);
  throttle ??= new Throttle(ContactMessage.knex(), CONTACT_MAX_PER_WINDOW, CONTACT_WINDOW_MINUTES * 60_000);
  const key = [`contact:ip:${ctx.ip}`];
  if (await throttle.isBlocked(key)) throw tooManyRequests(API.contactTooMany);
  await throttle.fail(key);
  const saved = await ContactMessage.transaction(async (trx) => {
    const row = await ContactMessage.query(trx).insertAndFetch({
      name: input.name, company: input.company ?? '', email: input.email, phone: input.phone ?? '', message: input.message, isRead: false,
      searchText: searchable(input.name, input.company ?? '', input.email, input.message),
    } as Partial<ContactMessage>);
    await notifyStaff({ type: 'contact', message: `Запитване от ${input.name}${input.company ? ` (${input.company})` : ''}`, link: `/admin/contact-messages/${row.id}` }, trx);
    return row;
  });
  ctx.status = 201;
  ctx.body = { message: API.contactReceived, id: saved.id };
}

export function contactRoutes() {
  const router = new Router();
  router.post('/contact', receive);

  router.get('/admin/contact-messages', async (ctx) => {
    const params = parseRaParams(ctx.query, raSpec);
    const { rows, total } = await raPage(ContactMessage.query(), params, raSpec);
    sendRaList(ctx, 'contact-messages', rows, params.start, total);
  });
  router.get('/admin/contact-messages/:id', async (ctx) => {
    ctx.body = await find(parseId(ctx.params.id));
  });
  router.put('/admin/contact-messages/:id', async (ctx) => {
    const m = await find(parseId(ctx.params.id));
    const { isRead } = parseBody<{ isRead?: boolean }>(ctx.request.body, contactMessageChangeInput, { partial: true });
    ctx.body = isRead === undefined ? m : await m.$query().patchAndFetch({ isRead } as Partial<ContactMessage>);
  });
  router.delete('/admin/contact-messages/:id', async (ctx) => {
    const m = await find(parseId(ctx.params.id));
    await m.$query().delete();
    ctx.body = m;
  });
  return router;
}
