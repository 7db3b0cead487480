// Who is calling: a personal API token (Authorization: Bearer) or the session cookie.
// Sets ctx.state.user and ctx.state.authVia; the guards below refuse with 401/403.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { User } from '../models/User';
import { ApiToken } from '../models/ApiToken';
import { nowIso } from '../models/BaseModel';
import { unauthorized, forbidden } from './errors';
import { API } from '../../../domain/messages';
import { getSettings } from '../services/settings';
import { watchWrites, writesTo } from '../db/writeWatch';

export const TOKEN_PREFIX = 'vs_';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newApiToken(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

const LAST_USED_PRECISION_MS = 60_000;

export async function authenticate(ctx: Context, next: Next) {
  ctx.state.user = null;
  ctx.state.authVia = null;
  const header = ctx.get('authorization');
  if (/^bearer\s+/i.test(header)) {
    const token = header.replace(/^bearer\s+/i, '').trim();
    const row = token ? await ApiToken.query().findOne({ tokenHash: hashToken(token) }) : undefined;
    const user = row ? await User.query().findById(row.userId) : undefined;
    if (!row || !user) throw unauthorized(API.invalidToken);
    // Record use at most once a minute: no write on every request.
    if (!row.lastUsedAt || Date.now() - Date.parse(row.lastUsedAt) > LAST_USED_PRECISION_MS) {
      await ApiToken.query().patch({ lastUsedAt: nowIso() } as any).findById(row.id);
    }
    ctx.state.user = user;
    ctx.state.authVia = 'bearer';
  } else if (ctx.session?.userId) {
    const user = await findSessionUser(ctx.session.userId);
    if (user) {
      ctx.state.user = user;
      ctx.state.authVia = 'session';
    } else {
      delete (ctx.session as any).userId;
    }
  }
  return next();
}

let users: Map<number, User> | undefined;

/** Keep signed-in users in memory, dropped on any write to the users table (here or by another instance). */
export function rememberUsers(knex: import('knex').Knex) {
  users = new Map();
  watchWrites(knex, writesTo('users'), () => users!.clear());
}

async function findSessionUser(id: number): Promise<User | undefined> {
  const kept = users?.get(id);
  if (kept) return kept.$clone();
  const user = await User.query().findById(id);
  if (user && users) {
    if (users.size >= 10_000) users.clear();
    users.set(id, user.$clone());
  }
  return user;
}

export function currentUser(ctx: Context): User {
  const user = ctx.state.user as User | null;
  if (!user) throw unauthorized();
  return user;
}

export async function requireUser(ctx: Context, next: Next) {
  currentUser(ctx);
  return next();
}

export async function requireAdmin(ctx: Context, next: Next) {
  const user = currentUser(ctx);
  if (user.role !== 'admin') throw forbidden(API.adminsOnly);
  // The shop may require two-factor sign-in of every admin using the panel.
  if (ctx.state.authVia === 'session' && !user.twoFactorEnabled && (await getSettings()).twoFactorRequiredForAdmins) throw forbidden(API.twoFactorMandatory);
  return next();
}
