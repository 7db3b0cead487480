import { BaseModel, S } from './BaseModel';

/** Part of a payment given to one invoice (modules/accounts writes them). */
export class PaymentAllocation extends BaseModel {
  static tableName = 'payment_allocations';
  static timestamps = 'created' as const;
  static moneyFields = ['amount'];

  paymentId!: number;
  invoiceId!: number;
  amount!: number;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['paymentId', 'invoiceId', 'amount'],
    properties: { paymentId: S.id, invoiceId: S.id, amount: S.int(1) },
  };
}
