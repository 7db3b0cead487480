// Signing in and out of the cookie session. The session id is regenerated on sign-in (no
// fixation) and the session destroyed on sign-out; the CSRF token (its own cookie) stays the same,
// so a page that fetched it once keeps working across sign-in and sign-out.
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { issueCsrfToken } from '../../platform/http/csrf';

type Sess = Record<string, any> & { regenerate(): Promise<void> };

function clear(s: Sess, keep: string[]) {
  for (const k of Object.keys(s)) if (!k.startsWith('_') && !keep.includes(k)) delete s[k];
}

export async function signIn(ctx: Context, user: User): Promise<string> {
  const csrfToken = issueCsrfToken(ctx);
  const s = ctx.session as unknown as Sess;
  clear(s, ['orderIds']);
  s.userId = user.id;
  await s.regenerate();
  return csrfToken;
}

export { signOut } from '../../platform/http/auth';

/** End every session of a user (password reset, account deletion). */
export async function endAllSessions(knex: import('knex').Knex, userId: number): Promise<void> {
  await knex('sessions').where({ userId }).delete();
}
