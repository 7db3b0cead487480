import { BaseModel, S } from './BaseModel';
import { NICOTINE_MAX_MG_ML, SKU_MAX, TITLE_MAX } from '@domain/limits';

/** A sellable variant (e.g. a nicotine strength). `price` null means the product's price. */
export class Variant extends BaseModel {
  static tableName = 'variants';
  static moneyFields = ['price'];
  static hiddenFields = ['position', 'createdAt', 'updatedAt'];

  productId!: number;
  sku!: string;
  name!: string;
  price!: number | null;
  stock!: number;
  position!: number;
  /** GS1 barcode (8, 12, 13 or 14 digits), or null. */
  gtin!: string | null;
  /** Trade quantities are multiples of it (default 1). */
  packSize!: number;
  /** Its nicotine strength (mg/ml); null: the product's. */
  nicotineMgMl!: number | null;

  static jsonSchema = {
    type: 'object',
    required: ['productId', 'sku', 'name'],
    properties: {
      productId: S.id,
      sku: S.str(SKU_MAX, 1),
      name: S.str(TITLE_MAX, 1),
      price: S.intOrNull(0),
      stock: S.int(0),
      position: S.int(0),
      gtin: S.strOrNull(14),
      packSize: S.int(1, 10000),
      nicotineMgMl: S.num(0, NICOTINE_MAX_MG_ML),
    },
  };

  static get relationMappings() {
    const { Product } = require('./Product');
    return {
      product: { relation: BaseModel.BelongsToOneRelation, modelClass: Product, join: { from: 'variants.product_id', to: 'products.id' } },
    };
  }
}
