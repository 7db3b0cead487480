// The built front ends (build/current/admin and build/current/storefront): /admin/* from the admin,
// everything else from the storefront, each falling back to its index.html so client-side routes
// work. Hashed assets are cached for a year; index.html is always revalidated.
// A path that is none of the storefront's pages (a probe for /wp-admin or /.env, /metrics when it
// is off, a file that is not in the build) answers 404: files with plain "Not found", page-like
// paths with the app (which shows its own not-found page) under status 404.
import path from 'node:path';
import fs from 'node:fs';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import type { Config } from '../../config';

const ASSET_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The first path segment of every storefront route (storefront/src/App.tsx; a test keeps the
 *  two in step). '' is the home page. */
export const STOREFRONT_PAGES = new Set([
  '',
  'products',
  'cart',
  'checkout',
  'orders',
  'account',
  'signin',
  'register',
  'forgot-password',
  'reset-password',
  'verify-email',
  'contact',
  'terms',
  'privacy',
  'returns',
  'accessibility',
  // The trade channel: /trade/quick-order, /trade/apply and „Къде да купя“.
  'trade',
  'where-to-buy',
  // An owner's invitation to join a company: /invitation/<token>.
  'invitation',
]);

/** A storefront page route (not a file, not a dot-folder, a known first segment). */
export function isStorefrontPage(urlPath: string): boolean {
  const segments = urlPath.split('/').slice(1);
  if (segments.some((s) => s.startsWith('.'))) return false;
  if (path.extname(urlPath) !== '') return false;
  return STOREFRONT_PAGES.has(segments[0] ?? '');
}

function spa(root: string, mount: string, isPage: (rel: string) => boolean) {
  return async (ctx: Context): Promise<boolean> => {
    const rel = ctx.path.slice(mount.length) || '/';
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) return false;
    if (rel.split('/').some((s) => s.startsWith('.'))) return false;
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
    if (!isPage(rel)) ctx.status = 404;
    return true;
  };
}

/** `pages`: the server-rendered storefront pages (modules/storefront); true when it answered. */
export function staticFiles(config: Config, pages?: (ctx: Context) => Promise<boolean>) {
  const admin = spa(config.adminDist, '/admin', () => true);
  const storefront = spa(config.storefrontDist, '', isStorefrontPage);
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/admin' || ctx.path.startsWith('/admin/')) {
      if (await admin(ctx)) return;
    } else if (!ctx.path.startsWith('/uploads/') && ((pages && (await pages(ctx))) || (await storefront(ctx)))) {
      return;
    }
    await next();
    if (ctx.status === 404 && ctx.body == null) {
      ctx.body = 'Not found';
      ctx.status = 404; // after the body: setting a body alone would make it 200
    }
  };
}
