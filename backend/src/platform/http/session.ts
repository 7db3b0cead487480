// Cookie sessions (cookie `sid`) kept in the `sessions` table, so restarts and several
// instances share them. With the in-memory caches on, each session is also kept in memory after
// its first read, so a signed-in request where nothing changes costs no session query, on one
// instance and on several alike:
// - Every save gives the session a new revision, kept in its row and sent to the browser in a
//   cookie of its own (`sid.rev`). With several instances a kept copy answers only a request that
//   carries its revision: a browser whose last change was saved by another instance carries that
//   save's revision, so this one reads the row, even before the news of the save has come.
// - Every save and end is told to the other instances (platform/cache/broadcast, by a hash of the
//   id), which drop their copy; a delete of many sessions (all of a user's) drops every kept
//   session, here and there. So a revision replayed once the news has come reads the row: a
//   cookie never gets more than the row gives (a second factor's tries, a guest's orders).
// The revision tells nothing and opens nothing: it only says which copy the browser last saw.
import crypto from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import { KeptMap } from '../cache/keptMap';
import { declareWrites, EVERY_TABLE, type TableWrite, type TableWrites } from '../cache/tableWrites';
import { cacheBroadcast } from '../cache/broadcast';
import type { BatchWrite } from '../db/writeTogether';

export const SESSION_COOKIE = 'sid';
/** The revision of the session the browser last saw saved. */
export const SESSION_REVISION_COOKIE = `${SESSION_COOKIE}.rev`;
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
/** Where the revision is kept inside the row's data (koa-session leaves `_` keys alone). */
const REVISION_KEY = '_rev';

/** How a session is named in memory and to the other instances: a hash of its id, never the id
 *  (96 bits: two sessions sharing one only miss each other's copy). */
export function sessionHash(id: string): string {
  return crypto.createHash('sha256').update(id).digest('base64url').slice(0, 16);
}

interface KeptSession {
  id: string;
  data: string;
  expiresAt: number;
  revision?: string;
}

/** The write of one session, as the caches and the broadcast hear it. */
function sessionWrite(id: string, kind: 'update' | 'delete'): TableWrite[] {
  return [{ table: 'sessions', kind, stockOnly: false, session: sessionHash(id) }];
}

/** Drops what sessions' writes made stale: the one session saved or ended, or every session
 *  when many were deleted (a user's, by another statement) or anything may have changed. */
function keepSessionsExact(kept: KeptMap<string, KeptSession>, writes: TableWrites) {
  const ends = (w: TableWrite) =>
    w.table === EVERY_TABLE || (w.table === 'sessions' && !w.session && w.kind !== 'insert' && w.kind !== 'update');
  const one = (w: TableWrite) => w.table === 'sessions' && !!w.session;
  writes.watch(
    (w) => ends(w) || one(w),
    (all) => {
      if (all.some(ends)) return kept.drop();
      for (const w of all) if (one(w)) kept.forget(w.session!);
    },
  );
}

type CookieContext = Pick<Koa.Context, 'cookies' | 'state'>;

/** Where a request keeps the id of the session it goes on with (read by the store's `get`, or made
 *  for a new session), and the save made with a transaction of its own (`sessionSaveAlong`). */
const LIVE_KEY = 'sessionId';
const SAVED_ALONG = 'sessionSavedAlong';
/** Where the app's session store is found from a request's context. */
const STORE = Symbol('sessionStore');

interface SavedAlong {
  key: string;
  /** The data as saved, without its expiry and revision (`comparable`). */
  same: string;
  row: { id: string; data: string; expiresAt: number; userId: number | null };
  revision?: string;
}

/** A session's data in a form that compares equal when only its expiry or revision differ. */
function comparable(sess: Record<string, unknown>): string {
  const keys = Object.keys(sess)
    .filter((k) => k !== '_expire' && k !== '_maxAge' && k !== REVISION_KEY)
    .sort();
  return JSON.stringify(keys.map((k) => [k, sess[k]]));
}

// 48 random bits, a UUID's last twelve hex digits, as 8 characters: randomUUID draws from a kept
// pool of random bytes, where randomBytes asks the system on every call (and every save makes one).
const newRevision = () => Buffer.from(crypto.randomUUID().slice(-12), 'hex').toString('base64url');

/** The row a session is saved as. */
function sessionRow(key: string, sess: Record<string, unknown>, maxAge: number, revision: string | undefined) {
  return {
    id: key,
    data: JSON.stringify(revision ? { ...sess, [REVISION_KEY]: revision } : sess),
    expiresAt: Date.now() + maxAge,
    userId: (sess?.userId as number | undefined) ?? null,
  };
}

function upsertSession(db: Knex, row: SavedAlong['row']) {
  return declareWrites(db('sessions').insert(row).onConflict('id').merge(), sessionWrite(row.id, 'update'));
}

/**
 * Sessions in the database, and with `writes` (caches on) also in memory after their first read.
 * `shared`: other instances write them too (a cache broadcast): a kept copy answers only the
 * browser carrying its revision.
 */
