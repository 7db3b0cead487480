// Who may sign in, register and change an account's secrets: passwords checked under throttles
// (per account and address, per address, and a slower back-off per account), registration, a password change that signs out the
// account's other browsers. What belongs to the browser (the session, the cookie cart, the pending
// second factor) stays with the routes.
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { nowIso } from '../../models/BaseModel';
import { Throttle, throttleKey } from '../../platform/http/throttle';
import { badRequest, tooManyRequests, unauthorized } from '../../platform/http/errors';
import { API } from '@domain/messages';
import {
  LOGIN_ACCOUNT_DELAY_MAX_MS,
  LOGIN_ACCOUNT_DELAY_STEP_MS,
  LOGIN_ACCOUNT_SLOW_AFTER,
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MINUTES,
  REGISTER_MAX_PER_ADDRESS,
  REGISTER_WINDOW_MINUTES,
} from '@domain/limits';
import { normalizeEmailKey } from '@domain/email';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { revokeAllTokens } from './middleware';
import { createUser, requireAdminPassword, updateUser, type UserInput } from './users';
import { notifyStaff } from '../staff';

const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;
const RESET_PER_EMAIL = 3;
const RESET_PER_ADDRESS = 20;

// Failures lock the account from the address they came from (the pair), and the address at a far
// higher count (many people share one: offices, mobile NAT, a proxy). The account as a whole is
// never locked, so a stranger cannot lock its owner out: its failures from everywhere only slow
// every check of its password (loginAccount counts them; it blocks nothing).
const throttles = (knex: Knex) => ({
  loginPair: new Throttle(knex, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS),
  loginAccount: new Throttle(knex, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_MS),
  loginAddress: new Throttle(knex, LOGIN_ADDRESS_MAX_FAILURES, LOGIN_WINDOW_MS),
  register: new Throttle(knex, REGISTER_MAX_PER_ADDRESS, REGISTER_WINDOW_MINUTES * 60_000),
  resetEmail: new Throttle(knex, RESET_PER_EMAIL, LOGIN_WINDOW_MS),
  resetAddress: new Throttle(knex, RESET_PER_ADDRESS, LOGIN_WINDOW_MS),
});

/** A new customer account; the staff are told. Every well-formed attempt counts against the
 *  address (a taken e-mail too: that answer is worth probing for). */
export async function registerCustomer(input: UserInput, ip: string): Promise<User> {
  if (!(await throttles(User.knex()).register.allow([`register:ip:${addressLimitKey(ip)}`])))
    throw tooManyRequests(API.tooManyRegistrations);
  // Typed into a form: the address is the owner's only once the mailed link is opened.
  const user = await createUser({ ...input, role: 'customer' }, undefined, { emailVerified: false });
  await notifyStaff({
    type: 'customer',
    message: `Нов клиент: ${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} (${user.email})`,
    link: `/admin/users/${user.id}`,
  });
  return user;
}

/** What a password check found: the account, or a throttled check of an account with a second
 *  factor (then `passwordRight` says whether the code step may succeed at all). */
export type PasswordCheck = { user: User; throttled: false } | { user: User; throttled: true; passwordRight: boolean };

/** The delay before a password of an account with this many recent failures (from anywhere) is
 *  checked: none up to LOGIN_ACCOUNT_SLOW_AFTER, then growing, up to LOGIN_ACCOUNT_DELAY_MAX_MS. */
export function accountBackOffMs(failures: number): number {
  return Math.min(LOGIN_ACCOUNT_DELAY_MAX_MS, Math.max(0, failures - LOGIN_ACCOUNT_SLOW_AFTER) * LOGIN_ACCOUNT_DELAY_STEP_MS);
}

async function accountFailures(knex: Knex, key: string): Promise<number> {
  const row = await knex('throttles')
    .where({ key: throttleKey(key) })
    .andWhere('resetAt', '>', Date.now())
    .first('hits');
  return Number(row?.hits ?? 0);
}

/**
 * The account whose password this is (401 otherwise, as slow for an unknown e-mail). 429 once this
 * address has failed too often for this account, or for accounts at all; an address that has not
 * failed is never refused for what others did, only slowed once the account has many failures.
 * A throttled address may still reach the account's second factor (the owner, with the code from
 * the phone): then the answer is the same whether or not the password was right, and the code
 * step succeeds only if it was.
 */
export async function checkPassword(email: string, password: string, ip: string): Promise<PasswordCheck> {
  const knex = User.knex();
  const t = throttles(knex);
  const account = normalizeEmailKey(email);
  const address = addressLimitKey(ip);
  const addressKey = [`login:ip:${address}`];
  if (await t.loginAddress.isBlocked(addressKey)) throw tooManyRequests();
  const user = await User.query().findOne({ email });
  // The account's counts start again with each new password: a reset link (or a change) lets its
  // owner sign in with the new password wherever a stranger had run the counts up.
  const epoch = user?.passwordChangedAt ?? '';
  const pairKey = [`login:pair:${account}:${epoch}:${address}`];
  const accountKey = `login:account:${account}:${epoch}`;
  const throttled = await t.loginPair.isBlocked(pairKey);
  if (throttled && !user?.twoFactorEnabled) throw tooManyRequests();
  const backOff = accountBackOffMs(await accountFailures(knex, accountKey));
  if (backOff) await new Promise((resolve) => setTimeout(resolve, backOff));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (throttled) {
    // Still counted against the address: a throttled address cannot try passwords for ever.
    if (!ok) await t.loginAddress.fail(addressKey);
    return { user: user!, throttled: true, passwordRight: ok };
  }
  if (!user || !ok) {
    await t.loginPair.fail(pairKey);
    await t.loginAddress.fail(addressKey);
    await t.loginAccount.fail([accountKey]);
    throw unauthorized(API.wrongCredentials);
  }
  await t.loginPair.reset(pairKey);
  return { user, throttled: false };
}

/** The account a pending second factor is for, while it still has one. */
export async function accountAwaitingSecondFactor(userId: number): Promise<User | null> {
  const user = await User.query().findById(userId);
  return user?.twoFactorEnabled ? user : null;
}

/** The sign-in is recorded on the account; answers the account as it now is. */
export async function recordSignIn(userId: number): Promise<User> {
  await User.query()
    .patch({ lastLoginAt: nowIso() } as Partial<User>)
    .findById(userId);
  return (await User.query().findById(userId))!;
}

/** A reset link may be asked for this e-mail from this address (429 otherwise); the ask counts. */
export async function allowResetRequest(email: string, ip: string): Promise<void> {
  const t = throttles(User.knex());
  const [emailKey, addressKey] = [[`reset:email:${normalizeEmailKey(email)}`], [`reset:ip:${addressLimitKey(ip)}`]];
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
  if (!(await verifyPassword(currentPassword, user.passwordHash)))
    throw badRequest(API.wrongCurrentPassword, { currentPassword: API.wrongCurrentPassword });
  if (user.role === 'admin') requireAdminPassword(user.email, newPassword, 'newPassword');
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
