import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopForThisFile } from './helpers';

function fakeDist(title: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

const storefrontDist = fakeDist('storefront');
const adminDist = fakeDist('admin');
const shop = shopForThisFile({ storefrontDist, adminDist });

describe('the built front ends', () => {
  it('serve the storefront for its client routes, with no-cache on the page', async () => {
    for (const url of ['/', '/products', '/products/vap-solo-twins', '/account', '/orders/12']) {
      const res = await shop.browser().get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>storefront</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answer 404 for paths that are no storefront page: the app (its own not-found page) for page-like paths, "Not found" for files', async () => {
    for (const url of [
      '/no-such-page',
      '/wp-admin',
      '/wp-admin/setup.php',
      '/metrics',
      '/.env',
      '/.git/config',
      '/foo.php',
      '/backup.zip',
      '/products/../.env',
    ]) {
      const res = await shop.browser().get(url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.text).not.toContain('console.log');
    }
    const page = await shop.browser().get('/no-such-page');
    expect(page.text).toContain('<title>storefront</title>');
    expect((await shop.browser().get('/foo.php')).text).toBe('Not found');
  });

  it('serve the admin under /admin for its client routes', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/products/3']) {
      const res = await shop.browser().get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>admin</title>');
    }
  });

  it('serve hashed assets as immutable and a missing asset as 404, not the page', async () => {
    const asset = await shop.browser().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await shop.browser().get('/admin/assets/app-abc123.js')).status).toBe(200);
    expect((await shop.browser().get('/assets/missing.js')).status).toBe(404);
    expect((await shop.browser().get('/admin/assets/missing.js')).status).toBe(404);
  });

  it('never serve files outside the build folder', async () => {
    const res = await shop.browser().get('/..%2f..%2fpackage.json');
    expect(res.status === 404 || res.status === 400 || res.status === 403).toBe(true);
    expect(res.text).not.toContain('"name"');
  });

  it('leave /api to the API', async () => {
    const res = await shop.browser().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
  });
});

describe('security headers and health', () => {
  it('send a CSP without inline scripts, no framing and nosniff on pages and API answers', async () => {
    for (const url of ['/', '/admin', '/api/categories-nothing']) {
      const res = await shop.browser().get(url);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answer /api/health for monitors', async () => {
    const res = await shop.browser().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });
});
