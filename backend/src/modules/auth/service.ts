// Who may sign in, register and change an account's secrets: passwords checked under throttles
// (per account and, far higher, per address), registration, a password change that signs out the
// account's other browsers. What belongs to the browser (the session, the cookie cart, the pending
// second factor) stays with the routes.
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { nowIso } from '../../models/BaseModel';
import { Throttle } from '../../platform/http/throttle';
import { badRequest, tooManyRequests, unauthorized } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import {
  LOGIN_ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES, REGISTER_MAX_PER_ADDRESS, REGISTER_WINDOW_MINUTES,
} from '../../../../domain/limits';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { revokeAllTokens } from './middleware';
import { createUser, updateUser, type UserInput } from '../customers/users';
import { notifyStaff } from '../staff/notifications';

const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;
const RESET_PER_EMAIL = 3;
const RESET_PER_ADDRESS = 20;

// Failures lock the account first; per address the limit is far higher: many people share one
// address (offices, mobile NAT, a proxy), and one attacker there must not lock them all out.
const throttles = (knex: Knex) => ({
  loginEmail: new Throttle(knex, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS),
  loginAddress: new Throttle(knex, LOGIN_ADDRESS_MAX_FAILURES, LOGIN_WINDOW_MS),
  register: new Throttle(knex, REGISTER_MAX_PER_ADDRESS, REGISTER_WINDOW_MINUTES * 60_000),
  resetEmail: new Throttle(knex, RESET_PER_EMAIL, LOGIN_WINDOW_MS),
  resetAddress: new Throttle(knex, RESET_PER_ADDRESS, LOGIN_WINDOW_MS),
});

/** A new customer account; the staff are told. Every well-formed attempt counts against the
 *  address (a taken e-mail too: that answer is worth probing for). */
export async function registerCustomer(input: UserInput, ip: string): Promise<User> {
  if (!(await throttles(User.knex()).register.allow([`register:ip:${ip}`]))) throw tooManyRequests(API.tooManyRegistrations);
  const user = await createUser({ ...input, role: 'customer' });
  await notifyStaff({ type: 'customer', message: `Нов клиент: ${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} (${user.email})`, link: `/admin/users/${user.id}` });
  return user;
}

/** The account whose password this is (401 otherwise, as slow for an unknown e-mail); 429 once
 *  the account or the address has failed too often. */
export async function checkPassword(email: string, password: string, ip: string): Promise<User> {
  const t = throttles(User.knex());
  const emailKey = [`login:email:${email}`];
  const addressKey = [`login:ip:${ip}`];
  if ((await t.loginEmail.isBlocked(emailKey)) || (await t.loginAddress.isBlocked(addressKey))) throw tooManyRequests();
  const user = await User.query().findOne({ email });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await t.loginEmail.fail(emailKey);
    await t.loginAddress.fail(addressKey);
    throw unauthorized(API.wrongCredentials);
  }
  await t.loginEmail.reset(emailKey);
  return user;
}

/** The account a pending second factor is for, while it still has one. */
export async function accountAwaitingSecondFactor(userId: number): Promise<User | null> {
  const user = await User.query().findById(userId);
  return user?.twoFactorEnabled ? user : null;
}

/** The sign-in is recorded on the account; answers the account as it now is. */
export async function recordSignIn(userId: number): Promise<User> {
  await User.query().patch({ lastLoginAt: nowIso() } as Partial<User>).findById(userId);
  return (await User.query().findById(userId))!;
}

/** A reset link may be asked for this e-mail from this address (429 otherwise); the ask counts. */
export async function allowResetRequest(email: string, ip: string): Promise<void> {
  const t = throttles(User.knex());
  const [emailKey, addressKey] = [[`reset:email:${email}`], [`reset:ip:${ip}`]];
  if ((await t.resetEmail.isBlocked(emailKey)) || (await t.resetAddress.isBlocked(addressKey))) throw tooManyRequests();
  await t.resetEmail.fail(emailKey);
  await t.resetAddress.fail(addressKey);
}

/**
 * A new password, given the current one. Other browsers signed in to this account are signed out
 * (the one asking, `keepSessionId`, stays), and every personal API token stops working, even if
 * the new password is the old one.
 */
export async function changePassword(user: User, currentPassword: string, newPassword: string, keepSessionId: string): Promise<void> {
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(API.wrongCurrentPassword, { currentPassword: API.wrongCurrentPassword });
  await updateUser(user, { password: newPassword });
  await revokeAllTokens(user.id);
  await User.knex()('sessions').where({ userId: user.id }).whereNot({ id: keepSessionId }).delete();
}

/** The account as stored now (the request's copy may predate a change of its second factor). */
export async function currentAccount(userId: number): Promise<User> {
  const user = await User.query().findById(userId);
  if (!user) throw unauthorized();
  return user;
}
