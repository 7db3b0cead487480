// Storefront pages rendered on the server: the catalogue's pages with their data,
// head tags and structured data in the HTML, 404 for what does not exist, /sitemap.xml and
// /robots.txt. Rendered answers are kept in an AnswerCache (platform/cache/answerCache: dropped by every
// write to the catalogue's tables, so a new price shows at once) and compressed once per
// encoding. A stock move drops only the pages whose shown stock it changes: a product page shows
// its variants' figures, a list only whether each product has any (ShownStock). One rendering of a
// page at a time: requests for it meanwhile wait for it (single flight). Pages that belong to one
// visitor are left to the shell (platform/http/static).
import { skipsGuestCaches } from '../../platform/http/tradeHint';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'koa';
import type { Config } from '../../config';
import { AnswerCache, type Start } from '../../platform/cache/answerCache';
import { ShownStock } from '../../platform/cache/shownStock';
import type { PagePayload } from '@domain/storefrontPages';
import { builtEntry, loadEntry, SOURCE_ENTRY, StorefrontEntry } from './entry';
import { loadTemplate, pageDocument, Template } from './document';
import { loadPageData } from './pageData';
import { robotsTxt, sitemapXml } from './sitemap';
import { previewImages } from './previewImage';
import { acceptedEncoding, brotliOptions, COMPRESS_FROM_BYTES, gzipOptions, type Encoding } from '../../platform/http/encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function typeOf(path: string): string {
  if (path === '/robots.txt') return 'text/plain; charset=utf-8';
  if (path === '/sitemap.xml') return 'application/xml; charset=utf-8';
  return 'text/html; charset=utf-8';
}

interface Rendered {
  status: number;
  type: string;
  body: Buffer;
  /** The page's data: what it shows of stock. */
  payload?: PagePayload;
}

/** What a page shows of stock: a product page every figure of its product, a list (the shop's,
 *  the home page's featured) whether each product has any. */
function shownStock(payload: PagePayload | undefined, at: number): ShownStock | undefined {
  if (!payload) return undefined;
  const shown = new ShownStock(at);
  const figures = (p: { variants: Array<{ id: number; stock: number }> }) => p.variants.map((v) => [v.id, v.stock] as [number, number]);
  if (payload.product) shown.add(true, figures(payload.product));
  for (const p of [...(payload.products?.products ?? []), ...(payload.featured ?? [])]) shown.add(false, figures(p));
  return shown;
}

export interface StorefrontPagesOptions {
  /** Where rendered answers are kept (none: rendered on every request). */
  cache?: AnswerCache;
  /** The server entry; found in the build or the source when absent. */
  entry?: StorefrontEntry | null;
}

/**
 * `render` (for platform/http/static) answers a page or leaves it to the shell; `fromCache` (early in the
 * app) answers kept pages before the API's routing is even looked at.
 */
