// Messages for the staff (the admin's notifications panel): written by the shop's events, read,
// marked read and deleted by staff.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import type { ComposedInsert } from '../../models/BaseModel';
import { Notification, NOTIFICATION_TYPES } from '../../models/Notification';
import { notFound } from '../../platform/http/errors';
import { filterBy, raPage, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API, EFFECT_LABELS } from '@domain/messages';
import type { FailedEffect } from '../../platform/outbox';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface StaffNotice {
  type: NotificationType;
  message: string;
  link?: string;
}

/** The notification row of a notice (unread; the message cut to what the column holds). */
export function noticeRow(n: StaffNotice): Partial<Notification> {
  return { type: n.type, message: n.message.slice(0, 500), link: n.link ?? '', isRead: false };
}

/** A notice's insert, not yet run: to send with the writes it belongs to (an order's records). */
export function noticeInserts(db: Knex, n: StaffNotice): Array<ComposedInsert<Notification>> {
  return Notification.composedInserts(db, [noticeRow(n)]);
}

/** A notice's text as rewritten (erasing the person it quoted). */
export async function rewriteNotice(trx: Knex.Transaction, id: number, message: string): Promise<void> {
  await trx('notifications').where({ id }).update({ message });
}

export async function notifyStaff(n: StaffNotice, trx?: Transaction): Promise<Notification> {
  const [made] = await Notification.insertComposed(trx ?? Notification.knex(), [noticeRow(n)]);
  return made;
}

/** An effect after a change given up after its last attempt (platform/outbox): staff are told
 *  what is left undone and why, with a link to the order or company it was about. */
export async function noticeOfFailedEffect(failed: FailedEffect): Promise<void> {
  const about = (failed.payload ?? {}) as { orderId?: unknown; order?: { id?: unknown }; companyId?: unknown };
  const orderId = Number(about.orderId ?? about.order?.id) || null;
  const companyId = Number(about.companyId) || null;
  await notifyStaff({
    type: orderId ? 'order' : 'customer',
    message: API.effectGivenUp(EFFECT_LABELS[failed.subscriber] ?? failed.subscriber, failed.attempts, failed.error),
    link: orderId ? `/admin/orders/${orderId}` : companyId ? `/admin/companies/${companyId}` : '',
  });
}

export const notificationListSpec: RaListSpec = {
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

/** A page of notifications; unread first and, within each, newest first (the panel's order). */
export async function notificationPage(params: RaListParams): Promise<{ rows: Notification[]; total: number }> {
  const base = Notification.query();
  const ordered =
    params.sort[0] === 'unreadFirst'
      ? base.orderBy('isRead', params.sort[1] === 'ASC' ? 'asc' : 'desc').orderBy('createdAt', 'desc')
      : base;
  return raPage(ordered, params, notificationListSpec);
}

export async function findNotification(id: number): Promise<Notification> {
  const n = await Notification.query().findById(id);
  if (!n) throw notFound(API.notFound);
  return n;
}

export async function unreadNotificationCount(): Promise<number> {
  return Notification.query().where('isRead', false).resultSize();
}

/** Every unread notification marked read: answers how many. */
export async function markAllNotificationsRead(): Promise<number> {
  return Notification.query()
    .patch({ isRead: true } as Partial<Notification>)
    .where('isRead', false);
}

export async function markNotification(id: number, isRead: boolean | undefined): Promise<Notification> {
  const n = await findNotification(id);
  return isRead === undefined ? n : n.$query().patchAndFetch({ isRead } as Partial<Notification>);
}

export async function deleteNotification(id: number): Promise<Notification> {
  const n = await findNotification(id);
  await n.$query().delete();
  return n;
}
