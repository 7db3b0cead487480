// Bringing a real shop's database up: demo data never goes into a database with real data, the
// first administrator needs a strong password, a lost second factor is reset from the command
// line, and two instances migrating an empty PostgreSQL database at once both come up.
import { makeShop, TestShop } from './helpers';
import { seedIfEmpty, ensureAdmin, weakAdminPassword, WeakPasswordError, migrate, realDataIn } from '../src/setup';
import { runCli } from '../src/cli';
import { User } from '../src/models/User';
import { createKnex } from '../src/platform/db/knex';
import knexFactory from 'knex';
import { product, makeCatalogue, placeOrder } from './fixtures';

describe('demo data', () => {
  let shop: TestShop;
  beforeEach(async () => {
    shop = await makeShop();
  });
  afterEach(() => shop.close());

  const products = () =>
    shop.app
      .knex('products')
      .count({ n: '*' })
      .then(([r]) => Number(r.n));

  it('is never seeded into a database holding a customer', async () => {
    await shop.user('customer');
    expect(await realDataIn(shop.app.knex)).toBe('1 customers');
    expect(await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir })).toBe(false);
    expect(await products()).toBe(0);
    expect(
      await shop.app
        .knex('discounts')
        .count({ n: '*' })
        .then(([r]) => Number(r.n)),
    ).toBe(0);
  });

  it('is never seeded into a database holding a product', async () => {
    await product('Истински продукт', 'istinski-produkt', 1000, [{ sku: 'REAL-1', name: 'Стандартен', stock: 5 }]);
    expect(await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir })).toBe(false);
    expect(await products()).toBe(1);
  });

  it('is never seeded into a database holding an order (a guest order, no customer account)', async () => {
    const c = await makeCatalogue();
    const guest = shop.browser();
    await guest.csrf();
    await placeOrder(guest, [{ productId: c.triples.id, variantId: c.triples.variant, quantity: 1 }]);
    expect(await realDataIn(shop.app.knex)).toBe('1 orders');
    const before = await products();
    expect(await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir })).toBe(false);
    expect(await products()).toBe(before);
  });

  it('is seeded into an empty database, even with an administrator in it', async () => {
    await shop.user('admin');
    expect(await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir })).toBe(true);
    expect(await products()).toBeGreaterThan(0);
  });
});

describe('the first administrator', () => {
  it('refuses weak passwords with the reason', () => {
    expect(weakAdminPassword('owner@vapsolo.bg', 'short-pass1', true)).toMatch(/at least 12 characters in production/);
    expect(weakAdminPassword('owner@vapsolo.bg', 'owner@vapsolo.bg', true)).toMatch(/must not be the e-mail/);
    expect(weakAdminPassword('owner@vapsolo.bg', '123456789012', true)).toMatch(/common password/);
    expect(weakAdminPassword('owner@vapsolo.bg', 'Password123!', true)).toMatch(/common password/);
    expect(weakAdminPassword('owner@vapsolo.bg', 'aaaaaaaaaaaaaa', true)).toMatch(/common password/);
    expect(weakAdminPassword('owner@vapsolo.bg', 'кафе-море-лодка-облак', true)).toBeUndefined();
    // Outside production the usual minimum.
    expect(weakAdminPassword('owner@vapsolo.bg', 'e2e-parola', false)).toBeUndefined();
  });

  it('is not created from ADMIN_EMAIL/ADMIN_PASSWORD when the password is weak', async () => {
    const shop = await makeShop();
    await expect(ensureAdmin({ email: 'owner@vapsolo.bg', password: 'vapsolo2026', production: true }, () => undefined)).rejects.toThrow(
      WeakPasswordError,
    );
    expect(await User.query().findOne({ email: 'owner@vapsolo.bg' })).toBeUndefined();
    const lines: string[] = [];
    await ensureAdmin({ email: 'Owner@vapsolo.bg', password: 'кафе-море-лодка-облак', production: true }, (l) => lines.push(l));
    expect((await User.query().findOne({ email: 'owner@vapsolo.bg' }))?.role).toBe('admin');
    expect(lines.join()).not.toContain('кафе');
    await shop.close();
  });

  it('in production without ADMIN_* nothing is created and no password is printed', async () => {
    const shop = await makeShop();
    const lines: string[] = [];
    await ensureAdmin({ production: true }, (l) => lines.push(l));
    expect(await User.query().findOne({ role: 'admin' })).toBeUndefined();
    expect(lines.join()).toMatch(/Set ADMIN_EMAIL and ADMIN_PASSWORD/);
    await shop.close();
  });
});

