import { BaseModel, S } from './BaseModel';
import { NAME_MAX } from '@domain/limits';

export class AttributeValue extends BaseModel {
  static tableName = 'attribute_values';
  static timestamps = 'none' as const;
  attributeId!: number;
  value!: string;

  static jsonSchema = { type: 'object', required: ['attributeId', 'value'], properties: { attributeId: S.id, value: S.str(NAME_MAX, 1) } };

  static get relationMappings() {
    const { Attribute } = require('./Attribute');
    return {
      attribute: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Attribute,
        join: { from: 'attribute_values.attribute_id', to: 'attributes.id' },
      },
    };
  }
}
