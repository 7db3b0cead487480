// CSRF: a token required in `x-csrf-token` on every mutation that is authenticated by the cookie
// (login and register included). Bearer-token calls are exempt: a browser never attaches that
// header by itself.
//
// The token's secret lives in a cookie of its own (`csrf`, signed with the app keys, HttpOnly):
// the header must equal it (double submit, bound to a cookie the shop signed). So a stranger
// asking for tokens without cookies costs the shop nothing to keep: sessions are written only
// when they hold something (a sign-in, a guest's orders, a pending second factor). A session
// written before this change still has its token inside; that one keeps working.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { forbidden } from './errors';
import { SESSION_MAX_AGE_MS } from './session';
import { API } from '@domain/messages';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADERS = ['x-csrf-token', 'csrf-token', 'x-xsrf-token'];
export const CSRF_COOKIE = 'csrf';
const TOKEN = /^[\w-]{32,64}$/;

/** The browser's token as the shop gave it: its signed cookie, or (sessions from before the
 *  cookie) the session's. */
export function csrfTokenOf(ctx: Context): string | undefined {
  const cookie = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  if (cookie && TOKEN.test(cookie)) return cookie;
  const legacy = (ctx.session as { csrfToken?: unknown } | null)?.csrfToken;
  return typeof legacy === 'string' && legacy ? legacy : undefined;
}

/** The browser's token, its cookie set when it had none (never written to the session). */
export function issueCsrfToken(ctx: Context): string {
  const fromCookie = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  if (fromCookie && TOKEN.test(fromCookie)) return fromCookie;
  const token = csrfTokenOf(ctx) ?? crypto.randomBytes(32).toString('base64url');
  ctx.cookies.set(CSRF_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: SESSION_MAX_AGE_MS,
    secure: Boolean(ctx.config?.secureCookies),
    overwrite: true,
  });
  return token;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function requireCsrf(ctx: Context, next: Next) {
  if (SAFE.has(ctx.method) || ctx.state.authVia === 'bearer') return next();
  const sent = HEADERS.map((h) => ctx.get(h)).find(Boolean);
  const expected = csrfTokenOf(ctx);
  if (!sent || !expected || !sameToken(sent, expected)) throw forbidden(API.csrfInvalid);
  return next();
}
