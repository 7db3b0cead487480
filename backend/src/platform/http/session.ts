// Cookie sessions (cookie `sid`) kept in the `sessions` table, so restarts and several
// instances share them.
import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import { KeptMap } from '../cache/keptMap';
import { deletesFrom, type TableWrites } from '../cache/tableWrites';
import { cacheBroadcast } from '../cache/broadcast';

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export interface ShopSession {
  csrfToken?: string;
  userId?: number;
  /** Orders placed by this browser as a guest, so it may view them. */
  orderIds?: number[];
  /** Password checked, second factor still owed. */
  pendingTwoFactor?: { userId: number; at: number; tries: number; wrongPassword?: boolean };
}

const MEMORY_MAX = 20_000;

/**
 * Sessions in the database. With `memory` (one process) each is also kept in memory after its
 * first read, so a request costs no session query; any delete of sessions made elsewhere in the
 * app (sign-out everywhere, password reset, expiry purge) empties that memory at once.
 */
function sessionStore(knex: Knex, writes: TableWrites | undefined) {
  // Several instances (a cache broadcast on PostgreSQL): a browser's next request may reach
  // another instance before the news of this one's save does, so sessions are always read.
  const kept =
    writes && !cacheBroadcast(knex)
      ? new KeptMap<string, { data: string; expiresAt: number }>({ max: MEMORY_MAX }).dropOn(writes, deletesFrom('sessions'))
      : undefined;
  return {
    async get(key: string) {
      let row = kept?.get(key);
      if (!row) {
        const at = kept?.generation ?? 0;
        const found = await knex('sessions').where({ id: key }).first('data', 'expiresAt');
        if (!found) return undefined;
        row = { data: found.data, expiresAt: Number(found.expiresAt) };
        kept?.keep(key, row, at);
      }
      if (row.expiresAt < Date.now()) {
        kept?.delete(key);
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
      kept?.keep(key, { data: row.data, expiresAt: row.expiresAt }, kept.generation);
    },
    async destroy(key: string) {
      kept?.delete(key);
      await knex('sessions').where({ id: key }).delete();
    },
  };
}

/** `writes`: keep sessions in memory too, dropped when sessions are deleted (caches on). */
export function sessionMiddleware(app: Koa, knex: Knex, secure: boolean, writes?: TableWrites) {
  const handle = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      rolling: false,
      renew: true,
      store: sessionStore(knex, writes),
    } as any,
    app,
  );
  if (!secure) return handle;
  // Production reached over plain HTTP (no TLS proxy, or one that does not send
  // X-Forwarded-Proto): the cookie is still marked Secure, rather than answering 500 "Cannot send
  // secure cookie over unencrypted connection". Browsers keep it only over HTTPS (and on
  // localhost); the start-up warning tells the operator to put the shop behind TLS.
  return (ctx: Koa.Context, next: Koa.Next) => {
    if (!ctx.secure) (ctx.cookies as unknown as { secure: boolean }).secure = true;
    return handle(ctx, next);
  };
}

/** Remove expired sessions; called now and then, never on the request path. */
export async function purgeExpiredSessions(knex: Knex) {
  await knex('sessions').where('expiresAt', '<', Date.now()).delete();
}
