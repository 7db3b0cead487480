// GET /uploads/<file>: product pictures uploaded in the admin (and the demo ones), served from
// the upload folder with a strict policy of their own (SVG can carry scripts).
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import type { Config } from '../../config';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function serveUploads(config: Config) {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    const rel = ctx.path.slice('/uploads/'.length);
    // Only plain names in plain folders: no dot-files, no climbing out.
    if (!/^[\w-]+(\/[\w-]+)*\.(jpe?g|png|gif|webp|svg)$/i.test(rel) || rel.split('/').some((p) => p.startsWith('.'))) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    try {
      await send(ctx, rel, { root: path.resolve(config.uploadDir), maxage: YEAR_MS, immutable: true, hidden: false });
      ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      ctx.set('X-Content-Type-Options', 'nosniff');
    } catch (err: any) {
      if (err?.status !== 404) throw err;
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  };
}
