// The built front ends: /admin/* from admin/dist, everything else from storefront/dist, each
// falling back to its index.html so client-side routes work (the apps render their own 404).
// Hashed assets are cached for a year; index.html is always revalidated.
import path from 'node:path';
import fs from 'node:fs';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import type { Config } from '../config';

const ASSET_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

function spa(root: string, mount: string) {
  return async (ctx: Context): Promise<boolean> => {
    const rel = ctx.path.slice(mount.length) || '/';
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) return false;
    const isFile = rel !== '/' && path.extname(rel) !== '';
    if (isFile) {
      try {
        await send(ctx, rel, {
          root,
          index: false,
          immutable: rel.startsWith('/assets/'),
          maxage: rel.startsWith('/assets/') ? ASSET_MAX_AGE_MS : 3_600_000,
          gzip: true,
          brotli: true,
        });
        return true;
      } catch (err: any) {
        if (err?.status !== 404) throw err;
        return false; // a missing asset is a 404, not the app
      }
    }
    await send(ctx, 'index.html', { root, index: false });
    ctx.set('Cache-Control', 'no-cache');
    return true;
  };
}

/** `pages`: the server-rendered storefront pages (modules/storefront); true when it answered. */
export function staticFiles(config: Config, pages?: (ctx: Context) => Promise<boolean>) {
  const admin = spa(config.adminDist, '/admin');
  const storefront = spa(config.storefrontDist, '');
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/admin' || ctx.path.startsWith('/admin/')) {
      if (await admin(ctx)) return;
    } else if (!ctx.path.startsWith('/uploads/') && ((pages && (await pages(ctx))) || (await storefront(ctx)))) {
      return;
    }
    return next();
  };
}
