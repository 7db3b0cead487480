// Signed-in requests answered with the session kept in memory: no database round trip where
// nothing changes, on one instance and on several sharing one PostgreSQL database; what ends or
// changes a session on one instance reaches the others through the cache broadcast, and a browser's
// next request never reads an older copy of its session than the one it last saw saved.
import supertest from 'supertest';
import type { Knex } from 'knex';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody } from './fixtures';
import type { ShopApp } from '../src/app';
import { cacheBroadcast, type CacheBroadcast } from '../src/platform/cache/broadcast';
import { SESSION_COOKIE, SESSION_REVISION_COOKIE, sessionHash } from '../src/platform/http/session';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** The statements `knex` sends while `run` runs: all of them, and those on the sessions table. */
async function queriesDuring(knex: Knex, run: () => Promise<unknown>): Promise<{ all: number; sessions: number }> {
  const counted = { all: 0, sessions: 0 };
  const count = (q: { sql?: string }) => {
    counted.all++;
    if (/\bsessions\b/i.test(q.sql ?? '')) counted.sessions++;
  };
  knex.on('query', count);
  try {
    await run();
  } finally {
    knex.removeListener('query', count);
  }
  return counted;
}

/** The cookies an answer set, as a browser sends them back (another tab holding them later). */
function cookiesOf(res: supertest.Response): string {
  return ((res.headers['set-cookie'] as unknown as string[]) ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

function cookieValue(cookies: string, name: string): string {
  return cookies
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))!
    .slice(name.length + 1);
}

describe('sessions in memory, one instance', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await makeShop();
  });
  afterAll(() => shop?.close());

  it('answers a signed-in call that changes nothing without a database query', async () => {
    const customer = await shop.signedIn('customer');
    await customer.get('/api/csrf-token').expect(200);
    const again = await queriesDuring(shop.app.knex, () => customer.get('/api/csrf-token').expect(200));
    expect(again).toEqual({ all: 0, sessions: 0 });
  });

  it('gives each saved session a new revision in a cookie of its own', async () => {
    const u = await shop.user('customer');
    const browser = new Browser(shop.app);
    const login = await browser.signIn(u.email, u.password);
    const first = cookieValue(cookiesOf(login), SESSION_REVISION_COOKIE);
    expect(first).toMatch(/^[\w-]{8}$/);
    const out = await browser.post('/api/auth/logout').expect(200);
    // Signed out: the revision goes with the session.
    expect((out.headers['set-cookie'] as unknown as string[]).some((c) => c.startsWith(`${SESSION_REVISION_COOKIE}=;`))).toBe(true);
    const back = await browser.signIn(u.email, u.password);
    expect(cookieValue(cookiesOf(back), SESSION_REVISION_COOKIE)).not.toBe(first);
  });

  it('signs the other browsers of an account out when its password changes', async () => {
    const u = await shop.user('customer');
    const asking = new Browser(shop.app);
    const other = new Browser(shop.app);
    await asking.signIn(u.email, u.password);
    await other.signIn(u.email, u.password);
    await other.get('/api/auth/me').expect(200);
    await asking.put('/api/account/password', { currentPassword: u.password, newPassword: 'nova-parola-123-secret' }).expect(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    expect((await asking.get('/api/auth/me')).status).toBe(200);
  });
});

