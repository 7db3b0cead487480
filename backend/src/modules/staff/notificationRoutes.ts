// Staff notifications (react-admin resource /api/admin/notifications, unread first), the unread
// count for the admin header's badge, and marking all read.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { notificationChangeInput } from '@domain/schemas/staff';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import {
  deleteNotification,
  findNotification,
  markAllNotificationsRead,
  markNotification,
  notificationListSpec,
  notificationPage,
  unreadNotificationCount,
} from './notifications';

const doc = apiDoc('Известия');

export function notificationsRoutes() {
  const router = new Router({ prefix: '/admin/notifications' });

  router.get('/', doc('Известията за служителите', { raList: true, answer: 'Списък от известия' }), async (ctx) => {
    const params = parseRaParams(ctx.query, notificationListSpec);
    const { rows, total } = await notificationPage(params);
    sendRaList(ctx, 'notifications', rows, params.start, total);
  });
  router.get('/unread-count', doc('Броят непрочетени известия', { answer: '{ count }' }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { count: await unreadNotificationCount() };
  });
  router.post('/read-all', doc('Всички известия – прочетени', { answer: '{ message, count }' }), async (ctx) => {
    ctx.body = { message: API.notificationsRead, count: await markAllNotificationsRead() };
  });
  router.get('/:id', doc('Едно известие', { answer: 'Известието' }), async (ctx) => {
    ctx.body = await findNotification(parseId(ctx.params.id));
  });
  router.put('/:id', doc('Известие – прочетено или не', { body: notificationChangeInput, answer: 'Известието' }), async (ctx) => {
    const id = parseId(ctx.params.id);
    const { isRead } = parseBody(ctx.request.body, notificationChangeInput);
    ctx.body = await markNotification(id, isRead);
  });
  router.delete('/:id', doc('Изтриване на известие', { answer: 'Изтритото известие' }), async (ctx) => {
    ctx.body = await deleteNotification(parseId(ctx.params.id));
  });
  return router;
}
