// Creating and changing users: e-mail normalised and unique, password hashed, search text kept.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { nowIso } from '../../models/BaseModel';
import { closedAccountEmail } from '@domain/privacy';
import { badRequest, conflict } from '../../platform/http/errors';
import { claimVersion } from '../../platform/db/versions';
import { API, SAFETY } from '@domain/messages';
import { adminPasswordProblem } from '@domain/adminPassword';
import { searchable } from '@domain/slug';
import { hashPassword, verifyPassword } from './passwords';
import { endAllSessions } from './sessions';
import { revokeAllTokens } from './middleware';
import type { QueryBuilder, Transaction } from 'objection';
import type { UserChange, UserInput } from '@domain/schemas/customers';

export type { UserInput };

/**
 * A new account. `emailVerified`: whether its address counts as its owner's from the start — so for
 * accounts staff make (they know whom they make it for), not for anyone who types an address into
 * a form (registration, a trade application): those prove it with the link (emailVerification.ts).
 */
export async function createUser(input: UserInput, trx?: Transaction, opts: { emailVerified?: boolean } = {}): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await User.query(trx).findOne({ email })) throw conflict(API.emailTaken, { email: API.emailTaken });
  const verified = opts.emailVerified ?? true;
  return User.query(trx).insertAndFetch({
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    phone: input.phone ?? '',
    role: input.role ?? 'customer',
    emailVerifiedAt: verified ? new Date().toISOString() : null,
  } as Partial<User>);
}

/** An administrator's new password meets the admin rule (domain/adminPassword.ts): 400 with the
 *  reason on `field` otherwise. */
export function requireAdminPassword(email: string, password: string, field = 'password'): void {
  const problem = adminPasswordProblem(email, password);
  if (problem) throw badRequest(problem, { [field]: problem });
}

/**
 * A change by staff that leaves the account an administrator: a new password meets the admin rule,
 * and a customer becomes an admin only with a new one (the shop cannot tell how strong the
 * password it has stored is: a customer's may be 8 characters, or a common one).
 */
export function requireAdminPasswordForChange(user: User, changes: UserChange): void {
  if ((changes.role ?? user.role) !== 'admin') return;
  const email = changes.email ?? user.email;
  if (changes.password) requireAdminPassword(email, changes.password);
  else if (user.role !== 'admin') throw badRequest(SAFETY.adminPasswordNeeded, { password: SAFETY.adminPasswordNeeded });
}

/**
 * The one change of an account (staff's form, the password reset, setup). Every change raises its
 * version; with `changes.version` (the staff's copy) it is refused with 409 when the account has
 * changed since that copy was loaded.
 */
export async function updateUser(user: User, changes: UserChange, trx?: Transaction): Promise<User> {
  const patch: Partial<User> = {};
  if (changes.email !== undefined && changes.email !== user.email) {
    const taken = await User.query(trx).findOne({ email: changes.email });
    if (taken && taken.id !== user.id) throw conflict(API.emailTaken, { email: API.emailTaken });
    patch.email = changes.email;
    // Staff typed the new address: nobody has shown it is the owner's yet. Links mailed to the old
    // one (a new password, proving it) stop working: they would prove or open the account for it.
    patch.emailVerifiedAt = null;
    const db = trx ?? User.knex();
    const now = new Date().toISOString();
    await db('passwordResets').where({ userId: user.id }).whereNull('usedAt').update({ usedAt: now });
    await db('emailVerifications').where({ userId: user.id, email: user.email }).whereNull('usedAt').update({ usedAt: now });
  }
  // A new password ends every personal API token of the account (the same password set again,
  // as ADMIN_PASSWORD does at each start, changes nothing).
  const newPassword = Boolean(changes.password && !(user.passwordHash && (await verifyPassword(changes.password, user.passwordHash))));
  if (newPassword) {
    patch.passwordHash = await hashPassword(changes.password!);
    patch.passwordChangedAt = new Date().toISOString();
  }
  for (const k of ['firstName', 'lastName', 'phone', 'role'] as const) {
    if (changes[k] !== undefined) (patch as any)[k] = changes[k];
  }
  const merged = { ...user, ...patch };
  patch.searchText = searchable(merged.email, merged.firstName, merged.lastName, merged.phone);
  const write = async (t: Transaction) => {
    await claimVersion(t, { table: 'users', id: user.id, audit: ['users', 'admins', 'user'] }, changes.version);
    if (newPassword) await revokeAllTokens(user.id, t);
    return User.query(t).patchAndFetchById(user.id, patch);
  };
  return trx ? write(trx) : User.transaction(write);
}

/** A closed account no longer signs in: its sessions, personal API tokens, reset and verification
 *  links go. */
export async function endAccountAccess(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('sessions').where({ userId }).delete();
  await trx('api_tokens').where({ userId }).delete();
  await trx('password_resets').where({ userId }).delete();
  await trx('email_verifications').where({ userId }).delete();
}

/**
 * A closed account stays as an empty row (orders still point at it), with an unusable, unique
 * e-mail so that the address is free for a new sign-up, no password any sign-in can match and no
 * second factor; it no longer buys for a company.
 */
export async function blankClosedAccount(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .update({
      email: closedAccountEmail(userId, crypto.randomBytes(6).toString('hex')),
      // Not a hash any password can match (verifyPassword refuses what it cannot read).
      passwordHash: `closed:${crypto.randomBytes(16).toString('hex')}`,
      firstName: '',
      lastName: '',
      phone: '',
      twoFactorEnabled: false,
      twoFactorSecret: null,
      backupCodes: null,
      twoFactorLastStep: null,
      searchText: '',
      companyId: null,
      updatedAt: nowIso(),
    });
}

/** Delete an account; its sessions end first. */
export async function deleteAccount(userId: number): Promise<void> {
  await endAllSessions(User.knex(), userId);
  await User.query().deleteById(userId);
}

/** Which company a user buys for, their role in it and their order limit: trade's rule. */
export type Membership = Partial<Pick<User, 'companyId' | 'companyRole' | 'orderLimit'>>;

/**
 * Trade's change of membership, written to the users `which` picks (one user, or a company's
 * members, with trade's guards): only these three columns. Answers how many rows changed.
 */
export async function setMembership(trx: Transaction, which: (q: QueryBuilder<User>) => void, membership: Membership): Promise<number> {
  return await User.query(trx)
    .patch(membership as Partial<User>)
    .where(which);
}
