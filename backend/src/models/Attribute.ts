import { BaseModel, S } from './BaseModel';
import { NAME_MAX } from '@domain/limits';

/** A choice a shopper makes on a product, e.g. 'Вкус 1'; its values are shared by products. */
export class Attribute extends BaseModel {
  static tableName = 'attributes';
  static timestamps = 'none' as const;
  name!: string;

  static jsonSchema = { type: 'object', required: ['name'], properties: { name: S.str(NAME_MAX, 1) } };

  static get relationMappings() {
    const { AttributeValue } = require('./AttributeValue');
    return {
      values: {
        relation: BaseModel.HasManyRelation,
        modelClass: AttributeValue,
        join: { from: 'attributes.id', to: 'attribute_values.attribute_id' },
      },
    };
  }
}
