// The second factor: wrong codes are counted per account across
// sign-ins (429 and an e-mail to the owner), an accepted code is not taken again, backup codes
// stay single use, and the TOTP secrets are stored sealed with the app keys.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import { shopForThisFile, Browser } from './helpers';
import { mailTo } from './fixtures';
import { API } from '@domain/messages';
import { TWO_FACTOR_MAX_FAILURES } from '@domain/limits';
import { createKnex } from '../src/platform/db/knex';
import { openSecret, sealSecret } from '../src/platform/secretBox';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
const shop = shopForThisFile({ outboxDir });
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const codeFor = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset });

async function withTwoFactor(fields: { email?: string } = {}) {
  const u = await shop.user('customer', fields);
  const b = shop.browser();
  await b.signIn(u.email, u.password);
  const setup = await b.post('/api/account/2fa/setup', {});
  const on = await b.post('/api/account/2fa/enable', { code: codeFor(setup.body.secret) });
  expect(on.status).toBe(200);
  return { ...u, secret: setup.body.secret as string, backupCodes: on.body.backupCodes as string[], browser: b };
}

async function passwordStep(u: { email: string; password: string }): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  const res = await b.post('/api/auth/login', { email: u.email, password: u.password });
  expect(res.body.twoFactorRequired).toBe(true);
  return b;
}

