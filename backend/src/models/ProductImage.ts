import { BaseModel, S } from './BaseModel';
import { URL_MAX } from '@domain/limits';

export class ProductImage extends BaseModel {
  static tableName = 'product_images';
  static timestamps = 'none' as const;
  static hiddenFields = ['productId', 'position'];

  productId!: number;
  url!: string;
  alt!: string;
  position!: number;

  static jsonSchema = {
    type: 'object',
    required: ['productId', 'url'],
    properties: { productId: S.id, url: S.str(URL_MAX, 1), alt: S.str(200), position: S.int(0) },
  };
}
