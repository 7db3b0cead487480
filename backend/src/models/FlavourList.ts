import { BaseModel, S } from './BaseModel';
import { FLAVOUR_LIST_MAX, NAME_MAX } from '@domain/limits';

/** A named list of flavours ("Вкусове TWINS"), picked on a product instead of typing them again. */
export class FlavourList extends BaseModel {
  static tableName = 'flavour_lists';
  static jsonAttributes = ['flavours'];

  name!: string;
  flavours!: string[];
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;

  static jsonSchema = {
    type: 'object',
    required: ['name', 'flavours'],
    properties: {
      name: S.str(NAME_MAX, 1),
      flavours: { type: 'array', maxItems: FLAVOUR_LIST_MAX, items: S.str(NAME_MAX, 1) },
    },
  };
}
