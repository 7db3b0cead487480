import { BaseModel, S } from './BaseModel';

export const NOTIFICATION_TYPES = ['order', 'withdrawal', 'contact', 'customer', 'low_stock', 'permit'] as const;

/** A message for the staff, shown in the admin's notifications panel. */
export class Notification extends BaseModel {
  static tableName = 'notifications';
  static timestamps = 'created' as const;
  static booleanFields = ['isRead'];

  type!: string;
  message!: string;
  link!: string;
  isRead!: boolean;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['type', 'message'],
    properties: { type: S.str(32, 1), message: S.str(500, 1), link: S.str(300), isRead: S.bool },
  };
}