describe('npm run admin -- reset-2fa', () => {
  it('turns off the second factor of an admin who lost it and ends their sessions', async () => {
    const shop = await makeShop();
    const admin = await shop.user('admin');
    await User.query()
      .patch({ twoFactorEnabled: true, twoFactorSecret: 'SECRET', backupCodes: '[]' } as Partial<User>)
      .findById(admin.id);
    await shop.app.knex('sessions').insert({ id: 'old-session', data: '{}', expiresAt: Date.now() + 60_000, userId: admin.id });
    // The command line uses the same database: point it at this one.
    const file = `${require('node:os').tmpdir()}/vapsolo-cli-${process.pid}.sqlite3`;
    const knex = createKnex({ dbFile: file, databaseUrl: shop.config.databaseUrl });
    if (!shop.config.databaseUrl) {
      await knex.migrate.latest();
      const { createUser } = await import('../src/modules/auth/users');
      const { Model } = await import('objection');
      Model.knex(knex);
      const u = await createUser({ email: admin.email, password: admin.password, role: 'admin' });
      await knex('users').where({ id: u.id }).update({ twoFactorEnabled: true, twoFactorSecret: 'SECRET' });
      await knex('sessions').insert({ id: 'old-session', data: '{}', expiresAt: Date.now() + 60_000, userId: u.id });
    }
    await knex.destroy();
    const saved = { ...process.env };
    Object.assign(
      process.env,
      { DB_FILE: file, APP_KEYS: 'k', NODE_ENV: 'test' },
      shop.config.databaseUrl ? { DATABASE_URL: shop.config.databaseUrl } : {},
    );
    const lines: string[] = [];
    try {
      await runCli(['admin', 'reset-2fa', admin.email.toUpperCase()], (l) => lines.push(l));
    } finally {
      process.env = saved;
    }
    expect(lines.join()).toContain(`Two-factor sign-in is off for ${admin.email}`);
    const check = createKnex({ dbFile: file, databaseUrl: shop.config.databaseUrl });
    const row = await check('users').where({ email: admin.email }).first();
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
    expect(row.twoFactorSecret).toBeNull();
    expect(await check('sessions').where({ userId: row.id }).first()).toBeUndefined();
    await check.destroy();
    await expect(runCli(['admin', 'reset-2fa', 'nobody@example.bg'], () => undefined)).rejects.toThrow();
    require('node:fs').rmSync(file, { force: true });
    await shop.close();
  });
});

const pg = process.env.TEST_DATABASE_URL;
(pg ? it : it.skip)('PostgreSQL: two instances migrating an empty database at once both come up', async () => {
  const name = `shop_migrate_${process.pid}_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: pg!, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(pg!);
  url.pathname = '/' + name;
  const a = createKnex({ dbFile: '', databaseUrl: url.toString() });
  const b = createKnex({ dbFile: '', databaseUrl: url.toString() });
  try {
    await Promise.all([migrate(a), migrate(b)]);
    const [, pending] = await a.migrate.list();
    expect(pending).toHaveLength(0);
    expect(Number((await a('knex_migrations').count({ n: '*' }))[0].n)).toBeGreaterThan(0);
  } finally {
    await a.destroy();
    await b.destroy();
    await admin.raw('drop database if exists ?? with (force)', [name]);
    await admin.destroy();
  }
});
