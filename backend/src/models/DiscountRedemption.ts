import { BaseModel, S } from './BaseModel';

/** One use of a discount code by one order (the counts per customer are in discount_customer_uses). */
export class DiscountRedemption extends BaseModel {
  static tableName = 'discount_redemptions';
  static timestamps = 'created' as const;
  discountId!: number;
  orderId!: number;
  email!: string;
  /** Whose use it counts as: `user:<id>` for a signed-in customer, `email:<normalised>` for a guest. */
  customerKey!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['discountId', 'orderId', 'email'],
    properties: { discountId: S.id, orderId: S.id, email: S.str(254, 3) },
  };
}
