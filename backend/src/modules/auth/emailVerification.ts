// Proving that an account's e-mail address is its owner's: a single-use link that expires, mailed
// to the address (at registration, on request from the profile, and to a new address the owner
// wants). Opening it marks the address proven, or swaps in the new address, proven. Until then the
// account reaches only what it did itself (addressProven, used by the privacy area), and the
// shop's mail to the address carries only the shop's own words. Tokens are stored hashed.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { User } from '../../models/User';
import { hashToken } from './middleware';
import { badRequest, conflict, tooManyRequests } from '../../platform/http/errors';
import { Throttle } from '../../platform/http/throttle';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { sendMail } from '../../platform/mail/transport';
import { API, EMAIL_OWNERSHIP } from '@domain/messages';
import {
  EMAIL_VERIFY_HOURS,
  EMAIL_VERIFY_MAILS_PER_ACCOUNT,
  EMAIL_VERIFY_MAILS_PER_ADDRESS,
  EMAIL_VERIFY_WINDOW_MINUTES,
} from '@domain/limits';
import { searchable } from '@domain/slug';
import { emailVerificationMail } from './mail';
import { verifyPassword } from './passwords';

/** Whether the account's address is proven to be its owner's: the one rule every area asks. */
export function addressProven(user: Pick<User, 'emailVerifiedAt'> | null | undefined): boolean {
  return Boolean(user?.emailVerifiedAt);
}

const throttles = (knex: Knex) => ({
  account: new Throttle(knex, EMAIL_VERIFY_MAILS_PER_ACCOUNT, EMAIL_VERIFY_WINDOW_MINUTES * 60_000),
  address: new Throttle(knex, EMAIL_VERIFY_MAILS_PER_ADDRESS, EMAIL_VERIFY_WINDOW_MINUTES * 60_000),
});

/** One more link for this account from this network address, or 429: counted like the other mails
 *  a request makes the shop send (per account, and per address for any accounts). */
export async function allowVerificationMail(userId: number, ip: string): Promise<void> {
  const t = throttles(User.knex());
  const allowed = await t.account.allow([`verify-mail:user:${userId}`]);
  if (!allowed || !(await t.address.allow([`verify-mail:ip:${addressLimitKey(ip)}`]))) throw tooManyRequests(EMAIL_OWNERSHIP.tooManyLinks);
}

/** The registration's own link counts against the account's links (never refused: it is the first). */
export async function countRegistrationLink(userId: number): Promise<void> {
  await throttles(User.knex()).account.fail([`verify-mail:user:${userId}`]);
}

/** A new link for `email` (the account's own, or the one it is to change to), written now; the
 *  mail is the caller's to send (after the answer, or after the commit). */
export async function newVerificationLink(
  knex: Knex,
  config: Config,
  userId: number,
  email: string,
): Promise<{ to: string; link: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await knex('emailVerifications').insert({
    userId,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + EMAIL_VERIFY_HOURS * 3_600_000).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  return { to: email, link: `${config.publicUrl}/verify-email?token=${token}` };
}

/** Mail a link made by newVerificationLink: the shop's words only (the address is not proven). */
export async function mailVerificationLink(config: Config, made: { to: string; link: string }, change = false): Promise<void> {
  await sendMail(config, { to: made.to, ...(await emailVerificationMail(made.link, EMAIL_VERIFY_HOURS, change)) });
}

/** The link again, for the account's own unproven address (409 once it is proven). */
export async function resendVerification(config: Config, user: User, ip: string): Promise<{ to: string; link: string }> {
  const stored = await User.query().findById(user.id);
  if (!stored) throw badRequest(API.invalidInput);
  if (addressProven(stored)) throw conflict(EMAIL_OWNERSHIP.alreadyVerified);
  await allowVerificationMail(stored.id, ip);
  return newVerificationLink(User.knex(), config, stored.id, stored.email);
}

/**
 * A new address for the account, confirmed with its password (400 otherwise): nothing changes now;
 * a link goes to the new address, and opening it swaps it in. 409 when the address has an account.
 */
export async function requestEmailChange(
  config: Config,
  user: User,
  email: string,
  password: string,
  ip: string,
): Promise<{ to: string; link: string }> {
  const stored = await User.query().findById(user.id);
  if (!stored || !(await verifyPassword(password, stored.passwordHash)))
    throw badRequest(API.wrongCurrentPassword, { password: API.wrongCurrentPassword });
  if (email === stored.email) throw badRequest(EMAIL_OWNERSHIP.sameAddress, { email: EMAIL_OWNERSHIP.sameAddress });
  if (await User.query().findOne({ email })) throw conflict(API.emailTaken, { email: API.emailTaken });
  await allowVerificationMail(stored.id, ip);
  return newVerificationLink(User.knex(), config, stored.id, email);
}

/** The account's newest link to another address still waiting to be opened, if any. */
export async function pendingEmailOf(user: Pick<User, 'id' | 'email'>): Promise<string | null> {
  const row = await User.knex()('emailVerifications')
    .where({ userId: user.id })
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date().toISOString())
    .whereNot({ email: user.email })
    .orderBy('id', 'desc')
    .first('email');
  return row?.email ?? null;
}

/**
 * Open a link: once, before it expires (400 otherwise). The address it was sent to becomes the
 * account's, proven; every other link of the account stops working. Answers whether the address
 * changed.
 */
export async function verifyEmail(token: string): Promise<{ userId: number; changed: boolean }> {
  const now = new Date().toISOString();
  const invalid = () => badRequest(EMAIL_OWNERSHIP.linkInvalid, { token: EMAIL_OWNERSHIP.linkInvalid });
  return User.knex().transaction(async (trx) => {
    const row = await trx('emailVerifications')
      .where({ tokenHash: hashToken(token) })
      .first();
    if (!row || row.usedAt || row.expiresAt < now) throw invalid();
    // Guarded: two openings of the same link count once.
    const used = await trx('emailVerifications').where({ id: row.id }).whereNull('usedAt').update({ usedAt: now });
    if (!used) throw invalid();
    const user = await User.query(trx).findById(row.userId);
    if (!user) throw invalid();
    const changed = user.email !== row.email;
    if (changed && (await User.query(trx).findOne({ email: row.email }))) throw conflict(API.emailTaken, { email: API.emailTaken });
    await trx('emailVerifications').where({ userId: user.id }).whereNull('usedAt').update({ usedAt: now });
    await User.query(trx)
      .patch({
        email: row.email,
        emailVerifiedAt: now,
        searchText: searchable(row.email, user.firstName, user.lastName, user.phone),
      } as Partial<User>)
      .findById(user.id);
    return { userId: user.id, changed };
  });
}
