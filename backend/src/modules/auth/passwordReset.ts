// Forgotten passwords: a single-use link that expires, sent by e-mail; using it sets the new
// password and ends every session of the account. The request answers the same whether or not
// the e-mail is registered, so it cannot be used to find out who shops here.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { User } from '../../models/User';
import { hashToken, revokeAllTokens } from './middleware';
import { badRequest } from '../../platform/http/errors';
import { sendMail } from '../../platform/mail/transport';
import { passwordResetMail } from './mail';
import { addressProven } from './emailVerification';
import { requireAdminPassword, updateUser } from './users';
import { endAllSessions } from './sessions';
import { API } from '@domain/messages';
import { PASSWORD_RESET_MINUTES } from '@domain/limits';

export async function requestReset(knex: Knex, config: Config, email: string): Promise<void> {
  const user = await User.query().findOne({ email });
  if (!user) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await knex('passwordResets').insert({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  const link = `${config.publicUrl}/reset-password?token=${token}`;
  // To an address not proven the owner's, only the shop's words: not the name typed with it.
  const name = addressProven(user) ? (user.firstName ?? '') : '';
  await sendMail(config, { to: user.email, ...(await passwordResetMail(name, link, PASSWORD_RESET_MINUTES)) });
}

/** Use a link: one use, before it expires; every session of the account ends. */
export async function resetPassword(knex: Knex, token: string, password: string): Promise<User> {
  const now = new Date().toISOString();
  return knex.transaction(async (trx) => {
    const row = await trx('passwordResets')
      .where({ tokenHash: hashToken(token) })
      .first();
    if (!row || row.usedAt || row.expiresAt < now) throw badRequest(API.resetLinkInvalid, { token: API.resetLinkInvalid });
    // Guarded: two submissions of the same link set the password once.
    const used = await trx('passwordResets').where({ id: row.id }).whereNull('usedAt').update({ usedAt: now });
    if (!used) throw badRequest(API.resetLinkInvalid, { token: API.resetLinkInvalid });
    // Any other link sent to this account stops working too.
    await trx('passwordResets').where({ userId: row.userId }).whereNull('usedAt').update({ usedAt: now });
    const user = await User.query(trx).findById(row.userId);
    if (!user) throw badRequest(API.resetLinkInvalid, { token: API.resetLinkInvalid });
    // Refused here, the transaction is undone: the link still works for a stronger password.
    if (user.role === 'admin') requireAdminPassword(user.email, password);
    let updated = await updateUser(user, { password }, trx);
    // The link reached the address: that proves it as well as the address's own link would.
    if (!addressProven(updated)) updated = await updated.$query(trx).patchAndFetch({ emailVerifiedAt: now } as Partial<User>);
    // Whoever had the account's sessions or tokens loses them: the link was used to take it back.
    await endAllSessions(trx, user.id);
    await revokeAllTokens(user.id, trx);
    return updated;
  });
}
