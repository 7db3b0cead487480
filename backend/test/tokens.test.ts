// Personal API tokens: a token does not side-step mandatory
// two-factor, does not survive a password change or reset or two-factor being turned off,
// expires, and records when it was last used (without a write on every request).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import { makeShop, TestShop, Browser } from './helpers';
import { mailTo } from './fixtures';
import { API } from '@domain/messages';
import { getSettings, saveSettings } from '../src/modules/settings/service';
import { ApiToken } from '../src/models';

let shop: TestShop;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
beforeAll(async () => {
  shop = await makeShop({ outboxDir, publicUrl: 'https://shop.example' });
});
afterAll(async () => {
  await saveSettings({ twoFactorRequiredForAdmins: false });
  await shop.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const codeFor = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset });
const bearer = (token: string) => ({
  get: (url: string) => shop.browser().agent.get(url).set('authorization', `Bearer ${token}`),
  put: (url: string, body: object) => shop.browser().agent.put(url).set('authorization', `Bearer ${token}`).send(body),
  post: (url: string, body: object) => shop.browser().agent.post(url).set('authorization', `Bearer ${token}`).send(body),
});

async function newToken(b: Browser, body: object = { name: 'Скрипт' }) {
  const res = await b.post('/api/account/tokens', body);
  expect(res.status).toBe(201);
  return res.body.token as { id: number; token: string; expiresAt: string; lastUsedAt: string | null; expired: boolean };
}

async function turnOnTwoFactor(b: Browser): Promise<string> {
  const setup = await b.post('/api/account/2fa/setup', {});
  await b.post('/api/account/2fa/enable', { code: codeFor(setup.body.secret) }).expect(200);
  return setup.body.secret;
}

describe('mandatory two-factor for admins', () => {
  afterEach(() => saveSettings({ twoFactorRequiredForAdmins: false }));

  it('refuses a token to an admin without two-factor, and refuses their old token on /api/admin, even to turn the setting off', async () => {
    const admin = await shop.signedIn('admin');
    const old = await newToken(admin);
    await saveSettings({ twoFactorRequiredForAdmins: true });

    const create = await admin.post('/api/account/tokens', { name: 'Заобикаляне' });
    expect([create.status, create.body.message]).toEqual([403, API.tokenNeedsTwoFactor]);
    expect(create.body.message).toMatch(/двуфакторното удостоверяване/);
    expect(await ApiToken.query().where({ userId: admin.userId }).resultSize()).toBe(1);

    const list = await bearer(old.token).get('/api/admin/users');
    expect([list.status, list.body.message]).toEqual([403, API.tokenNeedsTwoFactor]);
    const off = await bearer(old.token).put('/api/admin/settings', { twoFactorRequiredForAdmins: false });
    expect(off.status).toBe(403);
    expect((await getSettings()).twoFactorRequiredForAdmins).toBe(true);
    // Outside the admin area the token still works for the account itself.
    expect((await bearer(old.token).get('/api/auth/me')).status).toBe(200);
  });

  it('lets an admin with two-factor create and use a token', async () => {
    const admin = await shop.signedIn('admin');
    await turnOnTwoFactor(admin);
    await saveSettings({ twoFactorRequiredForAdmins: true });
    // The session itself has no second factor: a new sign-in does.
    const token = await newToken(admin);
    expect((await bearer(token.token).get('/api/admin/users')).status).toBe(200);
  });

  it('does not concern customers', async () => {
    await saveSettings({ twoFactorRequiredForAdmins: true });
    const customer = await shop.signedIn();
    const token = await newToken(customer);
    expect((await bearer(token.token).get('/api/cart')).status).toBe(200);
  });
});

