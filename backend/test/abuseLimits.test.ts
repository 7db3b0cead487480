// What a stranger can repeat,: registration per address, order
// confirmations per recipient (never the orders themselves), forgotten-password answers that do
// not wait for anything, sign-in failures locking the account before the address, line breaks
// in single-line fields, and the size of the server cart.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, mailTo } from './fixtures';
import { API } from '@domain/messages';
import { CART_LINES_MAX, LOGIN_MAX_FAILURES, ORDER_MAILS_PER_RECIPIENT, QUANTITY_MAX, REGISTER_MAX_PER_ADDRESS } from '@domain/limits';

let cat: Catalogue;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  cat = await makeCatalogue();
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}
const items = () => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
function orderFor(b: Browser, email: string, extra: Record<string, unknown> = {}) {
  const body = checkoutBody(items(), extra);
  return b.post('/api/orders/create', { ...body, customer: { ...body.customer, email } });
}
const mailsTo = (to: string | RegExp) =>
  fs.readdirSync(outboxDir).filter((f) => {
    const text = fs.readFileSync(path.join(outboxDir, f), 'latin1');
    return typeof to === 'string' ? text.includes(`To: ${to}\r\n`) : to.test(text);
  }).length;
async function untilMails(to: string | RegExp, n: number) {
  for (let i = 0; i < 10 && mailsTo(to) < n; i++) await mailTo(outboxDir, () => mailsTo(to) >= n);
}

describe('single-line fields', () => {
  it('refuse CR/LF at checkout, naming the field', async () => {
    const cases: Array<[string, (b: ReturnType<typeof checkoutBody>) => object]> = [
      ['customer.firstName', (b) => ({ ...b, customer: { ...b.customer, firstName: 'Иван\r\nBcc: all@example.bg' } })],
      ['customer.lastName', (b) => ({ ...b, customer: { ...b.customer, lastName: 'Петров\n' } })],
      ['shipping.city', (b) => ({ ...b, shipping: { ...b.shipping, city: 'София\nПодмяна' } })],
      ['shipping.address', (b) => ({ ...b, shipping: { ...b.shipping, address: 'ул. Шипка 5\r\n\r\nВашата поръчка е отказана' } })],
      ['items.0.personalization', (b) => ({ ...b, items: [{ ...items()[0], personalization: 'ред 1\nред 2' }] })],
    ];
    for (const [field, change] of cases) {
      const res = await (await guest()).post('/api/orders/create', change(checkoutBody(items())));
      expect([field, res.status, res.body.errors?.[field]]).toEqual([field, 400, API.singleLine]);
    }
    // A note may have several lines.
    expect((await (await guest()).post('/api/orders/create', checkoutBody(items(), { note: 'Звънете\nпреди доставка' }))).status).toBe(201);
  });

  it("refuse CR/LF at registration, in the distributors' form and in a cart line", async () => {
    const reg = await (
      await guest()
    ).post('/api/auth/register', { email: 'redove@example.bg', password: 'parola-12345', firstName: 'Ред\nНов', lastName: 'Клиент' });
    expect([reg.status, reg.body.errors?.firstName]).toEqual([400, API.singleLine]);
    const contact = await (
      await guest()
    ).post('/api/contact', { name: 'Фирма\r\nBcc: x@example.bg', email: 'firma@example.bg', message: 'Здравейте,\nинтересуваме се.' });
    expect([contact.status, contact.body.errors?.name]).toEqual([400, API.singleLine]);
    const b = await shop.signedIn();
    const add = await b.post('/api/cart/add', {
      productId: cat.triples.id,
      variantId: cat.triples.variant,
      quantity: 1,
      personalization: 'a\r\nb',
    });
    expect([add.status, add.body.errors?.personalization]).toEqual([400, API.singleLine]);
  });
});

