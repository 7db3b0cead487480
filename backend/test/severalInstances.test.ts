// Two instances of the shop on one PostgreSQL database, each with its in-memory caches on (as in
// production behind a balancer): a change made through one is what the other serves, and stock
// raced from both is never oversold. The second instance is a separate copy of the server's
// modules (jest.isolateModules), so it shares no memory with the first: only the database and
// its LISTEN/NOTIFY channel. PostgreSQL only (TEST_DATABASE_URL; `npm run test:pg`).
import supertest from 'supertest';
import type { Knex } from 'knex';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, stockOf } from './fixtures';
import type { ShopApp } from '../src/app';
import { loadConfig } from '../src/config';
import { CACHE_CHANNEL, LISTENER_NAME, type CacheBroadcast } from '../src/platform/cache/broadcast';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

it('keeps the in-memory caches on with DATABASE_URL, unless MEMORY_CACHES=0', () => {
  const env = { DATABASE_URL: 'postgres://shop@db.example/shop', APP_KEYS: 'k1,k2' } as NodeJS.ProcessEnv;
  expect(loadConfig(env).memoryCaches).toBe(true);
  expect(loadConfig({ ...env, MEMORY_CACHES: '0' }).memoryCaches).toBe(false);
});

onPostgres('two instances on one PostgreSQL database', () => {
  let shop: TestShop;
  let cat: Catalogue;
  let second: ShopApp;
  let secondKnex: Knex;
  let secondBroadcast: CacheBroadcast;

  beforeAll(async () => {
    shop = await makeShop();
    expect(shop.config.memoryCaches).toBe(true);
    cat = await makeCatalogue();
    jest.isolateModules(() => {
      const { createApp } = require('../src/app') as typeof import('../src/app');
      const { createKnex } = require('../src/platform/db/knex') as typeof import('../src/platform/db/knex');
      secondKnex = createKnex(shop.config);
      second = createApp(shop.config, secondKnex);
      const { cacheBroadcast } = require('../src/platform/cache/broadcast') as typeof import('../src/platform/cache/broadcast');
      secondBroadcast = cacheBroadcast(secondKnex)!;
    });
    // The second instance is listening once it answers a request that reads the database.
    await supertest(second.callback()).get('/api/health').expect(200);
  });
  afterAll(async () => {
    await secondKnex?.destroy();
    await shop?.close();
  });

  /** What a shopper on the second instance sees of a product, polled until `done` (up to 1 s). */
  async function seenOnSecond(slug: string, done: (product: any) => boolean) {
    let product: any;
    for (let i = 0; i < 20; i++) {
      product = (await supertest(second.callback()).get(`/api/products/${slug}`).expect(200)).body.product;
      if (done(product)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return product;
  }

  it('serves on the second instance the price an admin just saved on the first', async () => {
    const shopper = supertest(second.callback());
    // Both reads on the second instance: the answer is now kept in its memory.
    expect((await shopper.get('/api/products/triples-mentol').expect(200)).body.product.price).toBe(30);
    expect((await shopper.get('/api/products/triples-mentol').expect(200)).body.product.price).toBe(30);

    const admin = await shop.signedIn('admin');
    const record = (await admin.get(`/api/admin/products/${cat.triples.id}`).expect(200)).body;
    expect((await admin.put(`/api/admin/products/${cat.triples.id}`, { ...record, price: 27.5 })).status).toBe(200);

    const product = await seenOnSecond('triples-mentol', (p) => p.price !== 30);
    expect(product.price).toBe(27.5);
    expect(product.variants[0].price).toBe(27.5);
  });

  it('shows on the second instance a product the first took off sale', async () => {
    const shopper = supertest(second.callback());
    await shopper.get('/api/products/twins-plodov-miks').expect(200);
    const admin = await shop.signedIn('admin');
    expect((await admin.put(`/api/products/${cat.twins.id}/updateStatus`, { status: 'draft' })).status).toBe(200);
    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) {
      status = (await shopper.get('/api/products/twins-plodov-miks')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(404);
  });

  it('sells the last units once, whichever instance the orders reach', async () => {
    // Both instances have read the product (and its stock) before the rush.
    for (const app of [shop.app, second])
      expect((await supertest(app.callback()).get('/api/products/twins-limitiran').expect(200)).body.product.variants[0].stock).toBe(3);
    const buyers: Browser[] = [];
    for (let i = 0; i < 8; i++) {
      const b = new Browser(i % 2 ? second : shop.app);
      await b.csrf();
      buyers.push(b);
    }
    const item = { productId: cat.last3.id, variantId: cat.last3.variant, quantity: 1 };
    const answers = await Promise.all(buyers.map((b) => b.post('/api/orders/create', checkoutBody([item]))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await stockOf(cat.last3.variant)).toBe(0);
    // Both instances now show it sold out.
    expect((await seenOnSecond('twins-limitiran', (p) => p.variants[0].stock === 0)).variants[0].stock).toBe(0);
    expect((await supertest(shop.app.callback()).get('/api/products/twins-limitiran').expect(200)).body.product.variants[0].stock).toBe(0);
  });

  it("shows each instance's stock moves in the other's kept list, without computing it again", async () => {
    const list = '/api/products?limit=50';
    const stockIn = (body: any) =>
      body.products.find((p: any) => p.id === cat.triples.id).variants.find((v: any) => v.id === cat.triples.variant).stock;
    const onFirst = () => supertest(shop.app.callback()).get(list).expect(200);
    const onSecondList = () => supertest(second.callback()).get(list).expect(200);
    // Both keep the list.
    await onFirst();
    await onSecondList();
    const before = stockIn((await onSecondList()).body);
    const queried: string[] = [];
    const heard = (q: { sql: string }) => queried.push(q.sql);
    const names: string[] = [];
    const stopHearing = secondBroadcast.onHeard((heardNames) => names.push(...heardNames));
    secondKnex.on('query', heard);
    try {
      const guest = new Browser(shop.app);
      await guest.csrf();
      await guest
        .post('/api/orders/create', checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }]))
        .expect(201);
      let seen = before;
      for (let i = 0; i < 20 && seen !== before - 2; i++) {
        seen = stockIn((await onSecondList()).body);
        if (seen !== before - 2) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(before - 2);
    } finally {
      secondKnex.removeListener('query', heard);
    }
    stopHearing();
    // The second instance brought its kept list up to date: it read nothing to show it.
    expect(queried.filter((q) => /from "products"/.test(q))).toEqual([]);
    // The move was told with its figure, and in the previous release's words beside it (an
    // instance of it behind the balancer during a deploy drops its lists instead).
    expect(names).toContain(
      `stock:${cat.triples.variant}:${cat.triples.id}=${before - 2}@${names.find((n) => n.startsWith('stock:'))?.split('@')[1]}`,
    );
    expect(names).toContain('variants.stock');

    // And the other way round.
    const guest = new Browser(second);
    await guest.csrf();
    await guest
      .post('/api/orders/create', checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]))
      .expect(201);
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      seen = stockIn((await onFirst()).body);
      if (seen === before - 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(before - 3);
    expect(seen).toBe(await stockOf(cat.triples.variant));
  });

  it('drops its kept list when an instance of the previous release (no stock figures) tells of a stock move', async () => {
    const list = '/api/products?limit=50';
    await supertest(second.callback()).get(list).expect(200);
    const heard = new Promise<void>((resolve) => {
      const stop = secondBroadcast.onHeard((names) => {
        if (!names.includes('variants.stock')) return;
        stop();
        resolve();
      });
    });
    // What an instance of the previous release sends after an order: the stock moved, no figure.
    await shop.app.knex.raw('select pg_notify(?, ?)', [CACHE_CHANNEL, 'variants.stock']);
    await heard;
    const queried: string[] = [];
    const count = (q: { sql: string }) => queried.push(q.sql);
    secondKnex.on('query', count);
    try {
      await supertest(second.callback()).get(list).expect(200);
    } finally {
      secondKnex.removeListener('query', count);
    }
    expect(queried.filter((q) => /from "products"/.test(q)).length).toBeGreaterThan(0);
  });

  it('tells the others what it wrote last when it stops', async () => {
    let thirdKnex: Knex | undefined;
    let third: ShopApp | undefined;
    jest.isolateModules(() => {
      const { createApp } = require('../src/app') as typeof import('../src/app');
      const { createKnex } = require('../src/platform/db/knex') as typeof import('../src/platform/db/knex');
      thirdKnex = createKnex(shop.config);
      third = createApp(shop.config, thirdKnex);
    });
    await supertest(third!.callback()).get('/api/health').expect(200);
    const told = new Set<string>();
    const heard = new Promise<void>((resolve) => {
      const stop = secondBroadcast.onHeard((names) => {
        for (const n of names) told.add(n);
        if (!told.has('products') || !told.has('categories')) return;
        stop();
        resolve();
      });
    });
    // Two writes at once (the second's news waits for the first's to be sent), and the instance
    // stops at once (a deploy's SIGTERM right after them).
    const now = new Date().toISOString();
    await Promise.all([
      thirdKnex!('products').where({ id: cat.last3.id }).update({ updatedAt: now }),
      thirdKnex!('categories').update({ updatedAt: now }),
    ]);
    await thirdKnex!.destroy();
    await heard;
  });

  /** A client of the second instance carrying the browser's cookies (what a balancer makes of it). */
  function onSecond(b: Browser) {
    const agent = supertest.agent(second.callback());
    (agent as any).jar = (b.agent as any).jar;
    return agent;
  }

  /** Ask the second instance until `done` holds for its answer (up to 1 s). */
  async function askSecond(b: Browser, url: string, done: (status: number) => boolean) {
    let status = 0;
    for (let i = 0; i < 20; i++) {
      status = (await onSecond(b).get(url)).status;
      if (done(status)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return status;
  }

  it('signs a session out on both instances when it signs out through one', async () => {
    const customer = await shop.user('customer');
    const browser = new Browser(shop.app);
    const login = await browser.signIn(customer.email, customer.password);
    // The session's cookies as a second tab of the same browser still holds them after sign-out.
    const cookies = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const me = () => supertest(second.callback()).get('/api/auth/me').set('Cookie', cookies);
    // The second instance reads the session (and keeps it in memory).
    expect((await me()).body.user.email).toBe(customer.email);
    expect((await me()).status).toBe(200);
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) {
      status = (await me()).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('lets a guest see, on the second instance, the order they just placed through the first', async () => {
    const guest = new Browser(shop.app);
    await guest.csrf();
    // The second instance keeps the guest's session before the order is added to it.
    await onSecond(guest).get('/api/csrf-token').expect(200);
    const res = await guest.post(
      '/api/orders/create',
      checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]),
    );
    expect(res.status).toBe(201);
    expect(await askSecond(guest, `/api/orders/${res.body.order.id}`, (s) => s === 200)).toBe(200);
  });

  it('keeps the instances together after their listening connections were cut', async () => {
    const shopper = supertest(second.callback());
    const before = (await shopper.get('/api/products/triples-mentol').expect(200)).body.product.price;
    // What a database restart or a network cut does to the listeners of both instances.
    const cut = await shop.app.knex.raw(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()',
      [LISTENER_NAME],
    );
    expect(cut.rows.length).toBe(2);
    const admin = await shop.signedIn('admin');
    const record = (await admin.get(`/api/admin/products/${cat.triples.id}`).expect(200)).body;
    const price = before + 1;
    expect((await admin.put(`/api/admin/products/${cat.triples.id}`, { ...record, price })).status).toBe(200);
    let product: any;
    for (let i = 0; i < 40; i++) {
      product = (await shopper.get('/api/products/triples-mentol').expect(200)).body.product;
      if (product.price === price) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(product.price).toBe(price);
  });
});
