import { BaseModel, S } from './BaseModel';
import { EMAIL_MAX } from '@domain/limits';
import { MEMBER_ROLES, type MemberRole } from '@domain/companyMembers';

/** An owner's invitation to join their company, by e-mail (modules/trade/members): accepted once. */
export class CompanyInvitation extends BaseModel {
  static tableName = 'company_invitations';
  static timestamps = 'none' as const;
  static hiddenFields = ['tokenHash'];

  companyId!: number;
  email!: string;
  role!: MemberRole;
  orderLimit?: number | null;
  tokenHash!: string;
  invitedBy?: number | null;
  createdAt!: string;
  expiresAt!: string;
  acceptedAt?: string | null;
  acceptedBy?: number | null;

  static jsonSchema = {
    type: 'object',
    required: ['companyId', 'email', 'role', 'tokenHash', 'createdAt', 'expiresAt'],
    properties: { companyId: S.id, email: S.str(EMAIL_MAX, 3), role: S.enum(MEMBER_ROLES), createdAt: S.ts, expiresAt: S.ts },
  };
}
