import { BaseModel, S } from './BaseModel';
import { TEXT_MAX } from '@domain/limits';

/** The order's history: status changes, payments, notes, each with who did it. */
export class OrderEvent extends BaseModel {
  static tableName = 'order_events';
  static timestamps = 'created' as const;
  static hiddenFields = ['orderId'];

  orderId!: number;
  type!: string;
  fromStatus!: string | null;
  toStatus!: string | null;
  note!: string;
  actorUserId!: number | null;
  actorLabel!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'type'],
    properties: {
      orderId: S.id,
      type: S.str(32, 1),
      fromStatus: S.strOrNull(24),
      toStatus: S.strOrNull(24),
      note: S.str(TEXT_MAX),
      actorUserId: S.idOrNull,
      actorLabel: S.str(254),
    },
  };
}
