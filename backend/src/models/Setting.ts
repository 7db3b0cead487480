import { Pojo } from 'objection';
import { BaseModel, S } from './BaseModel';

/** One shop setting: a key and a JSON value. */
export class Setting extends BaseModel {
  static tableName = 'settings';
  static idColumn = 'key';
  static timestamps = 'none' as const;

  key!: string;
  value!: unknown;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;

  static jsonSchema = { type: 'object', required: ['key'], properties: { key: S.str(100, 1), updatedAt: S.ts } };

  $parseDatabaseJson(json: Pojo): Pojo {
    json = super.$parseDatabaseJson(json);
    if (typeof json.value === 'string') json.value = JSON.parse(json.value);
    return json;
  }

  $formatDatabaseJson(json: Pojo): Pojo {
    json = super.$formatDatabaseJson(json);
    if (json.value !== undefined) json.value = JSON.stringify(json.value);
    json.updatedAt = new Date().toISOString();
    return json;
  }
}
