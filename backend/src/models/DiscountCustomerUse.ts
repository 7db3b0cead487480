import { BaseModel, S } from './BaseModel';

/** How many times one customer (`user:<id>` or `email:<normalised>`) has used one discount
 *  code: the row a per-customer limit is guarded on (modules/discounts/service). */
export class DiscountCustomerUse extends BaseModel {
  static tableName = 'discount_customer_uses';
  static idColumn = ['discountId', 'customerKey'];
  static timestamps = 'none' as const;
  discountId!: number;
  customerKey!: string;
  uses!: number;

  static jsonSchema = {
    type: 'object',
    required: ['discountId', 'customerKey'],
    properties: { discountId: S.id, customerKey: S.str(300, 1), uses: S.int(0) },
  };
}
