import { BaseModel, S } from './BaseModel';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES } from '@domain/orderStatus';

export class Payment extends BaseModel {
  static tableName = 'payments';
  static moneyFields = ['amount', 'refundedAmount'];

  orderId!: number;
  method!: (typeof PAYMENT_METHODS)[number];
  amount!: number;
  /** The currency the amount is in: the shop's currency of account when the order was placed. */
  currency!: string;
  status!: (typeof PAYMENT_RECORD_STATUSES)[number];
  reference!: string;
  paidAt!: string | null;
  refundedAt!: string | null;
  /** What went back to the buyer (a refund may be partial); null until refunded. */
  refundedAmount!: number | null;
  refundReason!: string;
  createdAt!: string;
  updatedAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'method', 'amount'],
    properties: {
      orderId: S.id,
      method: S.enum(PAYMENT_METHODS),
      amount: S.int(0),
      currency: S.str(3, 3),
      status: S.enum(PAYMENT_RECORD_STATUSES),
      reference: S.str(100),
      paidAt: S.ts,
      refundedAt: S.ts,
      refundedAmount: S.intOrNull(0),
      refundReason: S.str(500),
    },
  };

  static get relationMappings() {
    const { Order } = require('./Order');
    return {
      order: { relation: BaseModel.BelongsToOneRelation, modelClass: Order, join: { from: 'payments.order_id', to: 'orders.id' } },
    };
  }
}
