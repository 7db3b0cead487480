// CSRF: a token bound to the session, required in `x-csrf-token` on every mutation that is
// authenticated by the cookie (login and register included). Bearer-token calls are exempt:
// a browser never attaches that header by itself.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { forbidden } from './errors';
import { API } from '../../../../domain/messages';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADERS = ['x-csrf-token', 'csrf-token', 'x-xsrf-token'];

export function issueCsrfToken(ctx: Context): string {
  const s = ctx.session as any;
  if (!s.csrfToken) s.csrfToken = crypto.randomBytes(32).toString('base64url');
  return s.csrfToken;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function requireCsrf(ctx: Context, next: Next) {
  if (SAFE.has(ctx.method) || ctx.state.authVia === 'bearer') return next();
  const sent = HEADERS.map((h) => ctx.get(h)).find(Boolean);
  const expected = (ctx.session as any)?.csrfToken as string | undefined;
  if (!sent || !expected || !sameToken(sent, expected)) throw forbidden(API.csrfInvalid);
  return next();
}
