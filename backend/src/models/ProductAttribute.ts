import { BaseModel, S } from './BaseModel';
import type { Attribute } from './Attribute';
import type { AttributeValue } from './AttributeValue';

/** One value a product offers for one attribute (e.g. product 1 offers 'Вкус 1' = 'Ягода'). */
export class ProductAttribute extends BaseModel {
  static tableName = 'product_attributes';
  static timestamps = 'none' as const;
  productId!: number;
  attributeId!: number;
  attributeValueId!: number;
  position!: number;
  attribute?: Attribute;
  attributeValue?: AttributeValue;

  static jsonSchema = {
    type: 'object',
    required: ['productId', 'attributeId', 'attributeValueId'],
    properties: { productId: S.id, attributeId: S.id, attributeValueId: S.id, position: S.int(0) },
  };

  static get relationMappings() {
    const { Attribute } = require('./Attribute');
    const { AttributeValue } = require('./AttributeValue');
    return {
      attribute: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Attribute,
        join: { from: 'product_attributes.attribute_id', to: 'attributes.id' },
      },
      attributeValue: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: AttributeValue,
        join: { from: 'product_attributes.attribute_value_id', to: 'attribute_values.id' },
      },
    };
  }
}
