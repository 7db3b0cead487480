// The public catalogue (product lists, one product, categories, public settings) answered from
// memory: the same for every shopper, read far more often than written. An entry is dropped the
// moment anything it is made of may change: every write to the catalogue's tables (stock taken
// by an order included) is seen on knex's query events, and again when its transaction commits,
// so a shopper never gets a stale price or stock. An answer computed while a write happened is
// not kept (generations). Several instances on one PostgreSQL database hear each other's
// committed writes (platform/cache/broadcast) and drop their answers the same way.
import { skipsGuestCaches } from '../http/tradeHint';
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { KeptMap } from './keptMap';
import type { Reach, TableWrites } from './tableWrites';

const CACHEABLE_PATH = /^\/api\/(products(\/[^/]+)?|categories|settings)$/;

interface Entry {
  body: Buffer;
  etag: string;
  contentRange?: string;
}

/** Serialised answers by URL, dropped together by the writes that reach what they are made of. */
export class AnswerCache {
  private entries: KeptMap<string, Entry>;

  constructor(maxEntries = 2000) {
    this.entries = new KeptMap({ max: maxEntries });
  }

  get generation(): number {
    return this.entries.generation;
  }

  invalidate() {
    this.entries.drop();
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  /** Keep an answer computed at `generation`, unless something changed meanwhile. */
  set(key: string, generation: number, body: Buffer, contentRange?: string): Entry | undefined {
    const entry = { body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`, contentRange };
    return this.entries.keep(key, entry, generation) ? entry : undefined;
  }

  /** Drop everything on each write that reaches `reach`, and again when its transaction ends. */
  dropOn(writes: TableWrites, reach: Reach): this {
    this.entries.dropOn(writes, reach);
    return this;
  }
}

/** Mark this answer as the public one, the same for anyone who asks. */
export function publicAnswer(ctx: Context) {
  ctx.state.publicAnswer = true;
}

/**
 * On a miss: let the route answer, then keep its JSON (with its Content-Range) when it is a
 * 200 the route allows to be kept, unless a write happened meanwhile. Answers the serialised body.
 */
async function computeAndKeep(
  ctx: Context,
  next: Next,
  cache: AnswerCache,
  key: string,
  keepable: () => boolean,
): Promise<Entry | undefined> {
  const generation = cache.generation;
  await next();
  if (
    ctx.status !== 200 ||
    !keepable() ||
    ctx.body === undefined ||
    ctx.body === null ||
    Buffer.isBuffer(ctx.body) ||
    typeof ctx.body !== 'object'
  )
    return undefined;
  const body = Buffer.from(JSON.stringify(ctx.body));
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = body;
  return cache.set(key, generation, body, ctx.response.get('Content-Range') || undefined);
}

/** Serve from the cache before sessions and auth are even looked at; fill it on a miss. */
export function servePublicCache(cache: AnswerCache) {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !CACHEABLE_PATH.test(ctx.path) || skipsGuestCaches(ctx)) return next();
    const key = ctx.url;
    const hit = cache.get(key);
    if (hit) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('ETag', hit.etag);
      if (ctx.get('if-none-match') === hit.etag) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = hit.body;
      return;
    }
    const entry = await computeAndKeep(ctx, next, cache, key, () => Boolean(ctx.state.publicAnswer));
    if (!entry) return;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', entry.etag);
  };
}

const ADMIN_LIST_PATH =
  /^\/api\/admin\/(orders|orders\/counts|users|admins|products|categories|payments|discounts|contact-messages|notifications|audit-log|customers|inventory)$/;

/**
 * Staff lists (after the admin check): the same answer for every admin until the next write to
 * the shop's data, so reloading a list of 100,000 orders, or several staff looking at it, costs
 * one query. Figures that depend on the clock (dashboard, analysis) are not kept.
 */
export function serveAdminListCache(cache: AnswerCache) {
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' || !ADMIN_LIST_PATH.test(ctx.path)) return next();
    const key = ctx.url;
    const hit = cache.get(key);
    if (hit) {
      if (hit.contentRange) {
        ctx.set('Content-Range', hit.contentRange);
        ctx.set('Access-Control-Expose-Headers', 'Content-Range');
      }
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = hit.body;
      return;
    }
    await computeAndKeep(ctx, next, cache, key, () => true);
  };
}
