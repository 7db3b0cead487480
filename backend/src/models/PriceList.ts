import { BaseModel, S } from './BaseModel';
import type { PriceListPrice } from './PriceListPrice';

/** A trade price list (modules/catalogue/priceLists): a discount off retail net, fixed net prices per variant. */
export class PriceList extends BaseModel {
  static tableName = 'price_lists';

  name!: string;
  /** Hundredths of a percent (domain/trade PERCENT_BP). */
  discountBp!: number;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  prices?: PriceListPrice[];

  static jsonSchema = {
    type: 'object',
    required: ['name'],
    properties: { name: S.str(120, 1), discountBp: S.int(0, 10000) },
  };

  static get relationMappings() {
    const { PriceListPrice } = require('./PriceListPrice');
    return {
      prices: {
        relation: BaseModel.HasManyRelation,
        modelClass: PriceListPrice,
        join: { from: 'price_lists.id', to: 'price_list_prices.price_list_id' },
      },
    };
  }
}
