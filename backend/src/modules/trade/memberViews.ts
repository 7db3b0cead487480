// A member as the company's answers show them, and the role and limit a change leaves them with.
import type { User } from '../../models/User';
import { fromMinor } from '@domain/money';
import type { CompanyMemberView, MemberRole } from '@domain/companyMembers';

export function memberView(m: User): CompanyMemberView {
  return {
    id: m.id,
    email: m.email,
    firstName: m.firstName ?? '',
    lastName: m.lastName ?? '',
    role: m.companyRole ?? 'owner',
    orderLimit: fromMinor(m.orderLimit ?? null),
  };
}

/** The role and limit after a change naming either (absent: as they are; a newcomer is an owner
 *  with no limit). An owner has no limit: it is a buyer's. */
export function memberTermsOf(
  member: Pick<User, 'companyRole' | 'orderLimit'>,
  wanted: { role?: MemberRole; orderLimit?: number | null },
  joining: boolean,
): { companyRole: MemberRole; orderLimit: number | null } {
  const companyRole = wanted.role ?? (joining ? 'owner' : member.companyRole);
  const orderLimit =
    companyRole === 'owner' ? null : wanted.orderLimit !== undefined ? wanted.orderLimit : joining ? null : (member.orderLimit ?? null);
  return { companyRole, orderLimit };
}