describe('registration', () => {
  it(`is throttled per address: ${REGISTER_MAX_PER_ADDRESS} go through, the next answers 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTER_MAX_PER_ADDRESS; i++) {
      const b = await guest();
      statuses.push(
        (
          await b.post('/api/auth/register', {
            email: `nov${i}@example.bg`,
            password: 'parola-12345',
            firstName: 'Нов',
            lastName: 'Клиент',
          })
        ).status,
      );
    }
    expect(statuses.slice(0, REGISTER_MAX_PER_ADDRESS)).toEqual(Array(REGISTER_MAX_PER_ADDRESS).fill(201));
    expect(statuses.at(-1)).toBe(429);
    const refused = await (
      await guest()
    ).post('/api/auth/register', { email: 'oshte@example.bg', password: 'parola-12345', firstName: 'Още', lastName: 'Един' });
    expect([refused.status, refused.body.message]).toEqual([429, API.tooManyRegistrations]);
  });
});

describe('guest orders', () => {
  it('are not capped per address: a crowd behind one NAT gets through', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await orderFor(await guest(), `tylpa${i}@example.bg`)).status);
    expect(statuses).toEqual(Array(25).fill(201));
  });

  it(`e-mail one recipient at most ${ORDER_MAILS_PER_RECIPIENT} confirmations an hour; every order is still placed`, async () => {
    const victim = 'zhertva@example.bg';
    const statuses: number[] = [];
    for (const email of [victim, victim, 'zhertva+1@example.bg', victim, 'Zhertva@example.bg.', victim])
      statuses.push((await orderFor(await guest(), email)).status);
    expect(statuses).toEqual(Array(6).fill(201));
    const toVictim = /To: zhertva(\+1)?@example\.bg\.?\r\n/i;
    await untilMails(toVictim, ORDER_MAILS_PER_RECIPIENT);
    // The decision is made before each answer, so no further mail can still be on its way.
    expect(mailsTo(toVictim)).toBe(ORDER_MAILS_PER_RECIPIENT);
  });

  it('an order refused for stock counts nothing towards the cap', async () => {
    const to = 'otkaz@example.bg';
    for (let i = 0; i < ORDER_MAILS_PER_RECIPIENT - 1; i++) expect((await orderFor(await guest(), to)).status).toBe(201);
    const tooMany = { items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: QUANTITY_MAX }] };
    for (let i = 0; i < 3; i++) expect((await orderFor(await guest(), to, tooMany)).status).toBe(409);
    expect((await orderFor(await guest(), to)).status).toBe(201);
    await untilMails(to, ORDER_MAILS_PER_RECIPIENT);
    expect(mailsTo(to)).toBe(ORDER_MAILS_PER_RECIPIENT);
  });

  it('a customer ordering to their own account address is never capped', async () => {
    const b = await shop.signedIn();
    for (let i = 0; i < ORDER_MAILS_PER_RECIPIENT + 1; i++) expect((await orderFor(b, b.email)).status).toBe(201);
    await untilMails(b.email, ORDER_MAILS_PER_RECIPIENT + 1);
    expect(mailsTo(b.email)).toBe(ORDER_MAILS_PER_RECIPIENT + 1);
  });
});

describe('forgotten password', () => {
  it('answers without waiting for the mail, whether or not the account exists', async () => {
    // A mail server that accepts the connection and never says a word.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const saved = shop.config.smtpUrl;
    shop.config.smtpUrl = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const u = await shop.user('customer', { email: 'bavna.poshta@example.bg' });
      const known = await (await guest()).post('/api/auth/forgot-password', { email: u.email });
      const unknown = await (await guest()).post('/api/auth/forgot-password', { email: 'nikoy.nikade@example.bg' });
      expect([known.status, known.body]).toEqual([200, { message: API.resetRequested }]);
      expect([unknown.status, unknown.body]).toEqual([200, { message: API.resetRequested }]);
      // The work still happens, after the answer: the link is made for the known account only.
      let links = 0;
      for (let i = 0; i < 100 && links === 0; i++) {
        links = Number((await shop.app.knex('passwordResets').where({ userId: u.id }).count({ n: '*' }).first())?.n ?? 0);
        if (!links) await new Promise((r) => setTimeout(r, 20));
      }
      expect(links).toBe(1);
    } finally {
      shop.config.smtpUrl = saved;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('sign-in throttling', () => {
  it('locks the account after its failures, even for the right password', async () => {
    const u = await shop.user();
    const b = await guest();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await b.post('/api/auth/login', { email: u.email, password: 'wrong-password' }).expect(401);
    expect((await (await guest()).post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(429);
  });

  it('does not lock out everyone behind one address because one attacker there tried many accounts', async () => {
    const attacker = await guest();
    // More failures than the old per-address limit (50), spread over accounts.
    for (let a = 0; a < 11; a++) {
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
        await attacker.post('/api/auth/login', { email: `cel${a}@example.bg`, password: 'wrong-password' });
    }
    const u = await shop.user();
    const neighbour = await guest();
    expect((await neighbour.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(200);
    // Each failure costs a password hash on purpose: many of them take a while on a busy machine.
  }, 90_000);
});

describe('the server cart', () => {
  it(`holds at most ${CART_LINES_MAX} lines`, async () => {
    const b = await shop.signedIn();
    for (let i = 0; i < CART_LINES_MAX; i++) {
      await b
        .post('/api/cart/add', { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1, personalization: `Надпис ${i}` })
        .expect(200);
    }
    const over = await b.post('/api/cart/add', {
      productId: cat.triples.id,
      variantId: cat.triples.variant,
      quantity: 1,
      personalization: 'Един повече',
    });
    expect([over.status, over.body.message]).toEqual([409, API.cartTooManyLines]);
    // More of a line already there is fine.
    expect(
      (
        await b.post('/api/cart/add', {
          productId: cat.triples.id,
          variantId: cat.triples.variant,
          quantity: 1,
          personalization: 'Надпис 0',
        })
      ).status,
    ).toBe(200);
    expect((await b.get('/api/cart')).body.cartItems).toHaveLength(CART_LINES_MAX);
  });

  it(`and one checkout takes at most ${CART_LINES_MAX} lines`, async () => {
    const lines = Array.from({ length: CART_LINES_MAX + 1 }, (_, i) => ({ ...items()[0], personalization: `Р${i}` }));
    const res = await (await guest()).post('/api/orders/create', checkoutBody(lines));
    expect(res.status).toBe(400);
    expect(res.body.errors?.items).toBeDefined();
  });
});
