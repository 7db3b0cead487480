import { Pojo } from 'objection';
import { BaseModel, S } from './BaseModel';

/** Who changed what in the admin, with the record before and after. */
export class AuditLog extends BaseModel {
  static tableName = 'audit_log';
  static timestamps = 'created' as const;

  userId!: number | null;
  actorEmail!: string;
  action!: string;
  entity!: string;
  entityId!: string;
  before!: unknown;
  after!: unknown;
  ip!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['action', 'entity'],
    properties: {
      userId: S.idOrNull,
      actorEmail: S.str(254),
      action: S.str(50, 1),
      entity: S.str(50, 1),
      entityId: S.str(50),
      ip: S.str(64),
    },
  };

  $parseDatabaseJson(json: Pojo): Pojo {
    json = super.$parseDatabaseJson(json);
    for (const k of ['before', 'after']) if (typeof json[k] === 'string') json[k] = JSON.parse(json[k]);
    return json;
  }

  $formatDatabaseJson(json: Pojo): Pojo {
    json = super.$formatDatabaseJson(json);
    for (const k of ['before', 'after']) if (json[k] !== undefined && json[k] !== null) json[k] = JSON.stringify(json[k]);
    return json;
  }
}
