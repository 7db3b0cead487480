import type { Pojo } from 'objection';
import { BaseModel, S } from './BaseModel';
import { ROLES, EMAIL_MAX, NAME_MAX, PHONE_MAX, Role } from '@domain/limits';
import { searchable } from '@domain/slug';
import { MEMBER_ROLES, type MemberRole } from '@domain/companyMembers';

export class User extends BaseModel {
  static tableName = 'users';
  static hiddenFields = [
    'passwordHash',
    'twoFactorSecret',
    'backupCodes',
    'searchText',
    'passwordChangedAt',
    'twoFactorLastStep',
    'companyId',
    'companyRole',
    'orderLimit',
  ];
  static booleanFields = ['twoFactorEnabled'];

  email!: string;
  passwordHash!: string;
  firstName!: string;
  lastName!: string;
  phone!: string;
  role!: Role;
  twoFactorEnabled!: boolean;
  twoFactorSecret?: string | null;
  backupCodes?: string | null;
  /** The TOTP time step of the last code accepted: a code is taken once. */
  twoFactorLastStep?: number | null;
  searchText!: string;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  lastLoginAt?: string | null;
  passwordChangedAt?: string | null;
  /** The company the user buys for (modules/trade), or null. */
  companyId?: number | null;
  /** Within the company: an owner decides everything, a buyer may be held to `orderLimit`. */
  companyRole!: MemberRole;
  /** Net goods per order (minor units) above which a buyer's order waits for an owner; null: none. */
  orderLimit?: number | null;
  /** When the owner opened a link mailed to the address; null: not proven (modules/auth). */
  emailVerifiedAt?: string | null;

  static jsonSchema = {
    type: 'object',
    required: ['email', 'passwordHash'],
    properties: {
      email: S.str(EMAIL_MAX, 3),
      passwordHash: S.str(255, 1),
      firstName: S.str(NAME_MAX),
      lastName: S.str(NAME_MAX),
      phone: S.str(PHONE_MAX),
      role: S.enum(ROLES),
      twoFactorEnabled: S.bool,
      companyRole: S.enum(MEMBER_ROLES),
    },
  };

  $formatJson(json: Pojo): Pojo {
    json = super.$formatJson(json);
    // Staff and the owner see whether the address is proven (a row read without it says nothing).
    if ('emailVerifiedAt' in json) json.emailVerified = Boolean(json.emailVerifiedAt);
    return json;
  }

  $beforeInsert(ctx: any) {
    super.$beforeInsert(ctx);
    this.searchText = searchable(this.email, this.firstName, this.lastName, this.phone);
  }

  get isAdmin(): boolean {
    return this.role === 'admin';
  }
}