onPostgres('sessions in memory, two instances on one PostgreSQL database', () => {
  let shop: TestShop;
  let cat: Catalogue;
  let second: ShopApp;
  let secondKnex: Knex;
  let secondBroadcast: CacheBroadcast;

  beforeAll(async () => {
    shop = await makeShop();
    cat = await makeCatalogue();
    // The second instance is a separate copy of the server's modules: it shares only the database
    // and its LISTEN/NOTIFY channel with the first.
    jest.isolateModules(() => {
      const { createApp } = require('../src/app') as typeof import('../src/app');
      const { createKnex } = require('../src/platform/db/knex') as typeof import('../src/platform/db/knex');
      const { cacheBroadcast } = require('../src/platform/cache/broadcast') as typeof import('../src/platform/cache/broadcast');
      secondKnex = createKnex(shop.config);
      second = createApp(shop.config, secondKnex);
      secondBroadcast = cacheBroadcast(secondKnex)!;
    });
    // The second instance listens before the first test (so it hears every news of the tests).
    await secondBroadcast.whenListening();
  });
  afterAll(async () => {
    await secondKnex?.destroy();
    await shop?.close();
  });

  /** Settles once the second instance (or `on`) has heard a name that `match`es (and acted on it). */
  function news(match: (name: string) => boolean, on = secondBroadcast): Promise<void> {
    return new Promise((resolve) => {
      const stop = on.onHeard((names) => {
        if (!names.some(match)) return;
        stop();
        resolve();
      });
    });
  }

  /** The second instance hears nothing until `release` (news slower than the browser). */
  function holdNews() {
    const broadcast = secondBroadcast as unknown as { heard: (names: string[]) => void };
    const heard = broadcast.heard;
    const held: string[][] = [];
    broadcast.heard = (names) => held.push(names);
    return {
      release() {
        broadcast.heard = heard;
        for (const names of held) heard.call(broadcast, names);
      },
    };
  }

  /** A client of the second instance carrying the browser's cookies (what a balancer makes of it). */
  function onSecond(b: Browser) {
    const agent = supertest.agent(second.callback());
    (agent as any).jar = (b.agent as any).jar;
    return agent;
  }

  const withCookies = (cookies: string) => ({
    get: (url: string) => supertest(second.callback()).get(url).set('Cookie', cookies),
  });

  it('answers a signed-in call on each instance from memory after its first', async () => {
    const customer = await shop.signedIn('customer');
    await customer.get('/api/csrf-token').expect(200);
    expect(await queriesDuring(shop.app.knex, () => customer.get('/api/csrf-token').expect(200))).toEqual({ all: 0, sessions: 0 });
    // The second instance reads the session once, then answers from memory.
    await onSecond(customer).get('/api/csrf-token').expect(200);
    expect(await queriesDuring(secondKnex, () => onSecond(customer).get('/api/csrf-token').expect(200))).toEqual({
      all: 0,
      sessions: 0,
    });
    expect((await onSecond(customer).get('/api/auth/me').expect(200)).body.user.id).toBe(customer.userId);
  });

  it('refuses on the second instance a session signed out through the first', async () => {
    const customer = await shop.user('customer');
    const browser = new Browser(shop.app);
    const cookies = cookiesOf(await browser.signIn(customer.email, customer.password));
    // Another tab still holds the session's cookies; the second instance keeps the session.
    expect((await withCookies(cookies).get('/api/auth/me')).status).toBe(200);
    expect((await withCookies(cookies).get('/api/auth/me')).status).toBe(200);
    const ended = news((n) => n === `session-end:${sessionHash(cookieValue(cookies, SESSION_COOKIE))}`);
    await browser.post('/api/auth/logout').expect(200);
    await ended;
    expect((await withCookies(cookies).get('/api/auth/me')).status).toBe(401);
  });

  it('signs the other browsers of an account out on the second instance when its password changes', async () => {
    const u = await shop.user('customer');
    const asking = new Browser(shop.app);
    const other = new Browser(shop.app);
    await asking.signIn(u.email, u.password);
    await other.signIn(u.email, u.password);
    await onSecond(other).get('/api/auth/me').expect(200);
    await onSecond(asking).get('/api/auth/me').expect(200);
    const ended = news((n) => n === 'sessions');
    await asking.put('/api/account/password', { currentPassword: u.password, newPassword: 'nova-parola-123-secret' }).expect(200);
    await ended;
    expect((await onSecond(other).get('/api/auth/me')).status).toBe(401);
    expect((await onSecond(asking).get('/api/auth/me')).status).toBe(200);
  });

  it('takes staff rights and accounts away on the second instance when staff do it on the first', async () => {
    const admin = await shop.signedIn('admin');
    const demoted = await shop.signedIn('admin');
    const removed = await shop.signedIn('customer');
    await onSecond(demoted).get('/api/admin/users?page=1&limit=1').expect(200);
    await onSecond(removed).get('/api/auth/me').expect(200);

    const demotion = news((n) => n === 'users');
    await admin.delete(`/api/admin/admins/${demoted.userId}`).expect(200);
    await demotion;
    expect((await onSecond(demoted).get('/api/admin/users?page=1&limit=1')).status).toBe(403);

    const removal = news((n) => n === 'sessions');
    await admin.delete(`/api/admin/user/${removed.userId}`).expect(200);
    await removal;
    expect((await onSecond(removed).get('/api/auth/me')).status).toBe(401);
  });

  it('ends on every instance the sessions of an account whose second factor the command line turned off', async () => {
    const user = await shop.signedIn('customer');
    await user.get('/api/auth/me').expect(200);
    await onSecond(user).get('/api/auth/me').expect(200);
    // The command line is a process of its own: its models on its own knex, no caches, no broadcast.
    let cliKnex!: Knex;
    let resetTwoFactor!: typeof import('../src/setup').resetTwoFactor;
    jest.isolateModules(() => {
      const { Model } = require('objection') as typeof import('objection');
      const { createKnex } = require('../src/platform/db/knex') as typeof import('../src/platform/db/knex');
      cliKnex = createKnex(shop.config);
      Model.knex(cliKnex);
      ({ resetTwoFactor } = require('../src/setup') as typeof import('../src/setup'));
    });
    const heard = [news((n) => n === 'sessions'), news((n) => n === 'sessions', cacheBroadcast(shop.app.knex)!)];
    try {
      await resetTwoFactor(user.email);
    } finally {
      await cliKnex.destroy();
    }
    await Promise.all(heard);
    expect((await user.get('/api/auth/me')).status).toBe(401);
    expect((await onSecond(user).get('/api/auth/me')).status).toBe(401);
  });

  it('shows a guest, on the second instance, the order just placed through the first, before the news of it', async () => {
    const item = { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 };
    const guest = new Browser(shop.app);
    await guest.csrf();
    const first = await guest.post('/api/orders/create', checkoutBody([item])).expect(201);
    // The second instance keeps the guest's session as it was after the first order.
    await onSecond(guest).get(`/api/orders/${first.body.order.id}`).expect(200);
    const held = holdNews();
    try {
      const next = await guest.post('/api/orders/create', checkoutBody([item])).expect(201);
      expect((await onSecond(guest).get(`/api/orders/${next.body.order.id}`)).status).toBe(200);
      // Read from the database once; the browser's revision is the kept copy's from now on.
      expect(await queriesDuring(secondKnex, () => onSecond(guest).get('/api/csrf-token').expect(200))).toMatchObject({ sessions: 0 });
    } finally {
      held.release();
    }
  });

  it("answers an old revision replayed after the news with the database's session", async () => {
    const item = { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 };
    const guest = new Browser(shop.app);
    await guest.csrf();
    const first = await guest.post('/api/orders/create', checkoutBody([item])).expect(201);
    const old = cookiesOf(first);
    // The second instance keeps the session at the old revision.
    await withCookies(old).get(`/api/orders/${first.body.order.id}`).expect(200);
    const saved = news((n) => n === `session:${sessionHash(cookieValue(old, SESSION_COOKIE))}`);
    const next = await guest.post('/api/orders/create', checkoutBody([item])).expect(201);
    expect(cookieValue(cookiesOf(next), SESSION_REVISION_COOKIE)).not.toBe(cookieValue(old, SESSION_REVISION_COOKIE));
    await saved;
    // The old revision no longer matches a kept copy: the session is the row, with both orders.
    expect((await withCookies(old).get(`/api/orders/${next.body.order.id}`)).status).toBe(200);
  });
});
