// A company's members as its owners manage them from the account page: invite by e-mail (the
// invitation is accepted by whoever proves that address while signed in), change a member's role
// and order limit, remove a member, withdraw an invitation. Staff do the same from the company's
// form (companies.ts setMembers, addMember; an address there with no account is invited as here).
// Every change raises the company's version, so a staff member's form opened before it cannot put
// the old list back. A company keeps at least one owner while it has members: someone must be able
// to approve a buyer's order.
import crypto from 'node:crypto';
import type { Transaction } from 'objection';
import { Company } from '../../models/Company';
import { CompanyInvitation } from '../../models/CompanyInvitation';
import { User } from '../../models/User';
import { nowIso } from '../../models/BaseModel';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/http/errors';
import { hashToken } from '../../platform/http/auth';
import { setMembership } from '../auth';
import { claimVersion } from '../../platform/db/versions';
import { declare } from '../../platform/events';
import { fromMinor } from '@domain/money';
import { DAY_MS } from '@domain/dates';
import { TRADE } from '@domain/tradeTexts';
import {
  MEMBER_INVITATION_DAYS,
  MEMBER_INVITATIONS_OPEN_MAX,
  MEMBER_TEXT,
  type CompanyInvitationView,
  type CompanyMemberView,
  type InvitationPreview,
  type MemberRole,
} from '@domain/companyMembers';
import type { MemberChange, MemberInvite } from '@domain/schemas/trade';
import { companyRow } from './companies';
import { memberTermsOf, memberView } from './memberViews';
import './events';

type Caller = Pick<User, 'id' | 'companyId' | 'companyRole'> | null | undefined;

/** The caller as an owner of their company: 401 signed out, 403 otherwise. Removing what a caller
 *  in no company names (`notHere`) finds nothing there: 404, as for any record one cannot see. */
export function requireOwner(user: Caller, notHere?: string): User & { companyId: number } {
  if (!user) throw unauthorized();
  if (!user.companyId && notHere) throw notFound(notHere);
  if (!user.companyId || user.companyRole !== 'owner') throw forbidden(MEMBER_TEXT.ownersOnly);
  return user as User & { companyId: number };
}

export function invitationView(i: CompanyInvitation): CompanyInvitationView {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    orderLimit: fromMinor(i.orderLimit ?? null),
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
  };
}

/** The invitations still open (not accepted, not expired) of a company or of several, newest first. */
export async function openInvitations(companyIds: number | readonly number[], trx?: Transaction): Promise<CompanyInvitation[]> {
  return CompanyInvitation.query(trx)
    .whereIn('companyId', typeof companyIds === 'number' ? [companyIds] : [...companyIds])
    .whereNull('acceptedAt')
    .where('expiresAt', '>', nowIso())
    .orderBy('id', 'desc');
}

/** The company's owners (who are mailed about a buyer's order waiting for them). */
export async function ownersOf(companyId: number): Promise<User[]> {
  return User.query().where({ companyId, companyRole: 'owner' }).orderBy('id');
}

/** A member changed by an owner: the company's version is raised with it. */
async function membersMoved(trx: Transaction, companyId: number): Promise<void> {
  await claimVersion(trx, companyRow(companyId), undefined);
}

/** Refuses a change that would leave the company's members without an owner (an owner's or
 *  staff's removal, an owner's change of a role); the last member of all may go. */
export async function keepAnOwner(trx: Transaction, companyId: number): Promise<void> {
  const members = await User.query(trx).where({ companyId }).select('companyRole');
  if (members.length && !members.some((m) => m.companyRole === 'owner'))
    throw badRequest(MEMBER_TEXT.lastOwner, { role: MEMBER_TEXT.lastOwner });
}

/**
 * An invitation to join the company by e-mail with a role and limit: a new one, or the open one to
 * the same address renewed. The token is made by the mail's effect after the commit
 * (trade/subscribers), so only the mail carries it; until then the row holds a hash nobody has the
 * token of. An owner's invitation and staff's (an address with no account on the company's form)
 * are this one.
 */
export async function openInvitation(
  trx: Transaction,
  companyId: number,
  email: string,
  terms: { companyRole: MemberRole; orderLimit: number | null },
  invitedBy: number | null,
): Promise<CompanyInvitation> {
  const now = Date.now();
  const row = {
    companyId,
    email,
    role: terms.companyRole,
    orderLimit: terms.orderLimit,
    tokenHash: hashToken(crypto.randomBytes(32).toString('base64url')),
    invitedBy,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + MEMBER_INVITATION_DAYS * DAY_MS).toISOString(),
  };
  const open = await openInvitations(companyId, trx);
  const same = open.find((i) => i.email === email);
  if (!same && open.length >= MEMBER_INVITATIONS_OPEN_MAX) throw conflict(MEMBER_TEXT.invitationsFull(MEMBER_INVITATIONS_OPEN_MAX));
  const invitation = same
    ? await CompanyInvitation.query(trx).patchAndFetchById(same.id, row)
    : await CompanyInvitation.query(trx).insertAndFetch(row);
  await declare(trx, 'company.memberInvited', { invitationId: invitation.id });
  return invitation;
}

/** An owner invites someone by e-mail with a role and limit (openInvitation). */
export async function inviteMember(owner: Caller, input: MemberInvite): Promise<CompanyInvitationView> {
  const { companyId, id: invitedBy } = requireOwner(owner);
  const email = input.email.trim().toLowerCase();
  return Company.transaction(async (trx) => {
    // Whose address it is elsewhere is not the owner's to learn: acceptance refuses that one.
    const member = await User.query(trx).findOne({ email, companyId });
    if (member) throw badRequest(MEMBER_TEXT.alreadyMember, { email: MEMBER_TEXT.alreadyMember });
    const terms = memberTermsOf({ companyRole: input.role, orderLimit: null }, input, true);
    return invitationView(await openInvitation(trx, companyId, email, terms, invitedBy));
  });
}

