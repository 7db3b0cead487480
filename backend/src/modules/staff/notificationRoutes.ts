// Staff notifications (react-admin resource /api/admin/notifications, unread first), the unread
// count for the admin header's badge, and marking all read.
import Router from '@koa/router';
import { Notification, NOTIFICATION_TYPES } from '../../models/Notification';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { notificationChangeInput } from '../../../../domain/schemas/staff';
import { notFound } from '../../platform/http/errors';
import { filterBy, parseRaParams, raPage, sendRaList, whereContains, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';

const raSpec: RaListSpec = {
  idColumn: 'id',
  // Unread first, then newest: the panel's order.
  defaultSort: ['unreadFirst', 'ASC'],
  sortable: { unreadFirst: 'isRead', id: 'id', createdAt: 'createdAt', type: 'type', isRead: 'isRead' },
  filters: {
    q: (qb, v) => {
      if (typeof v === 'string' && v.trim()) whereContains(qb, 'message', v.trim());
    },
    type: filterBy.equals('type', NOTIFICATION_TYPES),
    isRead: (qb, v) => qb.where('isRead', v === true || v === 'true'),
  },
};

async function find(id: number) {
  const n = await Notification.query().findById(id);
  if (!n) throw notFound(API.notFound);
  return n;
}

export function notificationsRoutes() {
  const router = new Router({ prefix: '/admin/notifications' });

  router.get('/', async (ctx) => {
    const params = parseRaParams(ctx.query, raSpec);
    const base = Notification.query();
    // Unread first and, within each, newest first.
    const { rows, total } = await raPage(params.sort[0] === 'unreadFirst' ? base.orderBy('isRead', params.sort[1] === 'ASC' ? 'asc' : 'desc').orderBy('createdAt', 'desc') : base, params, raSpec);
    sendRaList(ctx, 'notifications', rows, params.start, total);
  });
  router.get('/unread-count', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: await Notification.query().where('isRead', false).resultSize() };
  });
  router.post('/read-all', async (ctx) => {
    const count = await Notification.query().patch({ isRead: true } as Partial<Notification>).where('isRead', false);
    ctx.body = { message: API.notificationsRead, count };
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await find(parseId(ctx.params.id));
  });
  router.put('/:id', async (ctx) => {
    const n = await find(parseId(ctx.params.id));
    const { isRead } = parseBody<{ isRead?: boolean }>(ctx.request.body, notificationChangeInput, { partial: true });
    ctx.body = isRead === undefined ? n : await n.$query().patchAndFetch({ isRead } as Partial<Notification>);
  });
  router.delete('/:id', async (ctx) => {
    const n = await find(parseId(ctx.params.id));
    await n.$query().delete();
    ctx.body = n;
  });
  return router;
}
