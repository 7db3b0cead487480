import { BaseModel, S } from './BaseModel';
import { PERSONALIZATION_MAX, QUANTITY_MAX } from '@domain/limits';
import type { CartItemAttribute } from './CartItemAttribute';

export class CartItem extends BaseModel {
  static tableName = 'cart_items';
  static hiddenFields = ['userId', 'createdAt', 'updatedAt'];

  userId!: number;
  productId!: number;
  variantId!: number | null;
  quantity!: number;
  personalization!: string;
  attributes?: CartItemAttribute[];

  static jsonSchema = {
    type: 'object',
    required: ['userId', 'productId', 'quantity'],
    properties: {
      userId: S.id,
      productId: S.id,
      variantId: S.idOrNull,
      quantity: S.int(1, QUANTITY_MAX),
      personalization: S.str(PERSONALIZATION_MAX),
    },
  };

  static get relationMappings() {
    const { CartItemAttribute } = require('./CartItemAttribute');
    const { Product } = require('./Product');
    const { Variant } = require('./Variant');
    return {
      attributes: {
        relation: BaseModel.HasManyRelation,
        modelClass: CartItemAttribute,
        join: { from: 'cart_items.id', to: 'cart_item_attributes.cart_item_id' },
      },
      product: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Product,
        join: { from: 'cart_items.product_id', to: 'products.id' },
      },
      variant: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Variant,
        join: { from: 'cart_items.variant_id', to: 'variants.id' },
      },
    };
  }
}
