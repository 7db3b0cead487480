import { BaseModel, S } from './BaseModel';
import { NAME_MAX, SLUG_MAX, TEXT_MAX } from '@domain/limits';

export class Category extends BaseModel {
  static tableName = 'categories';

  name!: string;
  slug!: string;
  parentId!: number | null;
  position!: number;
  description!: string;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  productCount?: number;

  static jsonSchema = {
    type: 'object',
    required: ['name', 'slug'],
    properties: {
      name: S.str(NAME_MAX, 1),
      slug: S.str(SLUG_MAX, 1),
      parentId: S.idOrNull,
      position: S.int(0),
      description: S.str(TEXT_MAX),
    },
  };

  static get relationMappings() {
    const { Product } = require('./Product');
    return {
      parent: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Category,
        join: { from: 'categories.parent_id', to: 'categories.id' },
      },
      children: { relation: BaseModel.HasManyRelation, modelClass: Category, join: { from: 'categories.id', to: 'categories.parent_id' } },
      products: { relation: BaseModel.HasManyRelation, modelClass: Product, join: { from: 'categories.id', to: 'products.category_id' } },
    };
  }
}
