// Cookie sessions (cookie `sid`) kept in the `sessions` table, so restarts and several
// instances share them.
import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export interface ShopSession {
  csrfToken?: string;
  userId?: number;
  /** Orders placed by this browser as a guest, so it may view them. */
  orderIds?: number[];
  /** Password checked, second factor still owed. */
  pendingTwoFactor?: { userId: number; at: number; tries: number };
}

function sessionStore(knex: Knex) {
  return {
    async get(key: string) {
      const row = await knex('sessions').where({ id: key }).first('data', 'expiresAt');
      if (!row) return undefined;
      if (Number(row.expiresAt) < Date.now()) {
        await knex('sessions').where({ id: key }).delete();
        return undefined;
      }
      return JSON.parse(row.data);
    },
    async set(key: string, sess: any, maxAge: number) {
      const row = {
        id: key,
        data: JSON.stringify(sess),
        expiresAt: Date.now() + (typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS),
        userId: sess?.userId ?? null,
      };
      await knex('sessions').insert(row).onConflict('id').merge();
    },
    async destroy(key: string) {
      await knex('sessions').where({ id: key }).delete();
    },
  };
}

export function sessionMiddleware(app: Koa, knex: Knex, secure: boolean) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      rolling: false,
      renew: true,
      store: sessionStore(knex),
    } as any,
    app,
  );
}

/** Remove expired sessions; called now and then, never on the request path. */
export async function purgeExpiredSessions(knex: Knex) {
  await knex('sessions').where('expiresAt', '<', Date.now()).delete();
}
