import { BaseModel, S } from './BaseModel';

/** A payment reminder sent for an order owed, at a day from its due date (orders/receivables): once each. */
export class DunningReminder extends BaseModel {
  static tableName = 'dunning_reminders';
  static timestamps = 'none' as const;

  orderId!: number;
  /** Days from the due date (negative: before it). */
  day!: number;
  sentAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'day', 'sentAt'],
    properties: { orderId: S.id, day: S.int(-1000, 1000), sentAt: S.ts },
  };
}
