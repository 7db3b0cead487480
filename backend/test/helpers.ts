// Test harness: a fresh in-memory database per test file, and HTTP clients that behave like a
// browser (cookie jar + CSRF header) or like a script (bearer token).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import supertest from 'supertest';
import { createApp, ShopApp } from '../src/app';
import { loadConfig, Config } from '../src/config';
import knexFactory from 'knex';
import { createKnex } from '../src/platform/db/knex';
import { createUser } from '../src/modules/auth/users';
import { GUEST_ORDER_LIMITS_DEFAULT, QUANTITY_MAX, type Role } from '@domain/limits';
import { saveSettings } from '../src/modules/settings/service';

export interface TestShop {
  app: ShopApp;
  config: Config;
  /** A browser: keeps cookies, sends the CSRF token on mutations once it has one. */
  browser(): Browser;
  user(
    role?: Role,
    fields?: Partial<{ email: string; password: string; firstName: string; lastName: string }>,
  ): Promise<{ id: number; email: string; password: string }>;
  /** A browser already signed in as a new user of that role. */
  signedIn(role?: Role): Promise<Browser & { userId: number; email: string }>;
  close(): Promise<void>;
}

export class Browser {
  agent: supertest.Agent;
  csrfToken = '';
  constructor(app: ShopApp) {
    this.agent = supertest.agent(app.callback());
  }
  async csrf(): Promise<string> {
    const res = await this.agent.get('/api/csrf-token').expect(200);
    this.csrfToken = res.body.csrfToken;
    return this.csrfToken;
  }
  private withCsrf(t: supertest.Test) {
    return this.csrfToken ? t.set('x-csrf-token', this.csrfToken) : t;
  }
  get(url: string) {
    return this.agent.get(url);
  }
  post(url: string, body?: object | string) {
    const t = this.withCsrf(this.agent.post(url));
    return body === undefined ? t : typeof body === 'string' ? t.set('content-type', 'application/json').send(body) : t.send(body);
  }
  put(url: string, body?: object | string) {
    const t = this.withCsrf(this.agent.put(url));
    return body === undefined ? t : typeof body === 'string' ? t.set('content-type', 'application/json').send(body) : t.send(body);
  }
  delete(url: string) {
    return this.withCsrf(this.agent.delete(url));
  }
  async signIn(email: string, password: string) {
    if (!this.csrfToken) await this.csrf();
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }
}

let counter = 0;

/**
 * With TEST_DATABASE_URL (a PostgreSQL server URL) each test file gets its own new database
 * there instead of in-memory SQLite, so the same suites prove the PostgreSQL path.
 */
async function freshDatabase(): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { drop: async () => undefined };
  const name = `shop_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = knexFactory({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(server);
  url.pathname = '/' + name;
  return {
    databaseUrl: url.toString(),
    async drop() {
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/** Guest-order limits far above what any test file places (one phone, one address): a file that
 *  tests the limits themselves asks for the shop's own with `realGuestOrderLimits`. */
export const TEST_GUEST_ORDER_LIMITS = {
  ...GUEST_ORDER_LIMITS_DEFAULT,
  perAddressSoft: 100_000,
  perAddressHard: 100_000,
  perPhoneSoft: 100_000,
  perPhoneHard: 100_000,
  perEmailSoft: 100_000,
  perEmailHard: 100_000,
  maxUnits: QUANTITY_MAX,
};

export async function makeShop(overrides: Partial<Config> = {}, opts: { realGuestOrderLimits?: boolean } = {}): Promise<TestShop> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-uploads-'));
  const db = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv, {
    dbFile: ':memory:',
    databaseUrl: db.databaseUrl,
    appKeys: ['test-key-1', 'test-key-2'],
    seedDemo: false,
    logRequests: false,
    uploadDir,
    ...overrides,
  });
  const knex = createKnex(config);
  await knex.migrate.latest();
  const app = createApp(config, knex);
  if (!opts.realGuestOrderLimits) await saveSettings({ guestOrders: TEST_GUEST_ORDER_LIMITS });

  const shop: TestShop = {
    app,
    config,
    browser: () => new Browser(app),
    async user(role = 'customer', fields = {}) {
      const n = ++counter;
      const email = fields.email ?? `${role}${n}@example.bg`;
      const password = fields.password ?? `parola-${n}-secret`;
      const user = await createUser({
        email,
        password,
        role,
        firstName: fields.firstName ?? 'Иван',
        lastName: fields.lastName ?? `Петров${n}`,
      });
      return { id: user.id, email, password };
    },
    async signedIn(role = 'customer') {
      const u = await shop.user(role);
      const b = new Browser(app);
      await b.signIn(u.email, u.password);
      return Object.assign(b, { userId: u.id, email: u.email });
    },
    async close() {
      // The effects still running finish first (they write to this database), then it closes.
      await app.effects.stop();
      await knex.destroy();
      await db.drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
  return shop;
}

/**
 * The shop of one test file, on a fresh database: made before the file's first test (so before
 * the file's own `beforeAll`, when called above it) and closed after its last. What it answers
 * is the shop itself, usable inside tests and hooks.
 */
export function shopForThisFile(overrides: Partial<Config> = {}, opts: { realGuestOrderLimits?: boolean } = {}): TestShop {
  let made: TestShop | undefined;
  beforeAll(async () => {
    made = await makeShop(overrides, opts);
  });
  afterAll(async () => {
    await made?.close();
  });
  return new Proxy({} as TestShop, {
    get(_, key) {
      if (!made) throw new Error('The shop is made before the tests: use it inside a test or a hook.');
      const value = (made as unknown as Record<string | symbol, unknown>)[key];
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}

/** Every string anywhere in a JSON answer, to check that no secret is in it. */
export function allKeys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allKeys(v, out);
    }
  }
  return out;
}

export const SECRET_KEYS = ['passwordHash', 'password', 'twoFactorSecret', 'backupCodes', 'tokenHash', 'searchText', 'password_hash'];
