import { Pojo } from 'objection';
import { BaseModel, S } from './BaseModel';
import { PERSONALIZATION_MAX, QUANTITY_MAX } from '@domain/limits';

/** A snapshot of what was bought: names, attribute texts and the unit price at the time. */
export class OrderItem extends BaseModel {
  static tableName = 'order_items';
  static timestamps = 'none' as const;
  static moneyFields = ['unitPrice', 'lineTotal'];
  static hiddenFields = ['orderId'];

  orderId!: number;
  productId!: number | null;
  variantId!: number | null;
  productName!: string;
  variantName!: string;
  sku!: string;
  /** [{ name, value }] */
  attributes!: Array<{ name: string; value: string }>;
  personalization!: string;
  unitPrice!: number;
  quantity!: number;
  lineTotal!: number;

  static jsonAttributes = ['attributes'];

  static jsonSchema = {
    type: 'object',
    required: ['orderId', 'productName', 'unitPrice', 'quantity', 'lineTotal'],
    properties: {
      orderId: S.id,
      productId: S.idOrNull,
      variantId: S.idOrNull,
      productName: S.str(200, 1),
      variantName: S.str(200),
      sku: S.str(64),
      attributes: { type: 'array' },
      personalization: S.str(PERSONALIZATION_MAX),
      unitPrice: S.int(0),
      quantity: S.int(1, QUANTITY_MAX),
      lineTotal: S.int(0),
    },
  };

  $parseDatabaseJson(json: Pojo): Pojo {
    json = super.$parseDatabaseJson(json);
    if (typeof json.attributes === 'string') json.attributes = JSON.parse(json.attributes);
    return json;
  }
}
