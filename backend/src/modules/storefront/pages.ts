// Storefront pages rendered on the server (DESIGN §11): the catalogue's pages with their data,
// head tags and structured data in the HTML, 404 for what does not exist, /sitemap.xml and
// /robots.txt. Rendered answers are kept in an AnswerCache (http/publicCache: dropped by every
// write to the catalogue's tables, so a new price shows at once) and compressed once per
// encoding. Pages that belong to one visitor are left to the shell (http/static).
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'koa';
import type { Config } from '../../config';
import { AnswerCache } from '../../http/publicCache';
import { loadEntry, StorefrontEntry } from './entry';
import { loadTemplate, pageDocument, Template } from './document';
import { loadPageData } from './pageData';
import { robotsTxt, sitemapXml } from './sitemap';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quick levels: a page is compressed again after every catalogue write. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

type Encoding = 'br' | 'gzip' | 'identity';

function typeOf(path: string): string {
  if (path === '/robots.txt') return 'text/plain; charset=utf-8';
  if (path === '/sitemap.xml') return 'application/xml; charset=utf-8';
  return 'text/html; charset=utf-8';
}

interface Rendered {
  status: number;
  type: string;
  body: Buffer;
}

export interface StorefrontPagesOptions {
  /** Where rendered answers are kept (none: rendered on every request). */
  cache?: AnswerCache;
  /** The server entry; found in the build or the source when absent. */
  entry?: StorefrontEntry | null;
}

/** Hands back true when it answered; false leaves the request to the static files (the shell). */
export function storefrontPages(config: Config, options: StorefrontPagesOptions = {}) {
  const cache = options.cache;
  let entry: StorefrontEntry | null | undefined = options.entry;
  let template: Template | null | undefined;
  const origin = config.publicUrl;

  const ready = () => {
    if (entry === undefined) entry = loadEntry();
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
    return { status, type: 'text/html; charset=utf-8', body: Buffer.from(pageDocument(app.template, html, payload)) };
  }

  async function encoded(key: string, generation: number, body: Buffer, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return body;
    const hit = cache?.get(`${encoding}:${key}`);
    if (hit) return hit.body;
    const packed =
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzip(body, { level: GZIP_LEVEL });
    cache?.set(`${encoding}:${key}`, generation, packed);
    return packed;
  }

  return async function servePage(ctx: Context): Promise<boolean> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    const key = ctx.url;
    const generation = cache?.generation ?? 0;
    let hit = cache?.get(key);
    let rendered: Rendered | null = hit ? { status: 200, type: typeOf(ctx.path), body: hit.body } : null;
    if (!rendered) {
      try {
        rendered = await produce(ctx);
      } catch (err) {
        // A page that cannot be rendered is still served: the shell renders it in the browser.
        console.error('storefront render failed', ctx.path, err);
        return false;
      }
      if (!rendered) return false;
      // Only answers that exist are kept: unknown addresses are endless.
      if (rendered.status === 200) hit = cache?.set(key, generation, rendered.body);
    }
    ctx.status = rendered.status;
    ctx.type = rendered.type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    if (hit) {
      ctx.set('ETag', hit.etag);
      if (rendered.status === 200 && ctx.get('if-none-match') === hit.etag) {
        ctx.status = 304;
        return true;
      }
    }
    const encoding = (ctx.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding;
    const body = rendered.body.length < 1024 ? rendered.body : await encoded(key, generation, rendered.body, encoding);
    if (body !== rendered.body) ctx.set('Content-Encoding', encoding);
    ctx.body = body;
    return true;
  };
}