function sessionStore(knex: Knex, writes: TableWrites | undefined, secure: boolean) {
  const kept = writes ? new KeptMap<string, KeptSession>({ max: MEMORY_MAX }) : undefined;
  if (kept && writes) keepSessionsExact(kept, writes);
  const shared = Boolean(kept && cacheBroadcast(knex));
  const tellRevision = (ctx: CookieContext | undefined, revision: string | null) =>
    ctx?.cookies.set(SESSION_REVISION_COOKIE, revision, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_MAX_AGE_MS,
      overwrite: true,
    });
  const end = (key: string) => declareWrites(knex('sessions').where({ id: key }).delete(), sessionWrite(key, 'delete'));

  return {
    async get(key: string, _maxAge: unknown, opts?: { ctx?: CookieContext }) {
      const hash = sessionHash(key);
      const revision = shared ? opts?.ctx?.cookies.get(SESSION_REVISION_COOKIE) : undefined;
      let row = kept?.get(hash);
      if (row && (row.id !== key || (shared && row.revision !== revision))) row = undefined;
      if (!row) {
        const at = kept?.generation ?? 0;
        const found = await knex('sessions').where({ id: key }).first('data', 'expiresAt');
        if (!found) return undefined;
        const revisionOf = (JSON.parse(found.data) as Record<string, unknown>)[REVISION_KEY];
        row = {
          id: key,
          data: found.data,
          expiresAt: Number(found.expiresAt),
          revision: typeof revisionOf === 'string' ? revisionOf : undefined,
        };
        kept?.keep(hash, row, at);
        // The browser carries another revision (an older save's, or none): from now on the row's,
        // so its next requests here are answered from memory.
        if (shared && row.revision && row.revision !== revision && row.expiresAt >= Date.now()) tellRevision(opts?.ctx, row.revision);
      }
      if (row.expiresAt < Date.now()) {
        kept?.forget(hash);
        await end(key);
        return undefined;
      }
      const data = JSON.parse(row.data) as Record<string, unknown>;
      delete data[REVISION_KEY];
      // The live session this request goes on with (an expired one is not: a new one replaces it).
      if (opts?.ctx) opts.ctx.state[LIVE_KEY] = key;
      return data;
    },
    async set(key: string, sess: any, maxAge: number, opts?: { ctx?: CookieContext }) {
      // Saved already, as it is now, in the transaction of what changed it: kept and told only.
      const along = opts?.ctx?.state[SAVED_ALONG] as SavedAlong | undefined;
      const savedAlready = along?.key === key && along.same === comparable(sess);
      const revision = savedAlready ? along.revision : kept ? newRevision() : undefined;
      const row = savedAlready ? along.row : sessionRow(key, sess, typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS, revision);
      if (!savedAlready) await upsertSession(knex, row);
      if (!kept || !revision) return;
      kept.keep(sessionHash(key), { id: key, data: row.data, expiresAt: row.expiresAt, revision }, kept.generation);
      tellRevision(opts?.ctx, revision);
    },
    /** The save of the session `key` with `sess` (koa-session's form: data, expiry), as a write of
     *  `db`'s transaction; `set` then saves no more when the session is still that. */
    saveAlong(ctx: CookieContext, db: Knex, key: string, sess: Record<string, unknown>): BatchWrite {
      const revision = kept ? newRevision() : undefined;
      const row = sessionRow(key, sess, SESSION_MAX_AGE_MS, revision);
      ctx.state[SAVED_ALONG] = { key, same: comparable(sess), row, revision } satisfies SavedAlong;
      return upsertSession(db, row).returning('id');
    },
    async destroy(key: string, opts?: { ctx?: CookieContext }) {
      kept?.forget(sessionHash(key));
      await end(key);
      if (kept && opts?.ctx?.cookies.get(SESSION_REVISION_COOKIE)) tellRevision(opts.ctx, null);
    },
  };
}

/**
 * This request's session saved with `change` made to it, as a write of `db`'s transaction (the
 * write that changes what the session remembers, e.g. a guest's order, and the session stand or
 * fall together, and the session costs no commit of its own). After the answer koa-session saves
 * it no more when it is still what was saved here. Nothing when the request has no session.
 */
export function sessionSaveAlong(
  ctx: Koa.Context,
  db: Knex,
  change: (sess: Record<string, unknown>) => Record<string, unknown>,
): BatchWrite[] {
  const store = (ctx as unknown as { [STORE]?: SessionStore })[STORE];
  const key = ctx.state[LIVE_KEY] as string | undefined;
  const current = ctx.session as unknown as { toJSON(): Record<string, unknown> } | null;
  if (!store || !key || !current) return [];
  return [
    store.saveAlong(ctx, db, key, { ...change(current.toJSON()), _expire: Date.now() + SESSION_MAX_AGE_MS, _maxAge: SESSION_MAX_AGE_MS }),
  ];
}

type SessionStore = ReturnType<typeof sessionStore>;

/** `writes`: keep sessions in memory too, dropped when they are saved or ended elsewhere (caches on). */
export function sessionMiddleware(app: Koa, knex: Knex, secure: boolean, writes?: TableWrites) {
  const store = sessionStore(knex, writes, secure);
  (app.context as unknown as { [STORE]: SessionStore })[STORE] = store;
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
      store,
      // A new session's id, known to the request (sessionSaveAlong may save it before the answer).
      genid: (ctx: Koa.Context) => (ctx.state[LIVE_KEY] = crypto.randomUUID()),
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

/** Remove expired sessions; called now and then, never on the request path. Drops no kept
 *  session: a copy of an expired one is refused by its own end time, and a live one is untouched. */
export async function purgeExpiredSessions(knex: Knex) {
  await declareWrites(knex('sessions').where('expiresAt', '<', Date.now()).delete(), []);
}
