// The public catalogue (product lists, one product, categories, public settings) answered from
// memory: the same for every shopper, read far more often than written. An entry is dropped the
// moment anything it is made of may change: every write to the catalogue's tables is seen on
// knex's query events, and again when its transaction commits, so a shopper never gets a stale
// price. An answer computed while a write happened is not kept (generations). Stock moves are the
// exception: an order does not drop the catalogue. Each kept answer remembers the stock ledger's
// count at which its computation began (platform/cache/stockLedger); when a move was committed
// since, the figures of the variants in it are brought up to date from the ledger (an `overlay`
// of the catalogue: each variant's stock, the product's sum and `inStock`) and it is serialised
// again, once (an answer is kept as its bytes and the variants it shows, and parsed again only
// when one of those moved). That makes an answer computed while a move committed exact too. Rendered pages
// cannot be brought up to date that way: each keeps what it shows of stock (ShownStock) and is
// dropped when a committed move changes that. Several instances on one PostgreSQL database hear
// each other's committed writes and stock figures (platform/cache/broadcast) and act the same way.
// One computation per answer at a time (single flight): while one request computes the answer to
// a URL, the others asking for it before anything is dropped wait for it and serve it; whoever
// comes after a drop starts a new one. A computation that fails, or makes an answer not to be
// shared, lets its waiters compute their own. A drop heard from another instance is followed by
// the same single flight, so it makes no stampede either.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mayCarryTradeHint, skipsGuestCaches } from '../http/tradeHint';
import { acceptedEncoding, COMPRESS_FROM_BYTES, compressNow, plainAcceptedEncoding, type Encoding } from '../http/encoding';
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import { KeptMap } from './keptMap';
import type { Reach, TableWrites } from './tableWrites';
import type { StockLedger } from './stockLedger';
import type { ShownStock } from './shownStock';

const CACHEABLE_PATH = /^\/api\/(products(\/[^/]+)?|categories|settings)$/;

export interface Entry {
  body: Buffer;
  etag: string;
  contentRange?: string;
  /** The variants whose stock figures the answer shows (a cache with an overlay). */
  variants?: number[];
  /** The stock ledger's count the figures in it are known up to. */
  stockAt: number;
  /** What a rendered page shows of stock (it is dropped when that changes). */
  shown?: ShownStock;
  /** The body compressed, made when first asked for (platform/http/encoding). */
  packed?: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/**
 * JSON with every character past ASCII written as its \u escape: the same value for any JSON
 * parser, and bytes a client reads without decoding UTF-8 (a load generator written in JavaScript
 * reads a page of Cyrillic at half the rate of the same page in ASCII). Compressed, the two
 * differ by a few per cent; most browsers get the answer compressed.
 */
export function asciiJson(value: unknown): Buffer {
  return Buffer.from(
    JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    'latin1',
  );
}

/** A kept answer's body in the encoding the client accepts (compressed once, then kept with it). */
export function entryBody(entry: Entry, encoding: Encoding): { body: Buffer; encoding: Encoding } {
  if (encoding === 'identity' || entry.body.length < COMPRESS_FROM_BYTES) return { body: entry.body, encoding: 'identity' };
  const packed = (entry.packed ??= {});
  return { body: (packed[encoding] ??= compressNow(entry.body, encoding)), encoding };
}

/** Brings the stock figures in an answer up to date: `figure` is a variant's stock when it moved
 *  since the answer's figures were known. True when anything in it changed. */
export type StockOverlay = (value: object, figure: (variantId: number) => number | undefined) => boolean;

export interface AnswerCacheOptions {
  /** The cache's answers are JSON whose stock figures this brings up to date: stock moves drop nothing. */
  overlay?: StockOverlay;
  /** Pages that say what they show of stock (`shown`): each dropped only when that changes. */
  stockShown?: boolean;
}

/** When a computation began: the cache's generation and the stock ledger's count. */
export interface Start {
  generation: number;
  stockAt: number;
}

interface Flight {
  generation: number;
  done: Promise<Entry | undefined>;
}

/** The variants an answer shows the stock of: what the overlay would ask about, nothing changed. */
function variantsIn(value: object, overlay: StockOverlay): number[] {
  const ids: number[] = [];
  overlay(value, (id) => {
    ids.push(id);
    return undefined;
  });
  return ids;
}

const etagOf = (body: Buffer) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** Serialised answers by URL, dropped together by the writes that reach what they are made of. */
export class AnswerCache {
  private entries: KeptMap<string, Entry>;
  private ledger?: StockLedger;
  private flights = new Map<string, Flight>();
  /** Pages by the variants whose stock they show. */
  private showing = new Map<number, Set<string>>();

  constructor(
    maxEntries = 2000,
    private options: AnswerCacheOptions = {},
  ) {
    this.entries = new KeptMap({ max: maxEntries });
  }

  get generation(): number {
    return this.entries.generation;
  }

  /** Taken before an answer is computed, handed back to `make`. */
  start(): Start {
    return { generation: this.entries.generation, stockAt: this.ledger?.count ?? 0 };
  }