/** An owner changes a member's role or limit (another company's member is 404). */
export async function changeMember(owner: Caller, memberId: number, input: MemberChange): Promise<CompanyMemberView> {
  const { companyId } = requireOwner(owner);
  return Company.transaction(async (trx) => {
    const member = await User.query(trx).findOne({ id: memberId, companyId });
    if (!member) throw notFound(MEMBER_TEXT.memberNotFound);
    const terms = memberTermsOf(member, input, false);
    await setMembership(trx, (q) => q.where({ id: memberId, companyId }), terms);
    await keepAnOwner(trx, companyId);
    await membersMoved(trx, companyId);
    return memberView(Object.assign(member, terms));
  });
}

/** An owner removes a member (themselves too, unless they are the last owner). */
export async function removeMemberByOwner(owner: Caller, memberId: number): Promise<void> {
  const { companyId } = requireOwner(owner, MEMBER_TEXT.memberNotFound);
  await Company.transaction(async (trx) => {
    const removed = await setMembership(trx, (q) => q.where({ id: memberId, companyId }), {
      companyId: null,
      companyRole: 'owner',
      orderLimit: null,
    });
    if (!removed) throw notFound(MEMBER_TEXT.memberNotFound);
    await keepAnOwner(trx, companyId);
    await membersMoved(trx, companyId);
  });
}

/** An owner withdraws an invitation not yet accepted. */
export async function cancelInvitation(owner: Caller, invitationId: number): Promise<void> {
  const { companyId } = requireOwner(owner, MEMBER_TEXT.invitationNotFound);
  const gone = await CompanyInvitation.query().delete().where({ id: invitationId, companyId }).whereNull('acceptedAt');
  if (!gone) throw notFound(MEMBER_TEXT.invitationNotFound);
}

async function invitationByToken(token: string, trx?: Transaction): Promise<CompanyInvitation> {
  const invitation = token ? await CompanyInvitation.query(trx).findOne({ tokenHash: hashToken(token) }) : undefined;
  if (!invitation) throw notFound(MEMBER_TEXT.invitationNotFound);
  return invitation;
}

/** What the invitation's link shows before it is accepted (the token is the proof of the mail). */
export async function invitationPreview(token: string): Promise<InvitationPreview> {
  const invitation = await invitationByToken(token);
  const company = await Company.query().findById(invitation.companyId);
  if (!company) throw notFound(MEMBER_TEXT.invitationNotFound);
  return {
    companyName: company.name,
    email: invitation.email,
    role: invitation.role,
    orderLimit: fromMinor(invitation.orderLimit ?? null),
    expired: invitation.expiresAt <= nowIso(),
    accepted: Boolean(invitation.acceptedAt),
  };
}

/**
 * The signed-in customer accepts: the account's address must be the invited one and proven (the
 * link alone may have been forwarded), the account in no other company. Accepted once: a guarded
 * update, so two tabs accepting make one member.
 */
export async function acceptInvitation(user: User | null, token: string): Promise<{ company: { id: number; name: string } }> {
  if (!user) throw unauthorized();
  return Company.transaction(async (trx) => {
    const invitation = await invitationByToken(token, trx);
    if (invitation.acceptedAt) throw conflict(MEMBER_TEXT.invitationUsed);
    if (invitation.expiresAt <= nowIso()) throw conflict(MEMBER_TEXT.invitationExpired);
    const account = await User.query(trx).findById(user.id);
    if (!account || account.role !== 'customer') throw forbidden(TRADE.memberUnknown);
    if (account.email.toLowerCase() !== invitation.email) throw forbidden(MEMBER_TEXT.invitationOtherEmail(invitation.email));
    if (!account.emailVerifiedAt) throw forbidden(MEMBER_TEXT.invitationUnproven);
    if (account.companyId && account.companyId !== invitation.companyId) throw conflict(MEMBER_TEXT.memberElsewhere);
    const company = await Company.query(trx).findById(invitation.companyId);
    if (!company) throw notFound(MEMBER_TEXT.invitationNotFound);
    const taken = await CompanyInvitation.query(trx)
      .patch({ acceptedAt: nowIso(), acceptedBy: account.id } as Partial<CompanyInvitation>)
      .where({ id: invitation.id })
      .whereNull('acceptedAt');
    if (!taken) throw conflict(MEMBER_TEXT.invitationUsed);
    await setMembership(trx, (q) => q.where({ id: account.id }), {
      companyId: company.id,
      companyRole: invitation.role,
      orderLimit: invitation.orderLimit ?? null,
    });
    await membersMoved(trx, company.id);
    return { company: { id: company.id, name: company.name } };
  });
}

/** The invitation's link, made when its mail is sent: a fresh token whose hash replaces the row's. */
export async function invitationLink(
  invitationId: number,
  publicUrl: string,
): Promise<{ invitation: CompanyInvitation; link: string } | null> {
  const invitation = await CompanyInvitation.query().findById(invitationId);
  if (!invitation || invitation.acceptedAt) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await CompanyInvitation.query()
    .patch({ tokenHash: hashToken(token) } as Partial<CompanyInvitation>)
    .where({ id: invitationId });
  return { invitation, link: `${publicUrl}/invitation/${token}` };
}
