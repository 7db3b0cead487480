import { BaseModel, S } from './BaseModel';

/** A personal API token; only its SHA-256 hash is stored, the token itself is shown once. */
export class ApiToken extends BaseModel {
  static tableName = 'api_tokens';
  static timestamps = 'created' as const;
  static hiddenFields = ['tokenHash', 'userId'];

  userId!: number;
  name!: string;
  tokenHash!: string;
  tokenPrefix!: string;
  createdAt!: string;
  lastUsedAt?: string | null;
  /** After this the token answers 401 (a token made before expiry existed has none: expired). */
  expiresAt?: string | null;

  static jsonSchema = {
    type: 'object',
    required: ['userId', 'name', 'tokenHash', 'tokenPrefix'],
    properties: { userId: S.id, name: S.str(100, 1), tokenHash: S.str(64, 64), tokenPrefix: S.str(16, 1) },
  };
}
