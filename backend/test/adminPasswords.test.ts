// The admin password rule (ADMIN_PASSWORD at start: at least 12 characters, not a
// common password, not the e-mail) on every way an administrator's password is set.
import crypto from 'node:crypto';
import { shopForThisFile, Browser } from './helpers';
import { hashToken } from '../src/modules/auth/middleware';
import { API, SAFETY } from '@domain/messages';

let admin: Browser & { userId: number; email: string };
const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

const WEAK: Array<[string, (email: string) => string, string]> = [
  ['short', () => 'dobra-par', SAFETY.adminPasswordTooShort],
  ['password123', () => 'password123', SAFETY.adminPasswordTooShort],
  ['common', () => 'password1234', SAFETY.adminPasswordCommon],
  ['common with a suffix', () => 'administrator2026!', SAFETY.adminPasswordCommon],
  ['the e-mail', (email) => email, SAFETY.adminPasswordIsEmail],
];
const STRONG = 'chetiri-sluchaini-dumi';

describe('an administrator setting their own password', () => {
  it.each(WEAK)('on the account page: %s is refused on the field', async (_name, weak, reason) => {
    const u = await shop.user('admin', { email: `own${crypto.randomInt(1e9)}@example.bg` });
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const res = await b.put('/api/account/password', { currentPassword: u.password, newPassword: weak(u.email) });
    expect([res.status, res.body.message, res.body.errors?.newPassword]).toEqual([400, reason, reason]);
    // Nothing changed: the old password still signs in.
    await shop.browser().signIn(u.email, u.password);
    expect((await b.put('/api/account/password', { currentPassword: u.password, newPassword: STRONG })).status).toBe(200);
  });

  it('a customer keeps the customer rule', async () => {
    const u = await shop.user('customer');
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    expect((await b.put('/api/account/password', { currentPassword: u.password, newPassword: 'password123' })).status).toBe(200);
  });

  it.each(WEAK)('through a reset link: %s is refused, and the link still works', async (_name, weak, reason) => {
    const u = await shop.user('admin', { email: `reset${crypto.randomInt(1e9)}@example.bg` });
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await shop.app.knex('passwordResets').insert({
      userId: u.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + 3_600_000).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    const b = shop.browser();
    await b.csrf();
    const res = await b.post('/api/auth/reset-password', { token, password: weak(u.email) });
    expect([res.status, res.body.errors?.password]).toEqual([400, reason]);
    expect((await b.post('/api/auth/reset-password', { token, password: STRONG })).status).toBe(200);
  });
});

describe('staff making an administrator', () => {
  it.each(WEAK)('POST /api/admin/users/create with role admin: %s is refused', async (_name, weak, reason) => {
    const email = `new${crypto.randomInt(1e9)}@example.bg`;
    const res = await admin.post('/api/admin/users/create', { email, password: weak(email), role: 'admin' });
    expect([res.status, res.body.errors?.password]).toEqual([400, reason]);
    expect((await admin.post('/api/admin/users/create', { email, password: weak(email), role: 'customer' })).status).toBe(
      weak(email).length >= 8 ? 201 : 400,
    );
  });

  it.each(WEAK)('react-admin create (POST /api/admin/users, /api/admin/admins): %s is refused', async (_name, weak, reason) => {
    const email = `ra${crypto.randomInt(1e9)}@example.bg`;
    const users = await admin.post('/api/admin/users', { email, password: weak(email), role: 'admin' });
    expect([users.status, users.body.errors?.password]).toEqual([400, reason]);
    const admins = await admin.post('/api/admin/admins', { email, password: weak(email) });
    expect([admins.status, admins.body.errors?.password]).toEqual([400, reason]);
    expect((await admin.post('/api/admin/admins', { email, password: STRONG })).status).toBe(201);
  });

  it("an administrator's password changed by staff meets the rule", async () => {
    const other = await shop.user('admin');
    const res = await admin.put(`/api/admin/users/${other.id}`, { password: 'qwerty123456' });
    expect([res.status, res.body.errors?.password]).toEqual([400, SAFETY.adminPasswordCommon]);
  });

  it('a customer is promoted only with a new strong password', async () => {
    for (const [url, body] of [
      ['/api/admin/users/ID', { role: 'admin' }],
      ['/api/admin/user/ID', { role: 'admin' }],
    ] as const) {
      const customer = await shop.user('customer');
      const to = url.replace('ID', String(customer.id));
      const bare = await admin.put(to, body);
      expect([to, bare.status, bare.body.errors?.password]).toEqual([to, 400, SAFETY.adminPasswordNeeded]);
      const weak = await admin.put(to, { ...body, password: 'password1234' });
      expect([to, weak.status, weak.body.errors?.password]).toEqual([to, 400, SAFETY.adminPasswordCommon]);
      expect((await admin.get(`/api/admin/user/${customer.id}`)).body.user.role).toBe('customer');
      const ok = await admin.put(to, { ...body, password: STRONG });
      expect([to, ok.status]).toEqual([to, 200]);
      await shop.browser().signIn(customer.email, STRONG);
    }
    const customer = await shop.user('customer');
    const bare = await admin.post('/api/admin/admins', { email: customer.email });
    expect([bare.status, bare.body.errors?.password]).toEqual([400, SAFETY.adminPasswordNeeded]);
    expect((await admin.post('/api/admin/admins', { email: customer.email, password: STRONG })).body).toMatchObject({
      id: customer.id,
      role: 'admin',
    });
    void API;
  });
});
