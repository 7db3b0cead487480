// Running as a real shop: settings read from the environment, the proxy's headers trusted only as
// far as configured, production over plain HTTP, readiness, metrics, unknown paths.
import fs from 'node:fs';
import path from 'node:path';
import supertest from 'supertest';
import type { Context, Next } from 'koa';
import { makeShop, TestShop } from './helpers';
import { loadConfig, parseTrustProxy, startupWarnings } from '../src/config';
import { createApp } from '../src/app';
import { createKnex } from '../src/platform/db/knex';
import { STOREFRONT_PAGES } from '../src/platform/http/static';

const env = (vars: Record<string, string>) => ({ APP_KEYS: 'k1,k2', ...vars }) as NodeJS.ProcessEnv;

describe('settings from the environment', () => {
  it('listen on 127.0.0.1 in production unless HOST says otherwise, and on every interface in development', () => {
    expect(loadConfig(env({ NODE_ENV: 'production' })).host).toBe('127.0.0.1');
    expect(loadConfig(env({ NODE_ENV: 'production', HOST: '0.0.0.0' })).host).toBe('0.0.0.0');
    expect(loadConfig(env({ NODE_ENV: 'development' })).host).toBeUndefined();
  });

  it('seed demo data only when asked in production, by default elsewhere', () => {
    expect(loadConfig(env({ NODE_ENV: 'production' })).seedDemo).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'production', SEED_DEMO: '1' })).seedDemo).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'development' })).seedDemo).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'development', SEED_DEMO: '0' })).seedDemo).toBe(false);
  });

  it('read TRUST_PROXY as a number of proxies or their addresses, and refuse anything else', () => {
    expect(parseTrustProxy(undefined)).toEqual({ proxy: false, proxyHops: 0, trustedProxies: [] });
    expect(parseTrustProxy('1')).toEqual({ proxy: true, proxyHops: 1, trustedProxies: [] });
    expect(parseTrustProxy('2')).toEqual({ proxy: true, proxyHops: 2, trustedProxies: [] });
    expect(parseTrustProxy('10.0.0.1, 10.0.0.2')).toEqual({ proxy: true, proxyHops: 0, trustedProxies: ['10.0.0.1', '10.0.0.2'] });
    expect(() => parseTrustProxy('nginx')).toThrow(/TRUST_PROXY/);
  });

  it('warn at start about a production setup that works but is wrong for a real shop', () => {
    const warnings = startupWarnings(loadConfig(env({ NODE_ENV: 'production' })));
    expect(warnings.join('\n')).toMatch(/SMTP_URL is not set/);
    expect(warnings.join('\n')).toMatch(/PUBLIC_URL is http:\/\/localhost/);
    expect(warnings.join('\n')).toMatch(/without TRUST_PROXY/);
    const good = startupWarnings(
      loadConfig(env({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.bg', PUBLIC_URL: 'https://vapsolo.bg', TRUST_PROXY: '1' })),
    );
    expect(good).toEqual([]);
    expect(startupWarnings(loadConfig(env({ NODE_ENV: 'development' })))).toEqual([]);
  });
});

/** The address the shop took the request to come from, for each request. */
function recordIps(shop: TestShop): string[] {
  const seen: string[] = [];
  shop.app.middleware.unshift(async (ctx: Context, next: Next) => {
    await next();
    seen.push(ctx.ip);
  });
  return seen;
}

describe('behind a proxy', () => {
  let shop: TestShop;
  afterEach(() => shop?.close());

  it('TRUST_PROXY=1: the client is what the proxy appended, a forged X-Forwarded-For is ignored', async () => {
    shop = await makeShop({ ...parseTrustProxy('1') });
    const seen = recordIps(shop);
    // nginx appends the real address to whatever the client sent.
    await supertest(shop.app.callback()).get('/api/health').set('X-Forwarded-For', '6.6.6.6, 203.0.113.7').expect(200);
    await supertest(shop.app.callback()).get('/api/health').set('X-Forwarded-For', '198.51.100.9').expect(200);
    expect(seen).toEqual(['203.0.113.7', '198.51.100.9']);
  });

  it('TRUST_PROXY with addresses: headers count only from those proxies', async () => {
    shop = await makeShop({ ...parseTrustProxy('127.0.0.1') });
    const seen = recordIps(shop);
    await supertest(shop.app.callback()).get('/api/health').set('X-Forwarded-For', '6.6.6.6, 203.0.113.7, 127.0.0.1').expect(200);
    expect(seen[0]).toBe('203.0.113.7');

    shop.close();
    shop = await makeShop({ ...parseTrustProxy('10.9.9.9') });
    const seenUntrusted = recordIps(shop);
    // The connection is not from 10.9.9.9: the header is a client's and is ignored.
    await supertest(shop.app.callback()).get('/api/health').set('X-Forwarded-For', '6.6.6.6').expect(200);
    expect(seenUntrusted[0]).not.toBe('6.6.6.6');
  });

  it('without TRUST_PROXY the forwarded headers are ignored', async () => {
    shop = await makeShop();
    const seen = recordIps(shop);
    await supertest(shop.app.callback()).get('/api/health').set('X-Forwarded-For', '6.6.6.6').expect(200);
    expect(seen[0]).not.toBe('6.6.6.6');
  });
});

describe('production cookies', () => {
  let shop: TestShop;
  afterEach(() => shop?.close());

  it('plain HTTP without a proxy: /api/csrf-token answers (never 500) with a Secure cookie', async () => {
    shop = await makeShop({ env: 'production', secureCookies: true });
    const res = await supertest(shop.app.callback()).get('/api/csrf-token');
    expect(res.status).toBe(200);
    expect(res.body.csrfToken).toBeTruthy();
    // The token's own cookie (a token alone makes no session).
    expect(String(res.headers['set-cookie'])).toMatch(/csrf=.*secure/i);
  });

  it('behind the TLS proxy: sign-in works with the Secure cookie', async () => {
    shop = await makeShop({ env: 'production', secureCookies: true, ...parseTrustProxy('1') });
    const u = await shop.user();
    const http = supertest(shop.app.callback());
    const first = await http.get('/api/csrf-token').set('X-Forwarded-Proto', 'https').expect(200);
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    expect(cookies.join()).toMatch(/secure/i);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    await http
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .set('cookie', cookie)
      .set('x-csrf-token', first.body.csrfToken)
      .send({ email: u.email, password: u.password })
      .expect(200);
  });
});

describe('health, readiness and metrics', () => {
  it('/api/ready answers 200 when migrated, 503 with migrations pending or the database gone', async () => {
    const shop = await makeShop();
    expect((await shop.browser().get('/api/ready')).status).toBe(200);
    await shop.close();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await shop.browser().get('/api/ready')).status).toBe(503);
    expect((await shop.browser().get('/api/health')).status).toBe(500);
    quiet.mockRestore();

    const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, { dbFile: ':memory:', appKeys: ['k'], logRequests: false });
    const knex = createKnex(config);
    const app = createApp(config, knex);
    const res = await supertest(app.callback()).get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('migrating');
    await knex.destroy();
  });

  it('/metrics is 404 unless METRICS=1', async () => {
    const shop = await makeShop();
    expect((await shop.browser().get('/metrics')).status).toBe(404);
    await shop.close();
  });

  it('METRICS=1: requests by route pattern, orders and the e-mail queue', async () => {
    const shop = await makeShop({ metrics: true });
    await shop.browser().get('/api/products/no-such-product');
    await shop.app
      .knex('mailQueue')
      .insert({ to: 'a@example.bg', subject: 's', text: 't', attempts: 0, nextAttemptAt: Date.now(), createdAt: Date.now() });
    const res = await shop.browser().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/api\/products\/:idOrSlug",status="404"\} 1/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/products\/:idOrSlug"\}/);
    expect(res.text).toMatch(/shop_orders_total 0/);
    expect(res.text).toMatch(/shop_mail_queue_pending 1/);
    // No raw paths with ids as labels.
    expect(res.text).not.toContain('no-such-product');
    await shop.close();
  });
});

describe('unknown paths', () => {
  it('every storefront route is listed as a page (storefront/src/App.tsx)', () => {
    const app = fs.readFileSync(path.join(__dirname, '../../storefront/src/App.tsx'), 'utf8');
    const firsts = [...app.matchAll(/path="\/([^"/]*)/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect(firsts.length).toBeGreaterThan(5);
    for (const first of firsts) expect([first, STOREFRONT_PAGES.has(first)]).toEqual([first, true]);
  });
});
