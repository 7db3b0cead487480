// What a stranger types: e-mail fields that froze the server, address forms that counted
// as new customers, keys named like Object.prototype's, per-address limits that treated every IPv6
// address apart, and a lockout that kept the owner out from their own address. The client's
// address is set as nginx sets it (TRUST_PROXY=1, X-Forwarded-For).
import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import supertest from 'supertest';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody } from './fixtures';
import { parseTrustProxy } from '../src/config';
import { hashToken } from '../src/modules/auth/middleware';
import { accountBackOffMs } from '../src/modules/auth/service';
import { API, SAFETY } from '@domain/messages';
import { CONTACT_MAX_PER_WINDOW, LOGIN_ACCOUNT_DELAY_MAX_MS, LOGIN_ACCOUNT_SLOW_AFTER, LOGIN_MAX_FAILURES } from '@domain/limits';

let cat: Catalogue;
const shop = shopForThisFile({ ...parseTrustProxy('1') });
beforeAll(async () => {
  cat = await makeCatalogue();
});

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}
const items = () => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];

/** Every call that takes an e-mail, with that e-mail in its place. */
const EMAIL_CALLS: Array<[string, string, (email: string) => object]> = [
  ['sign-in', '/api/auth/login', (email) => ({ email, password: 'parola-12345' })],
  ['registration', '/api/auth/register', (email) => ({ email, password: 'parola-12345', firstName: 'Иван', lastName: 'Петров' })],
  ['reset', '/api/auth/forgot-password', (email) => ({ email })],
  [
    'checkout',
    '/api/orders/create',
    (email) => {
      const b = checkoutBody(items());
      return { ...b, customer: { ...b.customer, email } };
    },
  ],
  ['quote', '/api/checkout/quote', (email) => ({ items: items(), shipping: { method: 'econt_office' }, email })],
  ['discount check', '/api/discounts/check', (email) => ({ code: 'WELCOME10', items: items(), email })],
  ['contact', '/api/contact', (email) => ({ name: 'Иван', email, message: 'Здравейте!' })],
];

describe('e-mail fields and long input', () => {
  const hostile = [
    ['dots, 60,000', 'a@' + '.'.repeat(60_000) + '@'],
    ['dots, 1 MB', 'a@' + '.'.repeat(1_000_000) + '@'],
    ['labels, 1 MB', 'a@' + 'a.'.repeat(500_000) + '@'],
    ['name, 1 MB', 'a'.repeat(1_000_000) + '@x'],
  ] as const;

  it.each(EMAIL_CALLS)('%s answers 400 to megabyte-long addresses while the server answers others', async (_name, url, body) => {
    // The hostile requests (each form twice) all at once, and health checks one after another
    // beside them: a health check must be answered before the last hostile request is (a pattern
    // that backtracks holds the only thread: 1 MB of dots held it ~20 minutes).
    const b = await guest();
    let hostileLeft = hostile.length * 2;
    let answeredMeanwhile = 0;
    const hostileDone = Promise.all(
      [...hostile, ...hostile].map(async ([form, email]) => {
        const res = await b.post(url, body(email));
        hostileLeft--;
        return [form, res.status, res.body.errors?.email ?? res.body.errors?.['customer.email']];
      }),
    );
    const pinging = (async () => {
      while (hostileLeft > 0) {
        await supertest(shop.app.callback()).get('/api/health').expect(200);
        if (hostileLeft > 0) answeredMeanwhile++;
      }
    })();
    const answers = await hostileDone;
    await pinging;
    for (const [form, status, text] of answers) expect([form, status, text]).toEqual([form, 400, expect.any(String)]);
    expect(answeredMeanwhile).toBeGreaterThan(0);
  });
});

describe('e-mail addresses', () => {
  const forms = [
    'Иван<ivan@example.bg>',
    '<ivan@example.bg>',
    '"ivan"@example.bg',
    'Иван Петров <ivan@example.bg>',
    'ivan@example.bg>',
    'ivan\u0000@example.bg',
    'ivan@exa\u202emple.bg',
  ];

  it.each(EMAIL_CALLS)('%s takes only a bare address', async (_name, url, body) => {
    for (const form of forms) {
      const res = await (await guest()).post(url, body(form));
      expect([form, res.status, res.body.errors?.email ?? res.body.errors?.['customer.email']]).toEqual([form, 400, expect.any(String)]);
    }
  });
});

