import { BaseModel, S } from './BaseModel';

/** A price list's fixed net price for one variant, minor units without VAT. */
export class PriceListPrice extends BaseModel {
  static tableName = 'price_list_prices';
  static timestamps = 'none' as const;
  static moneyFields = ['netPrice'];

  priceListId!: number;
  variantId!: number;
  netPrice!: number;

  static jsonSchema = {
    type: 'object',
    required: ['priceListId', 'variantId', 'netPrice'],
    properties: { priceListId: S.id, variantId: S.id, netPrice: S.int(0) },
  };
}
