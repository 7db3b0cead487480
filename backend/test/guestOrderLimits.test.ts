// Guest orders. Before, 30–40 guest orders from one address in 0.8 s all
// answered 201 (each taking stock and mailing someone), and one guest order of 40 units emptied
// a variant. Now each guest order counts per source address (IPv6 by its /64), per phone and per
// e-mail: past a soft limit the order asks for a proof of work (ALTCHA) the checkout solves by
// itself, past a hard one it is refused; one guest order takes at most a share of a variant's
// stock. Run with TEST_DATABASE_URL too: the counts are written with the order.
import { solveChallenge } from 'altcha-lib/v1';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, stockOf } from './fixtures';
import { GUEST_ORDER } from '@domain/messages';
import { GUEST_ORDER_LIMITS_DEFAULT } from '@domain/limits';
import { Order, Variant } from '../src/models';

let cat: Catalogue;
let admin: Browser;
const shop = shopForThisFile({ proxy: true, proxyHops: 1 }, { realGuestOrderLimits: true });
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

const limits = (changes: Partial<typeof GUEST_ORDER_LIMITS_DEFAULT>) => admin.put('/api/admin/settings', { guestOrders: changes });
const items = (quantity = 1) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];
let n = 0;
/** A guest order from `ip` with its own phone and e-mail unless given. */
async function order(ip: string, extra: { phone?: string; email?: string; altcha?: string; quantity?: number } = {}) {
  n++;
  const b = shop.browser();
  await b.csrf();
  const body = checkoutBody(items(extra.quantity));
  const customer = {
    ...body.customer,
    phone: extra.phone ?? `+359 87 ${String(1_000_000 + n).slice(1)}`,
    email: extra.email ?? `gost${n}@example.bg`,
  };
  return b.post('/api/orders/create', { ...body, customer, ...(extra.altcha ? { altcha: extra.altcha } : {}) }).set('X-Forwarded-For', ip);
}
/** What the checkout page does with a challenge: solve it and answer ALTCHA's payload. */
async function solve(challenge: {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution!.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

describe('a flood of guest orders from one address', () => {
  beforeAll(async () => {
    expect((await limits({ perAddressSoft: 3, perAddressHard: 6 })).status).toBe(200);
  });
  afterAll(async () => {
    await limits({ perAddressSoft: GUEST_ORDER_LIMITS_DEFAULT.perAddressSoft, perAddressHard: GUEST_ORDER_LIMITS_DEFAULT.perAddressHard });
  });

  it('asks for a proof of work past the soft limit, takes a solved one once, refuses past the hard limit', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++) expect((await order(ip)).status).toBe(201);
    const asked = await order(ip);
    expect([asked.status, asked.body.message]).toEqual([429, GUEST_ORDER.proofNeeded]);
    expect(asked.body.challenge).toMatchObject({
      algorithm: 'SHA-256',
      challenge: expect.any(String),
      salt: expect.any(String),
      signature: expect.any(String),
    });
    const stockBefore = await stockOf(cat.triples.variant);

    const altcha = await solve(asked.body.challenge);
    expect((await order(ip, { altcha })).status).toBe(201);
    expect(await stockOf(cat.triples.variant)).toBe(stockBefore - 1);
    // A solution is single use.
    const again = await order(ip, { altcha });
    expect([again.status, again.body.message, typeof again.body.challenge]).toEqual([429, GUEST_ORDER.proofNeeded, 'object']);
    // A made-up or altered one is no solution.
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(altcha, 'base64').toString()), number: 1 })).toString('base64');
    expect((await order(ip, { altcha: forged })).status).toBe(429);

    let challenge = again.body.challenge;
    for (let i = 0; i < 2; i++) {
      expect((await order(ip, { altcha: await solve(challenge) })).status).toBe(201);
      challenge = (await order(ip)).body.challenge ?? challenge;
    }
    // 6 placed: the hard limit. Even with a solved challenge the next is refused, without a challenge.
    const hard = await order(ip, { altcha: await solve(challenge) });
    expect([hard.status, hard.body.message, hard.body.challenge]).toEqual([429, GUEST_ORDER.tooMany, undefined]);
    // Another address is not held back.
    expect((await order('198.51.100.2')).status).toBe(201);
  });

  it('holds when 40 orders from one address arrive at once: exactly the soft limit goes through', async () => {
    const ip = '203.0.113.99';
    const stockBefore = await stockOf(cat.triples.variant);
    const browsers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const b = shop.browser();
        await b.csrf();
        return b;
      }),
    );
    const answers = await Promise.all(
      browsers.map((b, i) => {
        const body = checkoutBody(items());
        return b
          .post('/api/orders/create', {
            ...body,
            customer: { ...body.customer, phone: `+359 89 ${String(2_000_000 + i).slice(1)}`, email: `naplyv${i}@example.bg` },
          })
          .set('X-Forwarded-For', ip);
      }),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(37).fill(429)]);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.message === GUEST_ORDER.proofNeeded && r.body.challenge)).toBe(true);
    expect(await stockOf(cat.triples.variant)).toBe(stockBefore - 3);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 0; i < 3; i++) expect((await order(`2001:db8:aa:1::${i + 1}`)).status).toBe(201);
    const res = await order('2001:db8:aa:1:ffff::9');
    expect([res.status, res.body.message]).toEqual([429, GUEST_ORDER.proofNeeded]);
    expect((await order('2001:db8:aa:2::1')).status).toBe(201);
  });

  it('counts nothing for an order that is refused', async () => {
    const ip = '203.0.113.50';
    const tooMuch = { quantity: 500 };
    for (let i = 0; i < 5; i++) expect((await order(ip, tooMuch)).status).toBe(409);
    for (let i = 0; i < 3; i++) expect((await order(ip)).status).toBe(201);
  });
});