describe('wrong codes, counted per account', () => {
  it('survive new sign-ins: the tenth wrong code answers 429, the right code is then refused too, and the owner gets one e-mail', async () => {
    const u = await withTwoFactor({ email: 'guessed@example.bg' });
    const statuses: number[] = [];
    // The attack: sign in again with the password whenever a pending sign-in runs out of tries.
    for (let signIn = 0; signIn < 3 && statuses.length < TWO_FACTOR_MAX_FAILURES; signIn++) {
      const b = await passwordStep(u);
      for (let i = 0; i < 5 && statuses.length < TWO_FACTOR_MAX_FAILURES; i++)
        statuses.push((await b.post('/api/auth/login/2fa', { code: '000000' })).status);
    }
    expect(statuses).toEqual([...Array(TWO_FACTOR_MAX_FAILURES - 1).fill(401), 429]);

    const b = await passwordStep(u);
    const right = await b.post('/api/auth/login/2fa', { code: codeFor(u.secret, 30_000) });
    expect([right.status, right.body.message]).toEqual([429, API.twoFactorTooManyFailures]);
    expect((await b.get('/api/auth/me')).status).toBe(401);

    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${u.email}`) && t.includes('грешни кода'));
    expect(mail).toContain(`${TWO_FACTOR_MAX_FAILURES} грешни кода`);
    const mails = fs.readdirSync(outboxDir).filter((f) => fs.readFileSync(path.join(outboxDir, f), 'latin1').includes(`To: ${u.email}`));
    expect(mails).toHaveLength(1);
  });

  it('also hold for turning two-factor off from a signed-in session', async () => {
    const u = await withTwoFactor();
    const statuses: number[] = [];
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++)
      statuses.push((await u.browser.post('/api/account/2fa/disable', { code: '000000' })).status);
    expect(statuses).toEqual([...Array(TWO_FACTOR_MAX_FAILURES - 1).fill(400), 429]);
    const right = await u.browser.post('/api/account/2fa/disable', { code: codeFor(u.secret, 30_000) });
    expect(right.status).toBe(429);
    expect((await u.browser.get('/api/isTwoFactorAuthEnabled')).body).toEqual({ twoFactorAuth: true });
  });

  it('are forgiven by a right code', async () => {
    const u = await withTwoFactor();
    const b = await passwordStep(u);
    for (let i = 0; i < 4; i++) await b.post('/api/auth/login/2fa', { code: '000000' }).expect(401);
    await b.post('/api/auth/login/2fa', { code: codeFor(u.secret, 30_000) }).expect(200);
    // Nine more wrong ones: with the first four still counted this would be past the limit.
    const again = await passwordStep(u);
    for (let i = 0; i < 5; i++) await again.post('/api/auth/login/2fa', { code: '000000' }).expect(401);
    const more = await passwordStep(u);
    for (let i = 0; i < 4; i++) await more.post('/api/auth/login/2fa', { code: '000000' }).expect(401);
    const c = await passwordStep(u);
    await c.post('/api/auth/login/2fa', { code: u.backupCodes[0] }).expect(200);
  });
});

describe('a code is taken once', () => {
  it('refuses a TOTP code that already signed in, in another sign-in', async () => {
    const u = await withTwoFactor();
    const code = codeFor(u.secret, 30_000);
    const first = await passwordStep(u);
    await first.post('/api/auth/login/2fa', { code }).expect(200);
    const second = await passwordStep(u);
    const replay = await second.post('/api/auth/login/2fa', { code });
    expect([replay.status, replay.body.message]).toEqual([401, API.twoFactorWrongCode]);
  });

  it('refuses the code that turned two-factor on, and any older one', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const setup = await b.post('/api/account/2fa/setup', {});
    const code = codeFor(setup.body.secret);
    await b.post('/api/account/2fa/enable', { code }).expect(200);
    const s = await passwordStep(u);
    expect((await s.post('/api/auth/login/2fa', { code })).status).toBe(401);
    expect((await s.post('/api/auth/login/2fa', { code: codeFor(setup.body.secret, -30_000) })).status).toBe(401);
    expect((await s.post('/api/auth/login/2fa', { code: codeFor(setup.body.secret, 30_000) })).status).toBe(200);
  });

  it('keeps backup codes single use', async () => {
    const u = await withTwoFactor();
    await (await passwordStep(u)).post('/api/auth/login/2fa', { code: u.backupCodes[3] }).expect(200);
    expect((await (await passwordStep(u)).post('/api/auth/login/2fa', { code: u.backupCodes[3] })).status).toBe(401);
  });
});

describe('TOTP secrets at rest', () => {
  it('are stored sealed (AES-256-GCM), never as the secret the authenticator app was given', async () => {
    const u = await withTwoFactor();
    const row = await shop.app.knex('users').where({ id: u.id }).first('twoFactorSecret');
    expect(row.twoFactorSecret).toMatch(/^enc1:/);
    expect(row.twoFactorSecret).not.toContain(u.secret);
    expect(openSecret(shop.config.appKeys, row.twoFactorSecret)).toBe(u.secret);
    expect(openSecret(['another-key'], row.twoFactorSecret)).toBeNull();
    // A rotated key list (new key first) still opens it.
    expect(openSecret(['new-key', ...shop.config.appKeys], row.twoFactorSecret)).toBe(u.secret);
  });

  it('reads a secret stored plain before sealing, and seals it on its next use', async () => {
    const u = await withTwoFactor();
    await shop.app.knex('users').where({ id: u.id }).update({ twoFactorSecret: u.secret });
    await (await passwordStep(u)).post('/api/auth/login/2fa', { code: codeFor(u.secret, 30_000) }).expect(200);
    const row = await shop.app.knex('users').where({ id: u.id }).first('twoFactorSecret');
    expect(row.twoFactorSecret).toMatch(/^enc1:/);
  });

  it('are sealed by the migration when they were stored plain (which also counts past discount uses per customer)', async () => {
    const appKeys = ['migration-key-1'];
    const knex = createKnex({ dbFile: ':memory:', appKeys });
    try {
      const mine = '20261124140000_security_round_two.ts';
      for (;;) {
        const [, pending] = await knex.migrate.list();
        const next = pending[0] as unknown as string | { file: string };
        if ((typeof next === 'string' ? next : next.file) === mine) break;
        await knex.migrate.up();
      }
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const at = new Date().toISOString();
      await knex('users').insert({
        email: 'old@example.bg',
        passwordHash: 'x',
        twoFactorEnabled: true,
        twoFactorSecret: secret,
        createdAt: at,
        updatedAt: at,
      });
      await knex('users').insert({
        email: 'sealed@example.bg',
        passwordHash: 'x',
        twoFactorEnabled: true,
        twoFactorSecret: sealSecret(appKeys, secret),
        createdAt: at,
        updatedAt: at,
      });
      // A code used before: once by a guest (a Gmail address written with dots and a tag), once by
      // the account 'old@example.bg' while signed in.
      const [discountId] = (
        await knex('discounts')
          .insert({ code: 'STAR', type: 'percent', value: 10, perCustomerLimit: 1, usedCount: 2, createdAt: at, updatedAt: at })
          .returning('id')
      ).map((r: { id: number } | number) => (typeof r === 'number' ? r : r.id));
      const orderRow = (n: string, email: string, userId: number | null) => ({
        number: n,
        userId,
        paymentMethod: 'cod',
        customerFirstName: 'А',
        customerLastName: 'Б',
        customerEmail: email,
        customerPhone: '0888000000',
        shippingMethod: 'address',
        shippingCity: 'София',
        shippingAddress: 'ул. 1',
        subtotal: 1000,
        total: 1000,
        discountId,
        createdAt: at,
        updatedAt: at,
      });
      const [guestOrder] = (
        await knex('orders')
          .insert(orderRow('VS-1', 'ma.ria+x@gmail.com', null))
          .returning('id')
      ).map((r: { id: number } | number) => (typeof r === 'number' ? r : r.id));
      const [userOrder] = (
        await knex('orders')
          .insert(orderRow('VS-2', 'typed@example.bg', 1))
          .returning('id')
      ).map((r: { id: number } | number) => (typeof r === 'number' ? r : r.id));
      await knex('discountRedemptions').insert([
        { discountId, orderId: guestOrder, email: 'ma.ria+x@gmail.com', createdAt: at },
        { discountId, orderId: userOrder, email: 'typed@example.bg', createdAt: at },
      ]);
      await knex.migrate.latest();
      const uses = await knex('discountCustomerUses').orderBy('customerKey').select('customerKey', 'uses');
      expect(uses.map((u: { customerKey: string; uses: number }) => [u.customerKey, Number(u.uses)])).toEqual([
        ['email:maria@gmail.com', 1],
        ['email:old@example.bg', 1],
        ['user:1', 1],
      ]);
      const rows = await knex('users').orderBy('id').select('twoFactorSecret');
      for (const r of rows) {
        expect(r.twoFactorSecret).toMatch(/^enc1:/);
        expect(openSecret(appKeys, r.twoFactorSecret)).toBe(secret);
      }
    } finally {
      await knex.destroy();
    }
  });
});