describe("names the shop's mail greets with", () => {
  const BAD: Array<[string, string]> = [
    ['Иван https://evil.example/pechalba', SAFETY.nameHasLink],
    ['www.evil.example', SAFETY.nameHasLink],
    ['Спечелихте! evil.example/vhod', SAFETY.nameHasLink],
    ['Иван\u0000', SAFETY.nameHasControl],
    ['Иван\u001b[2J', SAFETY.nameHasControl],
    ['Иван\u202eнавъв', SAFETY.nameHasControl],
    ['\u2066Иван\u2069', SAFETY.nameHasControl],
  ];
  const calls: Array<[string, string, string, (name: string) => object]> = [
    [
      'registration firstName',
      '/api/auth/register',
      'firstName',
      (firstName) => ({ email: 'ime@example.bg', password: 'parola-12345', firstName, lastName: 'Петров' }),
    ],
    [
      'registration lastName',
      '/api/auth/register',
      'lastName',
      (lastName) => ({ email: 'ime@example.bg', password: 'parola-12345', firstName: 'Иван', lastName }),
    ],
    [
      'checkout firstName',
      '/api/orders/create',
      'customer.firstName',
      (firstName) => {
        const b = checkoutBody(items());
        return { ...b, customer: { ...b.customer, firstName } };
      },
    ],
    [
      'checkout lastName',
      '/api/orders/create',
      'customer.lastName',
      (lastName) => {
        const b = checkoutBody(items());
        return { ...b, customer: { ...b.customer, lastName } };
      },
    ],
    ['contact name', '/api/contact', 'name', (name) => ({ name, email: 'ime@example.bg', message: 'Здравейте!' })],
  ];

  it.each(calls)('%s refuses links and control characters with its reason', async (_name, url, field, body) => {
    for (const [name, reason] of BAD) {
      const res = await (await guest()).post(url, body(name));
      expect([name, res.status, res.body.errors?.[field]]).toEqual([name, 400, reason]);
    }
  });

  it('staff editing an account (the profile) refuse them too; a plain name with initials is fine', async () => {
    const admin = await shop.signedIn('admin');
    const u = await shop.user();
    for (const [name, reason] of BAD) {
      const res = await admin.put(`/api/admin/users/${u.id}`, { firstName: name });
      expect([name, res.status, res.body.errors?.firstName]).toEqual([name, 400, reason]);
    }
    expect((await admin.put(`/api/admin/users/${u.id}`, { firstName: 'Д.Петров', lastName: "O'Brien" })).status).toBe(200);
  });
});

