import { BaseModel, S } from './BaseModel';

export class CartItemAttribute extends BaseModel {
  static tableName = 'cart_item_attributes';
  static timestamps = 'none' as const;
  cartItemId!: number;
  attributeId!: number;
  attributeValueId!: number;

  static jsonSchema = {
    type: 'object',
    required: ['cartItemId', 'attributeId', 'attributeValueId'],
    properties: { cartItemId: S.id, attributeId: S.id, attributeValueId: S.id },
  };

  static get relationMappings() {
    const { AttributeValue } = require('./AttributeValue');
    const { Attribute } = require('./Attribute');
    return {
      attributeValue: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: AttributeValue,
        join: { from: 'cart_item_attributes.attribute_value_id', to: 'attribute_values.id' },
      },
      attribute: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Attribute,
        join: { from: 'cart_item_attributes.attribute_id', to: 'attributes.id' },
      },
    };
  }
}
