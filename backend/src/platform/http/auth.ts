// The guards every area's routes use: who is calling was settled by the auth area's
// `authenticate` (ctx.state.user, ctx.state.authVia, and ctx.state.adminHeldBack when the shop's
// rules hold an admin back); these only read it, so a route file needs no other area to guard.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import type { User } from '../../models/User';
import type { Role } from '@domain/limits';
import { forbidden, unauthorized } from './errors';
import { issueCsrfToken } from './csrf';
import { API } from '@domain/messages';

/** A personal API token as stored: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
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

/** The role the caller acts in (null: a guest). An admin held back by the shop's two-factor rule
 *  acts as a customer everywhere: their own orders and data, nothing of anyone else's. */
export function roleOf(ctx: Context, user = ctx.state.user as Pick<User, 'role'> | null | undefined): Role | null {
  if (!user) return null;
  return user.role === 'admin' && ctx.state.adminHeldBack ? 'customer' : user.role;
}

/** Whether the caller acts as staff: the one check wherever a staff role opens something, so the
 *  two-factor mandate holds on every route, whatever its path. */
export function isStaff(ctx: Context): boolean {
  return roleOf(ctx) === 'admin';
}

export async function requireAdmin(ctx: Context, next: Next) {
  const user = currentUser(ctx);
  if (user.role !== 'admin') throw forbidden(API.adminsOnly);
  // A held-back admin is told why (the mandate's own message), not that the route is for admins.
  if (!isStaff(ctx)) throw forbidden(ctx.state.adminHeldBack as string);
  return next();
}

/** This browser signs out: its session row goes (no empty one takes its place), a new CSRF token. */
export async function signOut(ctx: Context): Promise<void> {
  if (!ctx.session) return;
  issueCsrfToken(ctx);
  // Nothing is left to keep: the row goes, and no empty one takes its place.
  ctx.session = null;
}
