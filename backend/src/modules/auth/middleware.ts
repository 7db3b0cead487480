// Who is calling: a personal API token (Authorization: Bearer) or the session cookie.
// Sets ctx.state.user and ctx.state.authVia; the guards below refuse with 401/403.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { User } from '../../models/User';
import { ApiToken } from '../../models/ApiToken';
import { nowIso } from '../../models/BaseModel';
import { unauthorized } from '../../platform/http/errors';
import { hashToken } from '../../platform/http/auth';
export { currentUser, hashToken, requireAdmin, requireUser } from '../../platform/http/auth';
import { API } from '@domain/messages';
import { getSettings } from '../settings';
import { KeptMap } from '../../platform/cache/keptMap';
import { tables, type TableWrites } from '../../platform/cache/tableWrites';
import { attachCache, attachedCache } from '../../platform/cache/attached';

export const TOKEN_PREFIX = 'vs_';

export function newApiToken(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

const LAST_USED_PRECISION_MS = 60_000;

/** Expired, or made before tokens had an expiry (never: the migration gave them one). */
export function tokenExpired(row: Pick<ApiToken, 'expiresAt'>, now = Date.now()): boolean {
  return !row.expiresAt || Date.parse(row.expiresAt) <= now;
}

export async function authenticate(ctx: Context, next: Next) {
  ctx.state.user = null;
  ctx.state.authVia = null;
  ctx.state.apiToken = null;
  const header = ctx.get('authorization');
  if (/^bearer\s+/i.test(header)) {
    const token = header.replace(/^bearer\s+/i, '').trim();
    const row = token ? await ApiToken.query().findOne({ tokenHash: hashToken(token) }) : undefined;
    const user = row ? await User.query().findById(row.userId) : undefined;
    if (!row || !user) throw unauthorized(API.invalidToken);
    if (tokenExpired(row)) throw unauthorized(API.tokenExpired);
    // Record use at most once a minute per token: no write on every request (the guard in the
    // update keeps concurrent requests from writing it twice).
    const now = Date.now();
    if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) >= LAST_USED_PRECISION_MS) {
      const stale = new Date(now - LAST_USED_PRECISION_MS).toISOString();
      await ApiToken.query()
        .patch({ lastUsedAt: nowIso() } as Partial<ApiToken>)
        .where('id', row.id)
        .where((q) => q.whereNull('lastUsedAt').orWhere('lastUsedAt', '<=', stale));
    }
    ctx.state.user = user;
    ctx.state.authVia = 'bearer';
    ctx.state.apiToken = row;
  } else if (ctx.session?.userId) {
    const user = await findSessionUser(ctx.session.userId);
    if (user) {
      ctx.state.user = user;
      ctx.state.authVia = 'session';
    } else {
      delete (ctx.session as any).userId;
    }
  }
  // The guard (platform/http/auth requireAdmin) reads this: the shop's rule lives here, once.
  const user = ctx.state.user as User | null;
  if (user) await holdBackIfRequired(ctx, user);
  return next();
}

/** Marks the request of an admin the shop's two-factor rule holds back (ctx.state.adminHeldBack,
 *  the message they get): on every request, and at sign-in for the rest of that request. */
export async function holdBackIfRequired(ctx: Context, user: User): Promise<void> {
  if (await adminLacksRequiredTwoFactor(user))
    ctx.state.adminHeldBack = ctx.state.authVia === 'bearer' ? API.tokenNeedsTwoFactor : API.twoFactorMandatory;
}

const USERS = 'signedInUsers';

/** Install the cache of signed-in users on `knex`, dropped on any write to the users table (here or by another instance). */
export function installUsersCache(knex: import('knex').Knex, writes: TableWrites) {
  attachCache(knex, USERS, new KeptMap<number, User>({ max: 10_000 }).dropOn(writes, tables('users')));
}

async function findSessionUser(id: number): Promise<User | undefined> {
  const users = attachedCache<KeptMap<number, User>>(User.knex(), USERS);
  const kept = users?.get(id);
  if (kept) return kept.$clone();
  const at = users?.generation ?? 0;
  const user = await User.query().findById(id);
  if (user) users?.keep(id, user.$clone(), at);
  return user;
}

/** The shop may require two-factor sign-in of every admin: then an admin without it is held
 *  back whether they come with the session or with a personal API token. */
export async function adminLacksRequiredTwoFactor(user: User): Promise<boolean> {
  return user.role === 'admin' && !user.twoFactorEnabled && (await getSettings()).twoFactorRequiredForAdmins;
}

/** Every personal API token of the user stops working (password changed or reset, two-factor
 *  turned off): answers how many there were. */
export async function revokeAllTokens(userId: number, trx?: import('objection').Transaction): Promise<number> {
  return ApiToken.query(trx).delete().where({ userId });
}