describe('revocation', () => {
  it('a password change revokes every token of the account, and says so', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const [one, two] = [await newToken(b), await newToken(b, { name: 'Втори' })];
    const res = await b.put('/api/account/password', { currentPassword: u.password, newPassword: 'nova-parola-123' });
    expect([res.status, res.body.message, res.body.tokensRevoked]).toEqual([200, API.passwordChanged, true]);
    expect(res.body.message).toMatch(/API токени/);
    for (const t of [one, two]) {
      expect((await bearer(t.token).get('/api/auth/me')).status).toBe(401);
      expect((await bearer(t.token).get('/api/cart')).status).toBe(401);
    }
    expect((await b.get('/api/account/tokens')).body.tokens).toEqual([]);
  });

  it('a reset through the e-mailed link revokes every token of the account', async () => {
    const u = await shop.user('customer', { email: 'token.reset@example.bg' });
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const t = await newToken(b);
    const g = shop.browser();
    await g.csrf();
    await g.post('/api/auth/forgot-password', { email: u.email }).expect(200);
    const mail = await waitForMail((text) => text.includes(`To: ${u.email}`) && text.includes('reset-password?token='));
    const link = /token=([\w-]+)/.exec(mail)![1];
    const res = await g.post('/api/auth/reset-password', { token: link, password: 'nova-parola-456' });
    expect([res.status, res.body.message]).toEqual([200, API.passwordReset]);
    expect(res.body.message).toMatch(/API токени/);
    expect((await bearer(t.token).get('/api/auth/me')).status).toBe(401);
    expect((await bearer(t.token).get('/api/cart')).status).toBe(401);
  });

  it("an admin setting a new password for a user revokes that user's tokens", async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const t = await newToken(b);
    const admin = await shop.signedIn('admin');
    await admin.put(`/api/admin/user/${u.id}`, { password: 'ot-admina-789' }).expect(200);
    expect((await bearer(t.token).get('/api/auth/me')).status).toBe(401);
  });

  it('turning two-factor off revokes every token of the account, and says so', async () => {
    const b = await shop.signedIn();
    const secret = await turnOnTwoFactor(b);
    const t = await newToken(b);
    expect((await bearer(t.token).get('/api/auth/me')).status).toBe(200);
    const off = await b.post('/api/account/2fa/disable', { code: codeFor(secret, 30_000) });
    expect([off.status, off.body.message]).toEqual([200, API.twoFactorDisabled]);
    expect(off.body.message).toMatch(/API токени/);
    expect((await bearer(t.token).get('/api/auth/me')).status).toBe(401);
  });
});

describe('expiry and last use', () => {
  const DAY = 86_400_000;
  const daysAhead = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / DAY);

  it('expires after the days chosen at creation: 90 by default, 30 or 365 on request, nothing else', async () => {
    const b = await shop.signedIn();
    expect(daysAhead((await newToken(b)).expiresAt)).toBe(90);
    expect(daysAhead((await newToken(b, { name: 'Кратък', expiresInDays: 30 })).expiresAt)).toBe(30);
    expect(daysAhead((await newToken(b, { name: 'Дълъг', expiresInDays: 365 })).expiresAt)).toBe(365);
    const odd = await b.post('/api/account/tokens', { name: 'Вечен', expiresInDays: 100000 });
    expect(odd.status).toBe(400);
    const week = await b.post('/api/account/tokens', { name: 'Седмица', expiresInDays: 7 });
    expect([week.status, week.body.errors?.expiresInDays]).toEqual([400, API.oneOf(['30', '90', '365'])]);
  });

  it('answers 401 once expired, and the list shows it as expired', async () => {
    const b = await shop.signedIn();
    const t = await newToken(b);
    await ApiToken.query()
      .patch({ expiresAt: new Date(Date.now() - 1000).toISOString() } as Partial<ApiToken>)
      .findById(t.id);
    const res = await bearer(t.token).get('/api/auth/me');
    expect([res.status, res.body.message]).toEqual([401, API.tokenExpired]);
    const listed = (await b.get('/api/account/tokens')).body.tokens.find((x: { id: number }) => x.id === t.id);
    expect(listed.expired).toBe(true);
  });

  it('a token cannot make a token that outlives it', async () => {
    const b = await shop.signedIn();
    const t = await newToken(b, { name: 'Родител', expiresInDays: 30 });
    const child = await bearer(t.token).post('/api/account/tokens', { name: 'Дете', expiresInDays: 365 });
    expect(child.status).toBe(201);
    expect(child.body.token.expiresAt).toBe(t.expiresAt);
  });

  it('shows when it was last used, written at most once a minute', async () => {
    const b = await shop.signedIn();
    const t = await newToken(b);
    expect(t.lastUsedAt).toBeNull();
    await bearer(t.token).get('/api/auth/me').expect(200);
    const first = (await ApiToken.query().findById(t.id))!.lastUsedAt;
    expect(first).toEqual(expect.any(String));
    await bearer(t.token).get('/api/cart').expect(200);
    expect((await ApiToken.query().findById(t.id))!.lastUsedAt).toBe(first);
    // A minute later the next use is recorded again.
    const earlier = new Date(Date.now() - 61_000).toISOString();
    await ApiToken.query()
      .patch({ lastUsedAt: earlier } as Partial<ApiToken>)
      .findById(t.id);
    await bearer(t.token).get('/api/auth/me').expect(200);
    expect((await ApiToken.query().findById(t.id))!.lastUsedAt! > earlier).toBe(true);
    const listed = (await b.get('/api/account/tokens')).body.tokens.find((x: { id: number }) => x.id === t.id);
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });
});

async function waitForMail(match: (text: string) => boolean): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const found = await mailTo(outboxDir, match);
    if (found) return found;
  }
  throw new Error('no such mail');
}
