import { BaseModel, S } from './BaseModel';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES } from '@domain/orderStatus';

export class Payment extends BaseModel {
  static tableName = 'payments';
  static moneyFields = ['amount', 'refundedAmount', 'unallocated'];

  /** The order whose own payment this is; null for money received from a payer (see accounts). */
  orderId!: number | null;
  method!: (typeof PAYMENT_METHODS)[number] | 'cash';
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
  companyId!: number | null;
  customerEmail!: string;
  payerName!: string;
  payerIban!: string;
  /** The day the money came (YYYY-MM-DD), for money received. */
  receivedOn!: string | null;
  /** Minor units not allocated to any invoice: the payer's credit. */
  unallocated!: number;
  source!: 'order' | 'manual' | 'bank';
  recordedBy!: string;
  createdAt!: string;
  updatedAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['method', 'amount'],
    properties: {
      orderId: S.idOrNull,
      method: S.enum([...PAYMENT_METHODS, 'cash']),
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
