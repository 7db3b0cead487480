// Per-customer limits of discount codes: keyed on the account
// when signed in and on the normalised e-mail for guests, race-safe (run this file with
// TEST_DATABASE_URL for PostgreSQL), and a code preview that neither tells strangers who used a
// code nor can be hammered.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, discount, checkoutBody } from './fixtures';
import { API } from '@domain/messages';
import { DISCOUNT_CHECKS_PER_SESSION } from '@domain/limits';
import { Discount, Order } from '../src/models';

let cat: Catalogue;
const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
});

const items = () => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}
function order(b: Browser, code: string, email: string, withItems = true) {
  const body = checkoutBody(withItems ? items() : undefined, { discountCode: code });
  return b.post('/api/orders/create', { ...body, customer: { ...body.customer, email } });
}

describe('per-customer limits', () => {
  it('hold for a signed-in customer who types another e-mail at checkout', async () => {
    await discount({ code: 'AKAUNT1', perCustomerLimit: 1 });
    const b = await shop.signedIn();
    expect((await order(b, 'AKAUNT1', b.email)).status).toBe(201);
    const other = await order(b, 'AKAUNT1', 'someone.else@example.bg');
    expect([other.status, other.body.message]).toEqual([409, API.discountPerCustomer]);
    // From the server cart too.
    await b.post('/api/cart/add', { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }).expect(200);
    expect((await order(b, 'AKAUNT1', 'third@example.bg', false)).status).toBe(409);
  });

  it('hold for a guest who writes the same mailbox differently', async () => {
    await discount({ code: 'GOST1', perCustomerLimit: 1 });
    expect((await order(await guest(), 'GOST1', 'maria.petrova@gmail.com')).status).toBe(201);
    for (const variant of [
      'mariapetrova@gmail.com',
      'maria.petrova+2@gmail.com',
      'Maria.Petrova@GMAIL.com.',
      'm.a.r.i.a.petrova+x@googlemail.com',
    ]) {
      const res = await order(await guest(), 'GOST1', variant);
      expect([variant, res.status, res.body.message]).toEqual([variant, 409, API.discountPerCustomer]);
    }
    await discount({ code: 'GOST2', perCustomerLimit: 1 });
    expect((await order(await guest(), 'GOST2', 'ivan@example.bg')).status).toBe(201);
    for (const variant of ['ivan+2@example.bg', 'ivan@example.bg.', ' IVAN@example.bg ']) {
      expect((await order(await guest(), 'GOST2', variant)).status).toBe(409);
    }
    // Outside Gmail, dots make another mailbox.
    expect((await order(await guest(), 'GOST2', 'i.van@example.bg')).status).toBe(201);
  });

  it('hold across signing in and out: the account and its own e-mail are one customer', async () => {
    await discount({ code: 'SMESENO', perCustomerLimit: 1 });
    const b = await shop.signedIn();
    expect((await order(b, 'SMESENO', b.email)).status).toBe(201);
    expect((await order(await guest(), 'SMESENO', b.email.replace('@', '+guest@'))).status).toBe(409);

    await discount({ code: 'SMESENO2', perCustomerLimit: 1 });
    const u = await shop.user();
    expect((await order(await guest(), 'SMESENO2', u.email)).status).toBe(201);
    const c = shop.browser();
    await c.signIn(u.email, u.password);
    expect((await order(c, 'SMESENO2', 'not.me@example.bg')).status).toBe(409);
  });

  it('allow as many uses as the limit says', async () => {
    await discount({ code: 'TRIPATI', perCustomerLimit: 3 });
    const b = await shop.signedIn();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await order(b, 'TRIPATI', b.email)).status);
    expect(statuses).toEqual([201, 201, 201, 409]);
  });

  it('hold when checkouts race: one use per customer, whatever the concurrency', async () => {
    const d = await discount({ code: 'NADPREVARA', perCustomerLimit: 1 });
    const guests = await Promise.all(Array.from({ length: 8 }, () => guest()));
    const variants = [
      'race.me@gmail.com',
      'raceme@gmail.com',
      'race.me+1@gmail.com',
      'r.a.c.e.me@googlemail.com',
      'RACE.ME@gmail.com.',
      'raceme+2@gmail.com',
      'race.me+3@gmail.com',
      'rac.eme@gmail.com',
    ];
    const results = await Promise.all(guests.map((g, i) => order(g, 'NADPREVARA', variants[i])));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(API.discountPerCustomer);

    // One signed-in customer in several tabs, each with another e-mail.
    const customer = await shop.signedIn();
    const tabs = await Promise.all(Array.from({ length: 6 }, (_, i) => order(customer, 'NADPREVARA', `tab${i}@example.bg`)));
    expect(tabs.map((r) => r.status).sort()).toEqual([201, ...Array(5).fill(409)]);

    expect((await Discount.query().findById(d.id))!.usedCount).toBe(2);
    expect(await Order.query().where({ discountId: d.id }).resultSize()).toBe(2);
  });
});

describe('the code preview (POST /api/discounts/check)', () => {
  const check = (b: Browser, code: string, email?: string) =>
    b.post('/api/discounts/check', { code, items: items(), ...(email ? { email } : {}) });

  it('does not tell a stranger whether an e-mail used a code, but tells the shopper their own use', async () => {
    await discount({ code: 'TAINA', perCustomerLimit: 1 });
    const buyer = await guest();
    expect((await order(buyer, 'TAINA', 'victim@example.bg')).status).toBe(201);

    const stranger = await guest();
    const probe = await check(stranger, 'TAINA', 'victim@example.bg');
    const control = await check(stranger, 'TAINA', 'never.bought@example.bg');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual(control.body);
    // This browser placed the order: it is told.
    const own = await check(buyer, 'TAINA');
    expect([own.status, own.body.message]).toEqual([409, API.discountPerCustomer]);

    const customer = await shop.signedIn();
    expect((await order(customer, 'TAINA', customer.email)).status).toBe(201);
    expect((await check(customer, 'TAINA')).status).toBe(409);
  });

  it(`answers 429 after ${DISCOUNT_CHECKS_PER_SESSION} checks a minute from one session`, async () => {
    await discount({ code: 'CHESTO' });
    const b = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < DISCOUNT_CHECKS_PER_SESSION; i++) statuses.push((await check(b, i % 2 ? 'CHESTO' : `NYAMA${i}`)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const over = await check(b, 'CHESTO');
    expect([over.status, over.body.message]).toEqual([429, API.tooManyCodeChecks]);
    // Another shopper is not held back by this one.
    expect((await check(await guest(), 'CHESTO')).status).toBe(200);
  });

  it('says the minimum order amount with one full stop', async () => {
    await discount({ code: 'MINIMUM50', minSubtotal: 5000 });
    const res = await check(await guest(), 'MINIMUM50');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/50,00\s?лв\.$/);
    expect(res.body.message).not.toMatch(/\.\.$/);
  });
});
