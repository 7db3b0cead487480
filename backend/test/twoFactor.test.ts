// Two-factor sign-in: setup with a QR, turning on with a code, the second step at sign-in,
// backup codes used once, turning off, and the setting that makes it mandatory for admins.
import * as OTPAuth from 'otpauth';
import { shopForThisFile, allKeys, SECRET_KEYS } from './helpers';
import { API } from '@domain/messages';
import { saveSettings } from '../src/modules/settings/service';

const shop = shopForThisFile();

const codeFor = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset });
/** A code is taken once: after the one that turned two-factor on, the next time step's code
 *  (accepted with one step of clock drift) is the next one to use. */
const nextCodeFor = (secret: string) => codeFor(secret, 30_000);

async function withTwoFactor(role: 'customer' | 'admin' = 'customer') {
  const u = await shop.user(role);
  const b = shop.browser();
  await b.signIn(u.email, u.password);
  const setup = await b.post('/api/account/2fa/setup', {});
  expect(setup.status).toBe(200);
  const on = await b.post('/api/account/2fa/enable', { code: codeFor(setup.body.secret) });
  expect(on.status).toBe(200);
  return { ...u, secret: setup.body.secret as string, backupCodes: on.body.backupCodes as string[], browser: b };
}

describe('two-factor sign-in', () => {
  it('is set up with a QR code and turned on only with a correct code', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    expect((await b.get('/api/isTwoFactorAuthEnabled')).body).toEqual({ twoFactorAuth: false });
    const setup = await b.post('/api/account/2fa/setup', {});
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/VAP%20SOLO:/);
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await b.post('/api/account/2fa/enable', { code: '000000' });
    expect([wrong.status, wrong.body.message]).toEqual([400, API.twoFactorWrongCode]);
    const on = await b.post('/api/account/2fa/enable', { code: codeFor(setup.body.secret) });
    expect(on.body.message).toBe(API.twoFactorEnabled);
    expect(on.body.backupCodes).toHaveLength(10);
    expect((await b.get('/api/isTwoFactorAuthEnabled')).body).toEqual({ twoFactorAuth: true });
    const me = await b.get('/api/auth/me');
    expect(allKeys(me.body).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);
  });

  it('asks for the code after the password, and only then signs in', async () => {
    const u = await withTwoFactor();
    const b = shop.browser();
    await b.csrf();
    const first = await b.post('/api/auth/login', { email: u.email, password: u.password });
    expect(first.body).toEqual({ twoFactorRequired: true, message: API.twoFactorRequired });
    expect((await b.get('/api/auth/me')).status).toBe(401);
    const wrong = await b.post('/api/auth/login/2fa', { code: '123456' });
    expect([wrong.status, wrong.body.message]).toEqual([401, API.twoFactorWrongCode]);
    const ok = await b.post('/api/auth/login/2fa', { code: nextCodeFor(u.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(u.email);
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('takes a backup code once, and refuses the second step without the first', async () => {
    const u = await withTwoFactor();
    const b = shop.browser();
    await b.csrf();
    expect((await b.post('/api/auth/login/2fa', { code: codeFor(u.secret) })).status).toBe(401);
    await b.post('/api/auth/login', { email: u.email, password: u.password }).expect(200);
    expect((await b.post('/api/auth/login/2fa', { code: u.backupCodes[0].toLowerCase() })).status).toBe(200);
    const c = shop.browser();
    await c.csrf();
    await c.post('/api/auth/login', { email: u.email, password: u.password }).expect(200);
    expect((await c.post('/api/auth/login/2fa', { code: u.backupCodes[0] })).status).toBe(401);
  });

  it('stops accepting codes after five wrong tries', async () => {
    const u = await withTwoFactor();
    const b = shop.browser();
    await b.csrf();
    await b.post('/api/auth/login', { email: u.email, password: u.password }).expect(200);
    for (let i = 0; i < 5; i++) await b.post('/api/auth/login/2fa', { code: '000000' }).expect(401);
    const late = await b.post('/api/auth/login/2fa', { code: codeFor(u.secret) });
    expect([late.status, late.body.message]).toEqual([401, API.twoFactorExpired]);
  });

  it('is turned off with a code', async () => {
    const u = await withTwoFactor();
    expect((await u.browser.post('/api/account/2fa/disable', { code: '999999' })).status).toBe(400);
    const off = await u.browser.post('/api/account/2fa/disable', { code: nextCodeFor(u.secret) });
    expect(off.body.message).toBe(API.twoFactorDisabled);
    const b = shop.browser();
    await b.csrf();
    expect((await b.post('/api/auth/login', { email: u.email, password: u.password })).body.user.email).toBe(u.email);
  });

  it('can be made mandatory for admins', async () => {
    const plain = await shop.signedIn('admin');
    const secured = await withTwoFactor('admin');
    const b = shop.browser();
    await b.csrf();
    await b.post('/api/auth/login', { email: secured.email, password: secured.password }).expect(200);
    await b.post('/api/auth/login/2fa', { code: nextCodeFor(secured.secret) }).expect(200);
    await saveSettings({ twoFactorRequiredForAdmins: true });
    try {
      const refused = await plain.get('/api/admin/users');
      expect([refused.status, refused.body.message]).toEqual([403, API.twoFactorMandatory]);
      expect((await b.get('/api/admin/users')).status).toBe(200);
    } finally {
      await saveSettings({ twoFactorRequiredForAdmins: false });
    }
  });
});
