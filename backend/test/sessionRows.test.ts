// A cookie-less GET /api/csrf-token wrote a sessions row kept 14 days, so a stranger
// could fill the table; throttle rows were never deleted. Sessions are now written only when they
// hold something (the CSRF token has its own signed cookie), and expired rows are purged.
import supertest from 'supertest';
import { makeShop, shopForThisFile } from './helpers';
import { purgeExpiredRows, startPurging } from '../src/platform/db/expiredRows';
import { API } from '@domain/messages';

const shop = shopForThisFile();

const count = async (table: string) => Number((await shop.app.knex(table).count({ n: '*' }).first())?.n ?? 0);

describe('sessions are written only when they hold something', () => {
  it('cookie-less token requests write no session row', async () => {
    const before = await count('sessions');
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await supertest(shop.app.callback()).get('/api/csrf-token').expect(200);
      tokens.add(res.body.csrfToken);
      expect(String(res.headers['set-cookie'])).not.toMatch(/(^|,\s*)sid=/);
    }
    expect(tokens.size).toBe(20);
    expect(await count('sessions')).toBe(before);
  });

  it('the token still guards mutations, survives sign-in and sign-out, and sign-out leaves no row', async () => {
    const u = await shop.user();
    const b = shop.browser();
    const token = await b.csrf();
    expect(await b.csrf()).toBe(token);
    // Another browser's token is not this one's.
    const other = shop.browser();
    await other.csrf();
    expect(
      (await other.agent.post('/api/auth/login').set('x-csrf-token', token).send({ email: u.email, password: u.password })).status,
    ).toBe(403);

    const before = await count('sessions');
    const signedIn = await b.post('/api/auth/login', { email: u.email, password: u.password });
    expect([signedIn.status, signedIn.body.csrfToken]).toEqual([200, token]);
    expect(await count('sessions')).toBe(before + 1);
    expect((await b.post('/api/auth/logout')).status).toBe(200);
    expect(await count('sessions')).toBe(before);
    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect(await b.csrf()).toBe(token);
    const again = await b.post('/api/auth/login', { email: u.email, password: 'wrong-password' });
    expect([again.status, again.body.message]).toEqual([401, API.wrongCredentials]);
  });

  it('a session written before the token had its own cookie keeps its token', async () => {
    // Without the sessions kept in memory: the row is changed behind the app's back.
    const plain = await makeShop({ memoryCaches: false });
    const u = await plain.user();
    const b = plain.browser();
    await b.signIn(u.email, u.password);
    const sid = (await plain.app.knex('sessions').where({ userId: u.id }).first('id')).id;
    // The row as the old code wrote it, the token inside; the browser loses its token cookie.
    const legacy = 'l'.repeat(43);
    const row = await plain.app.knex('sessions').where({ id: sid }).first('data');
    await plain.app
      .knex('sessions')
      .where({ id: sid })
      .update({ data: JSON.stringify({ ...JSON.parse(row.data), csrfToken: legacy }) });
    const jar = b.agent.jar as unknown as { setCookie(c: string, domain?: string, path?: string): void };
    jar.setCookie('csrf=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', '127.0.0.1', '/');
    jar.setCookie('csrf.sig=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', '127.0.0.1', '/');
    try {
      expect(await b.csrf()).toBe(legacy);
      expect((await b.post('/api/auth/logout')).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('expired rows are purged', () => {
  const now = () => Date.now();
  async function plant() {
    await shop.app.knex('sessions').insert([
      { id: 'expired-session-1', data: '{}', expiresAt: now() - 1000, userId: null },
      { id: 'live-session-1', data: '{"orderIds":[1]}', expiresAt: now() + 3_600_000, userId: null },
    ]);
    await shop.app.knex('throttles').insert([
      { key: 'test:expired', hits: 7, resetAt: now() - 1000 },
      { key: 'test:live', hits: 2, resetAt: now() + 3_600_000 },
    ]);
  }
  const left = async () => ({
    sessions: (await shop.app.knex('sessions').whereIn('id', ['expired-session-1', 'live-session-1']).pluck('id')).sort(),
    throttles: (await shop.app.knex('throttles').whereIn('key', ['test:expired', 'test:live']).pluck('key')).sort(),
  });

  afterEach(async () => {
    await shop.app.knex('sessions').whereIn('id', ['expired-session-1', 'live-session-1']).delete();
    await shop.app.knex('throttles').whereIn('key', ['test:expired', 'test:live']).delete();
  });

  it('on a purge: expired sessions and throttle counts go, live ones stay', async () => {
    await plant();
    await purgeExpiredRows(shop.app.knex);
    expect(await left()).toEqual({ sessions: ['live-session-1'], throttles: ['test:live'] });
  });

  it('by the timer', async () => {
    await plant();
    const stop = startPurging(shop.app.knex, 10);
    try {
      for (let i = 0; i < 500 && (await left()).sessions.length > 1; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      stop();
    }
    expect(await left()).toEqual({ sessions: ['live-session-1'], throttles: ['test:live'] });
  });
});
