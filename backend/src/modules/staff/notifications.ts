// Messages for the staff (the admin's notifications panel).
import type { Transaction } from 'objection';
import { Notification } from '../../models/Notification';

export type NotificationType = 'order' | 'withdrawal' | 'contact' | 'customer' | 'low_stock';

export async function notifyStaff(n: { type: NotificationType; message: string; link?: string }, trx?: Transaction): Promise<Notification> {
  const [made] = await Notification.insertComposed(trx ?? Notification.knex(), [{ type: n.type, message: n.message.slice(0, 500), link: n.link ?? '', isRead: false }]);
  return made;
}
