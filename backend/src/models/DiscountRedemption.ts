import { BaseModel, S } from './BaseModel';

/** One use of a discount code by one order, counted per e-mail for per-customer limits. */
export class DiscountRedemption extends BaseModel {
  static tableName = 'discount_redemptions';
  static timestamps = 'created' as const;
  discountId!: number;
  orderId!: number;
  email!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['discountId', 'orderId', 'email'],
    properties: { discountId: S.id, orderId: S.id, email: S.str(254, 3) },
  };
}