describe('keys named like Object.prototype members', () => {
  const KEYS = [
    'constructor',
    'toString',
    'hasOwnProperty',
    '__proto__',
    'valueOf',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
  ];
  const calls: Array<[string, string, () => object, 'guest' | 'admin' | 'customer']> = [
    ['quote', '/api/checkout/quote', () => ({ items: items(), shipping: { method: 'econt_office' } }), 'guest'],
    ['order', '/api/orders/create', () => checkoutBody(items()), 'guest'],
    [
      'registration',
      '/api/auth/register',
      () => ({ email: 'proto@example.bg', password: 'parola-12345', firstName: 'Иван', lastName: 'Петров' }),
      'guest',
    ],
    ['sign-in', '/api/auth/login', () => ({ email: 'proto@example.bg', password: 'parola-12345' }), 'guest'],
    ['contact', '/api/contact', () => ({ name: 'Иван', email: 'proto@example.bg', message: 'Здравейте!' }), 'guest'],
    ['cart add', '/api/cart/add', () => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }), 'customer'],
    ['admin product create', '/api/admin/products/create', () => ({ name: 'Прото', price: 10, sku: 'PROTO-1' }), 'admin'],
  ];
  let admin: Browser;
  let customer: Browser;
  beforeAll(async () => {
    admin = await shop.signedIn('admin');
    customer = await shop.signedIn('customer');
  });

  it.each(calls)('%s answers 400 to each, alone or beside valid fields', async (_name, url, body, who) => {
    const b = who === 'admin' ? admin : who === 'customer' ? customer : await guest();
    for (const key of KEYS) {
      for (const raw of [`{${JSON.stringify(key)}: {"a": 1}}`, JSON.stringify(body()).replace(/^\{/, `{${JSON.stringify(key)}: "x",`)]) {
        const res = await b.post(url, raw);
        expect([key, raw.length > 40, res.status]).toEqual([key, raw.length > 40, 400]);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
  });

  it('says which field is unknown', async () => {
    const res = await (await guest()).post('/api/checkout/quote', '{"constructor": {"prototype": {}}}');
    expect([res.status, res.body.errors?.constructor]).toEqual([400, API.unknownField]);
  });
});

describe('limits per address count an IPv6 /64 as one', () => {
  it(`contact: ${CONTACT_MAX_PER_WINDOW} messages from one /64, then 429; another /64 is still heard`, async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 9; i++) {
      const res = await (
        await guest()
      )
        .post('/api/contact', { name: 'Иван', email: `ivan${i}@example.bg`, message: 'Здравейте!' })
        .set('X-Forwarded-For', `2001:db8:1:2::${i.toString(16)}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(CONTACT_MAX_PER_WINDOW).fill(201), ...Array(9 - CONTACT_MAX_PER_WINDOW).fill(429)]);
    const other = await (
      await guest()
    )
      .post('/api/contact', { name: 'Иван', email: 'ivan@example.bg', message: 'Здравейте!' })
      .set('X-Forwarded-For', '2001:db8:1:3::1');
    expect(other.status).toBe(201);
  });

  it('reset requests: the /64 is one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await (
        await guest()
      )
        .post('/api/auth/forgot-password', { email: `reset${i}@example.bg` })
        .set('X-Forwarded-For', `2001:db8:2:2:${i.toString(16)}::1`);
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const other = await (
      await guest()
    )
      .post('/api/auth/forgot-password', { email: 'reset@example.bg' })
      .set('X-Forwarded-For', '2001:db8:2:3::1');
    expect(other.status).toBe(200);
  });

  it('sign-in failures from one /64 lock that /64 only', async () => {
    const u = await shop.user();
    const attacker = await guest();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) {
      await attacker
        .post('/api/auth/login', { email: u.email, password: 'wrong-password' })
        .set('X-Forwarded-For', `2001:db8:3:4::${i}`)
        .expect(401);
    }
    const sameNet = await (
      await guest()
    )
      .post('/api/auth/login', { email: u.email, password: 'wrong-password' })
      .set('X-Forwarded-For', '2001:db8:3:4:ffff::9');
    expect(sameNet.status).toBe(429);
    const owner = await (
      await guest()
    )
      .post('/api/auth/login', { email: u.email, password: u.password })
      .set('X-Forwarded-For', '2001:db8:3:5::1');
    expect(owner.status).toBe(200);
  });
});

describe('a stranger cannot lock the owner out', () => {
  const A = '198.51.100.10';
  const B = '203.0.113.20';
  const login = async (ip: string, email: string, password: string) => {
    const b = await guest();
    return { b, res: await b.post('/api/auth/login', { email, password }).set('X-Forwarded-For', ip) };
  };

  it('6 wrong passwords from A: the owner signs in from B; A is throttled', async () => {
    const u = await shop.user();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(A, u.email, 'wrong-password')).res.status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(B, u.email, u.password)).res.status).toBe(200);
    const fromA = (await login(A, u.email, u.password)).res;
    expect([fromA.status, fromA.body.message]).toEqual([429, API.tooManyAttempts]);
    // The same account in other letters is the same account.
    expect((await login(A, u.email.toUpperCase(), u.password)).res.status).toBe(429);
  });

  it('the account as a whole only slows: no wait up to its threshold, then a growing one with a ceiling', () => {
    expect([0, LOGIN_MAX_FAILURES + 1, LOGIN_ACCOUNT_SLOW_AFTER].map(accountBackOffMs)).toEqual([0, 0, 0]);
    const waits = [1, 2, 5, 10, 1000].map((n) => accountBackOffMs(LOGIN_ACCOUNT_SLOW_AFTER + n));
    expect(waits).toEqual([...waits].sort((x, y) => x - y));
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits.at(-1)).toBe(LOGIN_ACCOUNT_DELAY_MAX_MS);
  });

  it('an owner locked out at A signs in there after using a reset link', async () => {
    const u = await shop.user();
    for (let i = 0; i < 6; i++) await login(A, u.email, 'wrong-password');
    expect((await login(A, u.email, u.password)).res.status).toBe(429);
    const token = crypto.randomBytes(32).toString('base64url');
    await shop.app.knex('passwordResets').insert({
      userId: u.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      createdAt: new Date().toISOString(),
    });
    const b = await guest();
    expect((await b.post('/api/auth/reset-password', { token, password: 'nova-parola-42' }).set('X-Forwarded-For', A)).status).toBe(200);
    expect((await login(A, u.email, 'nova-parola-42')).res.status).toBe(200);
  });

  it('an owner with a second factor gets the code step from B, and from A signs in with the code', async () => {
    const u = await shop.user();
    const owner = await guest();
    await owner.signIn(u.email, u.password);
    const setup = await owner.post('/api/account/2fa/setup', {});
    const codeFor = (offset: number) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) }).generate({ timestamp: Date.now() + offset });
    expect((await owner.post('/api/account/2fa/enable', { code: codeFor(0) })).status).toBe(200);

    for (let i = 0; i < 6; i++) await login(A, u.email, 'wrong-password');
    const fromB = (await login(B, u.email, u.password)).res;
    expect([fromB.status, fromB.body.twoFactorRequired]).toEqual([200, true]);

    // From A, throttled: the answer is the code step whether or not the password was right...
    const stranger = await login(A, u.email, 'wrong-password');
    expect([stranger.res.status, stranger.res.body.twoFactorRequired]).toEqual([200, true]);
    // ...and after a wrong password no code signs in (and none is counted against the owner).
    const strangerCode = await stranger.b.post('/api/auth/login/2fa', { code: codeFor(30_000) }).set('X-Forwarded-For', A);
    expect([strangerCode.status, strangerCode.body.message]).toEqual([401, API.twoFactorWrongCode]);
    const ownerAtA = await login(A, u.email, u.password);
    expect(ownerAtA.res.body.twoFactorRequired).toBe(true);
    const signedIn = await ownerAtA.b.post('/api/auth/login/2fa', { code: codeFor(30_000) }).set('X-Forwarded-For', A);
    expect([signedIn.status, signedIn.body.user?.email]).toEqual([200, u.email]);
  });
});