describe('one phone or one mailbox from many addresses', () => {
  it('is limited per phone, whatever its form', async () => {
    const forms = ['+359 88 765 4321', '0887654321', '00359 887 654 321'];
    for (let i = 0; i < GUEST_ORDER_LIMITS_DEFAULT.perPhoneSoft; i++)
      expect((await order(`192.0.2.${10 + i}`, { phone: forms[i % forms.length] })).status).toBe(201);
    const res = await order('192.0.2.99', { phone: '088 765 43 21' });
    expect([res.status, res.body.message]).toEqual([429, GUEST_ORDER.proofNeeded]);
  });

  it('is limited per e-mail, normalised', async () => {
    const forms = ['kupuvach@example.bg', 'Kupuvach+1@example.bg', 'kupuvach@example.bg.'];
    for (let i = 0; i < GUEST_ORDER_LIMITS_DEFAULT.perEmailSoft; i++)
      expect((await order(`192.0.2.${30 + i}`, { email: forms[i % forms.length] })).status).toBe(201);
    const res = await order('192.0.2.98', { email: 'KUPUVACH+zz@example.bg' });
    expect([res.status, res.body.message]).toEqual([429, GUEST_ORDER.proofNeeded]);
  });
});

describe('the share of a variant one guest order may take', () => {
  /** What one guest order may take of the variant now, by the shop's default share. */
  const guestCap = (stock: number) =>
    Math.max(GUEST_ORDER_LIMITS_DEFAULT.maxUnits, Math.floor((stock * GUEST_ORDER_LIMITS_DEFAULT.maxStockPercent) / 100));
  beforeEach(() => Variant.query().findById(cat.triples.variant).patch({ stock: 100 }));

  it('refuses 80 of 100 with a Bulgarian 409 on the quantity that says how many may be ordered', async () => {
    const allowed = guestCap(100);
    expect(allowed).toBeLessThan(80);
    const res = await order('192.0.2.200', { quantity: 80 });
    expect([res.status, res.body.errors?.['items.0.quantity']]).toEqual([409, GUEST_ORDER.quantityCap(allowed)]);
    expect(await stockOf(cat.triples.variant)).toBe(100);
    expect((await order('192.0.2.201', { quantity: allowed })).status).toBe(201);
    expect(await stockOf(cat.triples.variant)).toBe(100 - allowed);
  });

  it('does not hold back a signed-in customer', async () => {
    const b = await shop.signedIn();
    const res = await b.post('/api/orders/create', checkoutBody(items(guestCap(100) + 1)));
    expect(res.status).toBe(201);
  });
});

describe('the limits in Settings', () => {
  it('staff see and change them; a soft limit above its hard one is refused; shoppers do not see them', async () => {
    const res = await admin.get('/api/admin/settings');
    expect(res.body.guestOrders).toEqual(
      expect.objectContaining({
        perAddressSoft: expect.any(Number),
        perPhoneHard: expect.any(Number),
        maxStockPercent: expect.any(Number),
      }),
    );
    const bad = await limits({ perPhoneSoft: 50, perPhoneHard: 5 });
    expect([bad.status, bad.body.errors?.['guestOrders.perPhoneSoft']]).toEqual([400, GUEST_ORDER.softAboveHard]);
    const negative = await limits({ maxStockPercent: 0 });
    expect(negative.status).toBe(400);
    const ok = await limits({ perEmailSoft: 5 });
    expect([ok.status, ok.body.settings.guestOrders.perEmailSoft, ok.body.settings.guestOrders.perEmailHard]).toEqual([
      200,
      5,
      GUEST_ORDER_LIMITS_DEFAULT.perEmailHard,
    ]);
    expect((await shop.browser().get('/api/settings')).body.guestOrders).toBeUndefined();
    const audit = await admin.get('/api/admin/audit-log');
    expect(JSON.stringify(audit.body)).toContain('guestOrders');
  });

  it('a guest order past none of them answers as before', async () => {
    expect(await Order.query().resultSize()).toBeGreaterThan(0);
    expect((await order('192.0.2.250')).status).toBe(201);
  });
});
