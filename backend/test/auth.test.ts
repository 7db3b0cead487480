import { shopForThisFile, allKeys, SECRET_KEYS } from './helpers';
import { API } from '@domain/messages';

const shop = shopForThisFile();

describe('CSRF token', () => {
  it('is issued, bound to the session, and stable across calls', async () => {
    const b = shop.browser();
    const first = await b.csrf();
    expect(first).toMatch(/^[\w-]{20,}$/);
    expect(await b.csrf()).toBe(first);
  });

  it('refuses a cookie mutation without the header (403) and with a wrong one', async () => {
    const b = shop.browser();
    await b.csrf();
    const body = { email: 'x@example.bg', password: 'whatever-123' };
    const missing = await b.agent.post('/api/auth/login').send(body);
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(API.csrfInvalid);
    const wrong = await b.agent.post('/api/auth/login').set('x-csrf-token', 'nope').send(body);
    expect(wrong.status).toBe(403);
  });

  it('refuses a mutation from a client that never had a session', async () => {
    const res = await shop
      .browser()
      .agent.post('/api/auth/register')
      .send({ email: 'a@b.bg', password: '12345678', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(403);
  });
});

describe('register', () => {
  it('creates a customer and answers 201 with the user and the fixed message, no secrets', async () => {
    const b = shop.browser();
    await b.csrf();
    const res = await b.post('/api/auth/register', {
      email: '  Maria@Example.BG ',
      password: 'dobra-parola',
      firstName: 'Мария',
      lastName: 'Иванова',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Регистрацията бе успешна.');
    expect(res.body.user).toMatchObject({ email: 'maria@example.bg', firstName: 'Мария', lastName: 'Иванова', role: 'customer' });
    expect(allKeys(res.body).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);
    // Registration sets the user: this browser's session is the new account's.
    expect(res.body.csrfToken).toBe(b.csrfToken);
    expect((await b.get('/api/auth/me')).body.user.email).toBe('maria@example.bg');
  });

  it('answers 409 for an e-mail that is taken, in any letter case', async () => {
    const b = shop.browser();
    await b.csrf();
    const u = await shop.user();
    const res = await b.post('/api/auth/register', {
      email: u.email.toUpperCase(),
      password: 'dobra-parola',
      firstName: 'A',
      lastName: 'B',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.emailTaken);
  });

  it.each([
    [{ email: 'not-an-email', password: 'dobra-parola', firstName: 'A', lastName: 'B' }, 'email'],
    [{ email: 'ok@example.bg', password: 'short', firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'ok@example.bg', password: 'dobra-parola', lastName: 'B' }, 'firstName'],
    [{ email: 'ok@example.bg', password: 'dobra-parola', firstName: 'A', lastName: 'B', role: 'admin' }, 'role'],
    [{ email: 'ok@example.bg', password: 12345678, firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'ok@example.bg', password: 'dobra-parola', firstName: 'x'.repeat(101), lastName: 'B' }, 'firstName'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const b = shop.browser();
    await b.csrf();
    const res = await b.post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers 400 for invalid JSON and for a non-object body', async () => {
    const b = shop.browser();
    await b.csrf();
    const bad = await b.post('/api/auth/register', '{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(API.invalidJson);
    expect((await b.post('/api/auth/register', '[1,2]')).status).toBe(400);
    expect((await b.post('/api/auth/register', '"text"')).status).toBe(400);
  });
});

describe('login, me, logout', () => {
  it('signs in, answers the user and the fixed message, then /auth/me knows the user', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.csrf();
    const res = await b.post('/api/auth/login', { email: u.email.toUpperCase(), password: u.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Вписахте се успешно.');
    expect(res.body.user).toMatchObject({ id: u.id, email: u.email, role: 'customer' });
    expect(res.body.user.lastLoginAt).toEqual(expect.any(String));
    expect(allKeys(res.body).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);
    const me = await b.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(u.email);
    expect((await b.get('/api/check-cookie')).body).toEqual({ isUserCookieAvailable: true });
  });

  it('regenerates the session id at sign-in', async () => {
    // A token alone makes no session; a browser that has one signs in again.
    const u = await shop.user();
    const b = shop.browser();
    await b.csrf();
    const earlier = await shop.user();
    const before = await b.post('/api/auth/login', { email: earlier.email, password: earlier.password });
    const sidBefore = String(before.headers['set-cookie']).match(/sid=([^;]+)/)?.[1];
    const login = await b.post('/api/auth/login', { email: u.email, password: u.password });
    const sidAfter = String(login.headers['set-cookie']).match(/sid=([^;]+)/)?.[1];
    expect(sidBefore).toBeTruthy();
    expect(sidAfter).toBeTruthy();
    expect(sidAfter).not.toBe(sidBefore);
    // The old session id no longer exists on the server.
    const old = await shop.app.knex('sessions').where({ id: sidBefore }).first();
    expect(old).toBeUndefined();
  });

  it('refuses a wrong password or unknown e-mail with the same 401 message', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.csrf();
    const wrong = await b.post('/api/auth/login', { email: u.email, password: 'wrong-password' });
    const unknown = await b.post('/api/auth/login', { email: 'nobody@example.bg', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(API.wrongCredentials);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('throttles repeated failures for one e-mail with 429, even with the right password', async () => {
    const u = await shop.user();
    const b = shop.browser();
    await b.csrf();
    for (let i = 0; i < 5; i++) expect((await b.post('/api/auth/login', { email: u.email, password: 'wrong-password' })).status).toBe(401);
    const blocked = await b.post('/api/auth/login', { email: u.email, password: u.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(API.tooManyAttempts);
  });

  it('logs out: the session ends on the server and the CSRF token keeps working', async () => {
    const b = await shop.signedIn();
    const res = await b.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Изходът бе успешен.');
    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect((await b.get('/api/check-cookie')).body).toEqual({ isUserCookieAvailable: false });
    expect(await shop.app.knex('sessions').where({ userId: b.userId }).first()).toBeUndefined();
    const u = await shop.user();
    expect((await b.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('answers 401 to /auth/me for a guest and false to the cookie and two-factor checks', async () => {
    const b = shop.browser();
    const me = await b.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(API.notSignedIn);
    expect((await b.get('/api/isTwoFactorAuthEnabled')).body).toEqual({ twoFactorAuth: false });
    expect((await b.get('/api/check-cookie')).body).toEqual({ isUserCookieAvailable: false });
  });
});

describe('personal API tokens', () => {
  it('are created once in plain text, work as a bearer without CSRF, list without secrets, and revoke', async () => {
    const b = await shop.signedIn('admin');
    const created = await b.post('/api/account/tokens', { name: 'Склад' });
    expect(created.status).toBe(201);
    const token: string = created.body.token.token;
    expect(token).toMatch(/^vs_/);

    const viaToken = await shop.browser().agent.get('/api/auth/me').set('authorization', `Bearer ${token}`);
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.user.email).toBe(b.email);
    // Bearer calls need no CSRF token.
    const mutation = await shop.browser().agent.post('/api/account/tokens').set('authorization', `Bearer ${token}`).send({ name: 'Втори' });
    expect(mutation.status).toBe(201);

    const list = await b.get('/api/account/tokens');
    expect(list.body.tokens.map((t: any) => t.name).sort()).toEqual(['Втори', 'Склад']);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(allKeys(list.body).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);

    expect((await b.delete(`/api/account/tokens/${created.body.token.id}`)).status).toBe(200);
    expect((await shop.browser().agent.get('/api/auth/me').set('authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it("refuses a guest (401), an unknown token (401), and another user's token id (404)", async () => {
    expect((await shop.browser().get('/api/account/tokens')).status).toBe(401);
    expect((await shop.browser().agent.get('/api/auth/me').set('authorization', 'Bearer vs_nonsense')).status).toBe(401);
    const a = await shop.signedIn();
    const other = await shop.signedIn();
    const created = await a.post('/api/account/tokens', { name: 'A' });
    expect((await other.delete(`/api/account/tokens/${created.body.token.id}`)).status).toBe(404);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, never the shop page', async () => {
    const res = await shop.browser().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body.message).toBe(API.routeNotFound);
  });
});