  invalidate() {
    this.drop();
  }

  private drop() {
    this.entries.drop();
    this.showing.clear();
  }

  /** The kept answer, its stock figures brought up to date. */
  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    return entry && this.fresh(entry);
  }

  /** The answer with the stock figures committed since it was made, or undefined when it no longer holds. */
  private fresh(entry: Entry): Entry | undefined {
    const ledger = this.ledger;
    if (!ledger || entry.stockAt === ledger.count) return entry;
    if (entry.shown) return entry.shown.catchUp(ledger) ? entry : undefined;
    const overlay = this.options.overlay;
    const at = entry.stockAt;
    // Parsed again only when a variant it shows moved: an answer is kept as its bytes alone.
    if (overlay && entry.variants?.some((id) => ledger.since(id, at) !== undefined)) {
      const value = JSON.parse(entry.body.toString()) as object;
      if (overlay(value, (id) => ledger.since(id, at))) {
        entry.body = asciiJson(value);
        entry.etag = etagOf(entry.body);
        entry.packed = undefined;
      }
    }
    entry.stockAt = ledger.count;
    return entry;
  }

  /** Keep an answer computed at `generation`, unless something changed meanwhile. */
  set(key: string, generation: number, body: Buffer, contentRange?: string): Entry | undefined {
    const { entry, kept } = this.make(key, { generation, stockAt: this.ledger?.count ?? 0 }, body, { contentRange });
    return kept ? entry : undefined;
  }

  /**
   * The entry of an answer computed since `start` (`json`: a JSON body, whose stock figures are
   * then brought up to date), kept unless something was dropped meanwhile
   * (or, for a page, what it shows of stock moved meanwhile). Answered either way: the requests
   * that waited for this computation may serve it.
   */
  make(key: string, start: Start, body: Buffer, more: { contentRange?: string; json?: boolean; shown?: ShownStock } = {}) {
    const entry: Entry = {
      body,
      etag: etagOf(body),
      contentRange: more.contentRange,
      variants: this.options.overlay && more.json ? variantsIn(JSON.parse(body.toString()) as object, this.options.overlay) : undefined,
      stockAt: start.stockAt,
      shown: more.shown && !more.shown.empty ? more.shown : undefined,
    };
    if (!this.fresh(entry)) return { entry, kept: false };
    const kept = this.entries.keep(key, entry, start.generation);
    if (kept && entry.shown)
      for (const variantId of entry.shown.variants()) {
        const keys = this.showing.get(variantId) ?? new Set<string>();
        keys.add(key);
        this.showing.set(variantId, keys);
      }
    return { entry, kept };
  }

