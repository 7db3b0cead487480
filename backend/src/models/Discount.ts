import { Pojo } from 'objection';
import { BaseModel, S } from './BaseModel';
import { fromMinor } from '@domain/money';
import { DISCOUNT_TYPES } from '@domain/pricing';

export { DISCOUNT_TYPES };
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A discount code. `value` is a whole percent for 'percent', stotinki for 'fixed'. */
export class Discount extends BaseModel {
  static tableName = 'discounts';
  static moneyFields = ['minSubtotal'];
  static booleanFields = ['active'];

  code!: string;
  type!: DiscountType;
  value!: number;
  minSubtotal!: number;
  startsAt!: string | null;
  endsAt!: string | null;
  usageLimit!: number | null;
  perCustomerLimit!: number | null;
  usedCount!: number;
  active!: boolean;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;

  static jsonSchema = {
    type: 'object',
    required: ['code', 'type'],
    properties: {
      code: S.str(50, 1),
      type: S.enum(DISCOUNT_TYPES),
      value: S.int(0),
      minSubtotal: S.int(0),
      startsAt: S.ts,
      endsAt: S.ts,
      usageLimit: S.intOrNull(1),
      perCustomerLimit: S.intOrNull(1),
      usedCount: S.int(0),
      active: S.bool,
    },
  };

  /** A fixed amount is money (decimal BGN in answers); a percent is a whole number. */
  $formatJson(json: Pojo): Pojo {
    json = super.$formatJson(json);
    if (json.type === 'fixed') json.value = fromMinor(json.value);
    return json;
  }
}
