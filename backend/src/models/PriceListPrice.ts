import { BaseModel, S } from './BaseModel';

/** A price list's fixed net price for one variant from a quantity of a line (1: the base; more: a
 *  quantity break), minor units without VAT. One row per variant and quantity. */
export class PriceListPrice extends BaseModel {
  static tableName = 'price_list_prices';
  static timestamps = 'none' as const;
  static moneyFields = ['netPrice'];

  priceListId!: number;
  variantId!: number;
  netPrice!: number;
  minQuantity!: number;

  static jsonSchema = {
    type: 'object',
    required: ['priceListId', 'variantId', 'netPrice'],
    properties: { priceListId: S.id, variantId: S.id, netPrice: S.int(0), minQuantity: S.int(1) },
  };
}