export function storefrontPages(config: Config, options: StorefrontPagesOptions = {}) {
  const cache = options.cache;
  let entry: StorefrontEntry | null | undefined = options.entry;
  let template: Template | null | undefined;
  const origin = config.publicUrl;
  const preview = previewImages(config.uploadDir);

  const ready = () => {
    // Tests read the source (a build may be older than it); elsewhere the build comes first.
    if (entry === undefined)
      entry = loadEntry(config.env === 'test' ? [SOURCE_ENTRY, builtEntry(config.buildDir)] : [builtEntry(config.buildDir), SOURCE_ENTRY]);
    if (template === undefined) template = loadTemplate(config.storefrontDist);
    return entry && template ? { entry, template } : null;
  };

  async function produce(ctx: Context): Promise<Rendered | null> {
    if (ctx.path === '/robots.txt') return { status: 200, type: typeOf(ctx.path), body: Buffer.from(robotsTxt(origin)) };
    if (ctx.path === '/sitemap.xml') return { status: 200, type: typeOf(ctx.path), body: Buffer.from(await sitemapXml(origin)) };
    if (/\.[a-z0-9]+$/i.test(ctx.path)) return null; // a file, not a page
    const app = ready();
    if (!app) return null;
    const needs = app.entry.pageNeeds(ctx.url);
    if (needs.render !== 'server') return null;
    const { status, payload } = await loadPageData(needs, ctx.url, origin);
    const html = await app.entry.render(payload);
    return { status, type: 'text/html; charset=utf-8', body: Buffer.from(pageDocument(app.template, html, payload, needs.chunk)), payload };
  }

  /** The body in that encoding; kept beside the page when the page is kept, under its ETag (the
   *  same body packs the same, whenever the page was dropped and rendered again). */
  async function encoded(etag: string | undefined, body: Buffer, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return body;
    const key = etag && `${encoding}:${etag}`;
    const hit = key ? cache?.get(key) : undefined;
    if (hit) return hit.body;
    const packed = encoding === 'br' ? await brotli(body, brotliOptions(body)) : await gzip(body, gzipOptions);
    if (key) cache?.set(key, cache.generation, packed);
    return packed;
  }

  /** Sends a page (from the cache or just rendered), compressed as the client accepts. */
  async function send(ctx: Context, rendered: Rendered, etag: string | undefined) {
    ctx.status = rendered.status;
    ctx.type = rendered.type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    if (etag) {
      ctx.set('ETag', etag);
      if (rendered.status === 200 && ctx.get('if-none-match') === etag) {
        ctx.status = 304;
        return;
      }
    }
    const encoding = rendered.body.length < COMPRESS_FROM_BYTES ? 'identity' : acceptedEncoding(ctx);
    const body = await encoded(etag, rendered.body, encoding);
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.body = body;
  }

  /** Rendered pages from memory, early (before the API's routing): the same for everyone. */
  async function fromCache(ctx: Context, next: () => Promise<unknown>) {
    const hit = cache && (ctx.method === 'GET' || ctx.method === 'HEAD') && !skipsGuestCaches(ctx) ? cache.get(ctx.url) : undefined;
    if (!hit) return next();
    await send(ctx, { status: 200, type: typeOf(ctx.path), body: hit.body }, hit.etag);
  }

  /** Renders the page; true when it answered, false to leave it to the shell. */
  async function render(ctx: Context): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    if (await preview(ctx)) return true;
    // A trade member's prices are not a guest's: their pages are left to the browser, which asks
    // the API with their session, rather than flashing the guest's prices (or, in trade_only, the
    // guest's „Продажба само на търговци“) until the app runs.
    if (skipsGuestCaches(ctx)) return false;
    const key = ctx.url;
    const hit = cache?.get(key);
    if (hit) {
      await send(ctx, { status: 200, type: typeOf(ctx.path), body: hit.body }, hit.etag);
      return true;
    }
    /** Renders the page; a 200 is kept (unknown addresses are endless), with what it shows of stock. */
    const renderAndKeep = async (start: Start) => {
      const rendered = await produce(ctx);
      if (!rendered || rendered.status !== 200 || !cache) return { rendered };
      const { entry } = cache.make(key, start, rendered.body, { shown: shownStock(rendered.payload, start.stockAt) });
      return { rendered, entry };
    };
    let made: Awaited<ReturnType<typeof renderAndKeep>>;
    try {
      if (!cache) made = await renderAndKeep({ generation: 0, stockAt: 0 });
      else {
        const flight = await cache.shared(key, async (start) => {
          made = await renderAndKeep(start);
          return made.entry;
        });
        // Another request's rendering, still true to what it shows.
        if (!flight.led && flight.entry) {
          await send(ctx, { status: 200, type: typeOf(ctx.path), body: flight.entry.body }, flight.entry.etag);
          return true;
        }
        if (!flight.led) made = await renderAndKeep(cache.start());
      }
    } catch (err) {
      // A page that cannot be rendered is still served: the shell renders it in the browser.
      console.error('storefront render failed', ctx.path, err);
      return false;
    }
    if (!made!.rendered) return false;
    await send(ctx, made!.rendered, made!.entry?.etag);
    return true;
  }

  return { render, fromCache };
}
