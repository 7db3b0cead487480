// Forgotten password and password change, as the account's owner and as an attacker sees them.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile } from './helpers';
import { mailTo } from './fixtures';
import { API } from '@domain/messages';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));

const shop = shopForThisFile({ outboxDir, publicUrl: 'https://shop.example' });
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

async function linkFor(email: string): Promise<string> {
  const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${email}`) && t.includes('/reset-password?token='));
  expect(mail).toBeDefined();
  return /token=([\w-]+)/.exec(mail!)![1];
}

describe('forgotten password', () => {
  it('answers the same for a known and an unknown e-mail, and mails a link only to the known one', async () => {
    const u = await shop.user('customer', { email: 'zabravih@example.bg' });
    const known = await (await guest()).post('/api/auth/forgot-password', { email: u.email });
    const unknown = await (await guest()).post('/api/auth/forgot-password', { email: 'nikoy@example.bg' });
    expect([known.status, known.body]).toEqual([200, { message: API.resetRequested }]);
    expect([unknown.status, unknown.body]).toEqual([200, { message: API.resetRequested }]);
    expect(await linkFor(u.email)).toMatch(/^[\w-]{40,}$/);
    expect(await mailTo(outboxDir, (t) => t.includes('To: nikoy@example.bg'))).toBeUndefined();
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const u = await shop.user('customer', { email: 'reset.me@example.bg' });
    const elsewhere = shop.browser();
    await elsewhere.signIn(u.email, u.password);
    await (await guest()).post('/api/auth/forgot-password', { email: u.email }).expect(200);
    const token = await linkFor(u.email);

    const b = await guest();
    const short = await b.post('/api/auth/reset-password', { token, password: '123' });
    expect([short.status, short.body.message]).toEqual([400, API.passwordTooShort]);
    const ok = await b.post('/api/auth/reset-password', { token, password: 'nova-parola-42' });
    expect([ok.status, ok.body.message]).toEqual([200, API.passwordReset]);
    const again = await b.post('/api/auth/reset-password', { token, password: 'oshte-edna-42' });
    expect([again.status, again.body.message]).toEqual([400, API.resetLinkInvalid]);

    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await b.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await b.post('/api/auth/login', { email: u.email, password: 'nova-parola-42' })).status).toBe(200);
  });

  it('refuses a made-up token and throttles repeated requests', async () => {
    const b = await guest();
    const fake = await b.post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'nova-parola-42' });
    expect([fake.status, fake.body.message]).toEqual([400, API.resetLinkInvalid]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await b.post('/api/auth/forgot-password', { email: 'spam.reset@example.bg' })).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password change', () => {
  it('needs the current password, keeps this browser signed in and signs out the others', async () => {
    const u = await shop.user('customer');
    const here = shop.browser();
    await here.signIn(u.email, u.password);
    const there = shop.browser();
    await there.signIn(u.email, u.password);
    const wrong = await here.put('/api/account/password', { currentPassword: 'greshna', newPassword: 'nova-parola-77' });
    expect([wrong.status, wrong.body.message]).toEqual([400, API.wrongCurrentPassword]);
    const ok = await here.put('/api/account/password', { currentPassword: u.password, newPassword: 'nova-parola-77' });
    expect([ok.status, ok.body.message]).toEqual([200, API.passwordChanged]);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await there.get('/api/auth/me')).status).toBe(401);
    expect((await (await guest()).put('/api/account/password', { currentPassword: 'a', newPassword: 'bbbbbbbbbb' })).status).toBe(401);
  });
});