  /**
   * The answer for `key` from the computation under way for it (started before the last drop:
   * joined), else computed by `lead` and shared with whoever asks meanwhile (`led`). No entry and
   * not led: the caller computes on its own (the shared computation failed or made an answer not
   * to be shared).
   */
  async shared(key: string, lead: (start: Start) => Promise<Entry | undefined>): Promise<{ entry?: Entry; led: boolean }> {
    const generation = this.entries.generation;
    const under = this.flights.get(key);
    if (under && under.generation === generation) {
      const entry = await under.done;
      return { entry: entry && this.fresh(entry), led: false };
    }
    let release: (entry: Entry | undefined) => void = () => undefined;
    const flight: Flight = { generation, done: new Promise((resolve) => (release = resolve)) };
    this.flights.set(key, flight);
    try {
      const entry = await lead(this.start());
      release(entry);
      return { entry, led: true };
    } catch (err) {
      release(undefined);
      throw err;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  /** Drop everything on each write that reaches `reach`, and again when its transaction ends; stock
   *  moves are followed in place when the cache can (an overlay, pages that say what they show). */
  dropOn(writes: TableWrites, reach: Reach): this {
    const inPlace = Boolean(this.options.overlay || this.options.stockShown);
    writes.watch(reach, () => this.drop(), { stockInPlace: inPlace });
    if (inPlace) this.ledger = writes.ledger;
    if (this.options.stockShown) writes.ledger.onMoved((moved) => this.dropShowing(moved.map((m) => m.variantId)));
    return this;
  }

  /** Pages showing these variants' stock: dropped when what they show changed. */
  private dropShowing(variantIds: number[]) {
    const keys = new Set<string>();
    for (const id of variantIds) for (const key of this.showing.get(id) ?? []) keys.add(key);
    for (const key of keys) {
      const entry = this.entries.peek(key);
      if (entry && this.fresh(entry)) continue;
      this.entries.delete(key);
      for (const id of entry?.shown?.variants() ?? variantIds) this.showing.get(id)?.delete(key);
    }
  }
}

/** Mark this answer as the public one, the same for anyone who asks. */
export function publicAnswer(ctx: Context) {
  ctx.state.publicAnswer = true;
}

/**
 * On a miss: let the route answer, then keep its JSON (with its Content-Range) when it is a
 * 200 the route allows to be kept, unless a write happened meanwhile. Answers the entry made of
 * it (kept or not), or undefined for an answer that is not to be kept.
 */
async function computeAndKeep(
  ctx: Context,
  next: Next,
  cache: AnswerCache,
  key: string,
  start: Start,
  keepable: () => boolean,
): Promise<Entry | undefined> {
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
  const body = asciiJson(ctx.body);
  const { entry } = cache.make(key, start, body, { contentRange: ctx.response.get('Content-Range') || undefined, json: true });
  ctx.type = 'application/json; charset=utf-8';
  // With the stock moves committed meanwhile: the body its ETag stands for.
  ctx.body = entry.body;
  return entry;
}

/** What a kept answer is sent as, by Koa or by the front door: its status, its headers (beside
 *  the shop's own) and its body, compressed as accepted (none for a 304). */
function keptAnswerOf(entry: Entry, revalidate: boolean, ifNoneMatch: string | undefined, encoding: Encoding) {
  const headers: Array<[string, string]> = [['Vary', 'Accept-Encoding']];
  if (revalidate) {
    headers.push(['Cache-Control', 'no-cache'], ['ETag', entry.etag]);
    if (ifNoneMatch === entry.etag) return { status: 304, headers, body: undefined };
  }
  if (entry.contentRange) headers.push(['Content-Range', entry.contentRange], ['Access-Control-Expose-Headers', 'Content-Range']);
  const packed = entryBody(entry, encoding);
  if (packed.encoding !== 'identity') headers.push(['Content-Encoding', packed.encoding]);
  headers.push(['Content-Type', 'application/json; charset=utf-8']);
  return { status: 200, headers, body: packed.body };
}

/** A kept (or just shared) answer, as the cache serves it. */
function serveEntry(ctx: Context, entry: Entry, revalidate: boolean) {
  const answer = keptAnswerOf(entry, revalidate, ctx.get('if-none-match'), acceptedEncoding(ctx));
  for (const [name, value] of answer.headers) ctx.set(name, value);
  ctx.status = answer.status;
  if (answer.body) ctx.body = answer.body;
}

/**
 * The answer from the cache, else from the computation under way for it, else computed here
 * (single flight): `revalidate` answers carry an ETag and may be answered 304.
 */
async function serveOrCompute(ctx: Context, next: Next, cache: AnswerCache, keepable: () => boolean, revalidate: boolean) {
  const key = ctx.url;
  const hit = cache.get(key);
  if (hit) return serveEntry(ctx, hit, revalidate);
  const { entry, led } = await cache.shared(key, (start) => computeAndKeep(ctx, next, cache, key, start, keepable));
  if (!led) {
    if (entry) return serveEntry(ctx, entry, revalidate);
    const own = await computeAndKeep(ctx, next, cache, key, cache.start(), keepable);
    if (own && revalidate) serveHeaders(ctx, own);
    return;
  }
  if (entry && revalidate) serveHeaders(ctx, entry);
}

/** The headers of an answer just computed here (its body is already the serialised one). */
function serveHeaders(ctx: Context, entry: Entry) {
  ctx.set('Vary', 'Accept-Encoding');
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', entry.etag);
}

/** Serve from the cache before sessions and auth are even looked at; fill it on a miss. */
export function servePublicCache(cache: AnswerCache) {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !CACHEABLE_PATH.test(ctx.path) || skipsGuestCaches(ctx)) return next();
    await serveOrCompute(ctx, next, cache, () => Boolean(ctx.state.publicAnswer), true);
  };
}

/** A handler in front of Koa: true when it has answered the request itself. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FrontDoorOptions {
  /** The headers every answer carries (platform/http/securityHeaders). */
  headers: Array<[string, string]>;
  /** Told of each answer it gives (the request log). */
  answered?: (method: string, path: string, status: number, ms: number) => void;
}

/**
 * The kept public answers, given before Koa is entered: a kept answer is the same bytes for every
 * guest, and building Koa's context, its middleware's promises and header objects cost a kept
 * product about as much again as the answer itself. Only a hit is answered here, with what
 * `servePublicCache` would send (the shop's headers, ETag and 304, Content-Range, HEAD without a
 * body); a miss, and anything that may be a member's or carry a token, goes on to Koa unchanged.
 */
export function publicCacheFrontDoor(cache: AnswerCache, options: FrontDoorOptions): FrontDoor {
  const fixed = options.headers.flat();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (!CACHEABLE_PATH.test(path) || mayCarryTradeHint(req.headers)) return false;
    const started = performance.now();
    const entry = cache.get(url);
    if (!entry) return false;
    // An Accept-Encoding with q-values is left to Koa's negotiation.
    const accepted = plainAcceptedEncoding(req.headers['accept-encoding']);
    if (!accepted) return false;
    const answer = keptAnswerOf(entry, true, req.headers['if-none-match'], accepted);
    const headers = [...fixed, ...answer.headers.flat()];
    if (answer.body) headers.push('Content-Length', String(answer.body.length));
    res.writeHead(answer.status, headers);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    options.answered?.(req.method, path, res.statusCode, performance.now() - started);
    return true;
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
    await serveOrCompute(ctx, next, cache, () => true, false);
  };
}
