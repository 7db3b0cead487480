// The one-way switch to the euro (POST /api/admin/settings/euro) on the demo catalogue: every
// stored price converted at 1.95583 half-up to the cent in one transaction, old orders kept in
// leva, the public answers changed at once, a second switch refused, the audit log written, and
// orders racing the switch each entirely in one currency (run on PostgreSQL with TEST_DATABASE_URL).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { makeShop, TestShop, Browser } from './helpers';
import { checkoutBody, mailTo } from './fixtures';
import { seedIfEmpty } from '../src/setup';
import { AuditLog, Discount, Order, Payment, Product, User, Variant } from '../src/models';
import { API } from '@domain/messages';
import { convertMinor } from '@domain/money';
import { lockCurrencyForOrder } from '../src/modules/settings/currency';
import { lastDays } from '../src/modules/analytics/service';
import { shopDayStart } from '@domain/dates';
import { getSettings } from '../src/modules/settings/service';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-euro-outbox-'));
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

async function seededShop() {
  const shop = await makeShop({ outboxDir });
  await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir });
  const product = await Product.query().findOne({ slug: 'vrazka-za-vrat-vap-solo' });
  const variant = await Variant.query().where({ productId: product!.id }).orderBy('position').first();
  return { shop, strap: { productId: product!.id, variantId: variant!.id } };
}

async function guest(shop: TestShop): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('switching the shop to the euro', () => {
  let shop: TestShop;
  let strap: { productId: number; variantId: number };
  beforeAll(async () => ({ shop, strap } = await seededShop()));
  afterAll(() => shop.close());

  it('converts every price once, keeps old orders in leva, and refuses a second switch', async () => {
    const line = [{ productId: strap.productId, variantId: strap.variantId, quantity: 2, personalization: '', attributes: [] }];
    const before = {
      products: await Product.query().select('id', 'price', 'compareAtPrice'),
      variants: await Variant.query().select('id', 'price'),
      discounts: await Discount.query().select('id', 'code', 'type', 'value', 'minSubtotal'),
      orders: await Order.query().select('id', 'total', 'currency'),
      tradeNetPrices: await shop.app.knex('price_list_prices').select('id', 'netPrice'),
      creditLimits: await shop.app.knex('companies').whereNotNull('creditLimit').select('id', 'creditLimit'),
    };
    // A buyer of a company may place orders up to 200,00 лв. net without an owner; an open
    // invitation promises another buyer 50,00 лв.
    const company = await shop.app.knex('companies').whereNotNull('creditLimit').first('id');
    const buyer = await shop.user('customer');
    await User.query()
      .patch({ companyId: company.id, companyRole: 'buyer', orderLimit: 20000 } as Partial<User>)
      .findById(buyer.id);
    await shop.app.knex('company_invitations').insert({
      companyId: company.id,
      email: 'nov.kupuvach@example.bg',
      role: 'buyer',
      orderLimit: 5000,
      tokenHash: 'a'.repeat(64),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86400000).toISOString(),
    });
    expect(before.products.some((p) => p.compareAtPrice !== null)).toBe(true);
    expect(before.tradeNetPrices.length).toBeGreaterThan(0);
    expect(before.creditLimits.length).toBeGreaterThan(0);
    const oldOrder = (
      await (await guest(shop)).post('/api/orders/create', checkoutBody(line, { paymentMethod: 'bank_transfer' })).expect(201)
    ).body.order;
    expect(oldOrder).toEqual(expect.objectContaining({ total: 19.7, currency: 'BGN' }));
    // The storefront's cached answers before the switch.
    const anon = await guest(shop);
    expect((await anon.get('/api/products/vrazka-za-vrat-vap-solo')).body.product.price).toBe(6.9);
    expect((await anon.get('/api/settings')).body).toEqual(expect.objectContaining({ currency: 'BGN', dualCurrency: true }));

    const customer = await shop.signedIn();
    expect((await customer.post('/api/admin/settings/euro', {})).status).toBe(403);
    const admin = await shop.signedIn('admin');
    const noCsrf = await admin.agent.post('/api/admin/settings/euro').send({});
    expect(noCsrf.status).toBe(403);

    const res = await admin.post('/api/admin/settings/euro', { confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.euroSwitched);
    expect(res.body.currency).toBe('EUR');
    expect(res.body.converted).toEqual({
      productPrices: before.products.length,
      compareAtPrices: before.products.filter((p) => p.compareAtPrice !== null).length,
      variantPrices: before.variants.filter((v) => v.price !== null).length,
      discountValues: before.discounts.filter((d) => d.type === 'fixed').length,
      discountMinimums: before.discounts.length,
      tradeNetPrices: before.tradeNetPrices.length,
      creditLimits: before.creditLimits.length,
      orderLimits: 1,
      invitationOrderLimits: 1,
      quotedNetPrices: 0,
      shippingFees: 3,
      freeShippingThreshold: 1,
    });

    // Every price by the rule: convertMinor, half-up to the cent.
    for (const p of await Product.query().select('id', 'price', 'compareAtPrice')) {
      const was = before.products.find((b) => b.id === p.id)!;
      expect([p.price, p.compareAtPrice]).toEqual([
        convertMinor(was.price, 'BGN', 'EUR'),
        was.compareAtPrice === null ? null : convertMinor(was.compareAtPrice, 'BGN', 'EUR'),
      ]);
    }
    for (const v of await Variant.query().select('id', 'price')) {
      const was = before.variants.find((b) => b.id === v.id)!;
      expect(v.price).toBe(was.price === null ? null : convertMinor(was.price, 'BGN', 'EUR'));
    }
    for (const r of await shop.app.knex('price_list_prices').select('id', 'netPrice')) {
      const was = before.tradeNetPrices.find((b) => b.id === r.id)!;
      expect(r.netPrice).toBe(convertMinor(was.netPrice, 'BGN', 'EUR'));
    }
    for (const c of await shop.app.knex('companies').whereNotNull('creditLimit').select('id', 'creditLimit')) {
      const was = before.creditLimits.find((b) => b.id === c.id)!;
      expect(c.creditLimit).toBe(convertMinor(was.creditLimit, 'BGN', 'EUR'));
    }
    expect((await User.query().findById(buyer.id))!.orderLimit).toBe(convertMinor(20000, 'BGN', 'EUR'));
    expect((await shop.app.knex('company_invitations').first('orderLimit')).orderLimit).toBe(convertMinor(5000, 'BGN', 'EUR'));
    const solo5 = await Discount.query().findOne({ code: 'SOLO5' });
    expect([solo5!.value, solo5!.minSubtotal]).toEqual([256, 1534]); // 5,00 лв. → 2,56 €; 30,00 лв. → 15,34 €
    expect((await Discount.query().findOne({ code: 'WELCOME10' }))!.value).toBe(10); // a percent stays a percent

    // The storefront sees it at once (no stale cache): 6,90 лв. → 3,53 €; fees 5,90 → 3,02; 100 → 51,13.
    expect((await anon.get('/api/products/vrazka-za-vrat-vap-solo')).body.product.price).toBe(3.53);
    expect((await anon.get('/api/settings')).body).toEqual(
      expect.objectContaining({
        currency: 'EUR',
        dualCurrency: true,
        freeShippingThreshold: 51.13,
        shippingFees: { econt_office: 3.02, speedy_office: 3.02, address: 4.04 },
        euroSince: res.body.euroSince,
      }),
    );
    const quote = await anon.post('/api/checkout/quote', { items: line, shipping: { method: 'econt_office' } });
    expect(quote.body).toEqual(
      expect.objectContaining({ currency: 'EUR', subtotal: 7.06, shippingTotal: 3.02, total: 10.08, freeShippingFrom: 51.13 }),
    );

    // Old orders keep their leva; new ones are in euro, with their payment.
    expect((await Order.query().select('id', 'total', 'currency')).map((o) => ({ ...o }))).toEqual([
      ...before.orders.map((o) => ({ ...o })),
      { id: oldOrder.id, total: 1970, currency: 'BGN' },
    ]);
    expect((await Payment.query().findOne({ orderId: oldOrder.id }))!).toEqual(expect.objectContaining({ amount: 1970, currency: 'BGN' }));
    const b = await guest(shop);
    const newOrder = (
      await b.post('/api/orders/create', checkoutBody(line, { expectedTotal: 10.08, paymentMethod: 'bank_transfer' })).expect(201)
    ).body.order;
    expect(newOrder).toEqual(expect.objectContaining({ total: 10.08, currency: 'EUR', subtotal: 7.06 }));
    expect(newOrder.payments).toEqual([expect.objectContaining({ amount: 10.08, currency: 'EUR' })]);
    const mail = await mailTo(outboxDir, (t) => t.includes(newOrder.number));
    expect(mail).toMatch(/Сума: 10,08\s€ \/ 19,71\sлв\./);
    const oldMail = await mailTo(outboxDir, (t) => t.includes(oldOrder.number));
    expect(oldMail).toMatch(/Сума: 19,70\sлв\. \/ 10,07\s€/);

    // The dashboard sums in euro, converting the leva orders at the fixed rate, and says so.
    const dash = (await admin.get('/api/admin/dashboard')).body;
    expect(dash).toEqual(expect.objectContaining({ currency: 'EUR', mixedCurrencies: true }));
    expect(dash.latestOrders.find((o: any) => o.number === oldOrder.number)).toEqual(
      expect.objectContaining({ total: 19.7, currency: 'BGN' }),
    );
    expect(dash.latestOrders.find((o: any) => o.number === newOrder.number)).toEqual(
      expect.objectContaining({ total: 10.08, currency: 'EUR' }),
    );
    const recent = await Order.query()
      .where('createdAt', '>=', shopDayStart(lastDays(30).from).toISOString())
      .whereNotIn('status', ['cancelled', 'returned']);
    const expected = recent.reduce((sum, o) => sum + (o.currency === 'EUR' ? o.total : convertMinor(o.total, 'BGN', 'EUR')), 0);
    expect(dash.monthRevenue).toBe(expected / 100);

    // Once only; the audit log has the switch.
    const again = await admin.post('/api/admin/settings/euro', { confirm: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API.euroAlready);
    expect((await Product.query().findById(strap.productId))!.price).toBe(353);
    const audit = await AuditLog.query().where({ entity: 'settings', action: 'euro' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actorEmail).toBe(admin.email);
  });
});

describe('an order racing the switch', () => {
  let shop: TestShop;
  let strap: { productId: number; variantId: number };
  beforeAll(async () => ({ shop, strap } = await seededShop()));
  afterAll(() => shop.close());

  it('is entirely in leva or entirely in euro, never half of each', async () => {
    const admin = await shop.signedIn('admin');
    const buyers = await Promise.all(Array.from({ length: 8 }, () => guest(shop)));
    const line = [{ productId: strap.productId, variantId: strap.variantId, quantity: 3, personalization: '', attributes: [] }];
    const [switched, ...orders] = await Promise.all([
      admin.post('/api/admin/settings/euro', { confirm: true }),
      ...buyers.map((b) => b.post('/api/orders/create', checkoutBody(line))),
    ]);
    expect(switched.status).toBe(200);
    for (const res of orders) {
      expect(res.status).toBe(201);
      const o = res.body.order;
      const [unit, fee] = o.currency === 'BGN' ? [6.9, 5.9] : [3.53, 3.02];
      expect(o.currency).toMatch(/^(BGN|EUR)$/);
      expect(o.items[0].unitPrice).toBe(unit);
      expect(o.subtotal).toBeCloseTo(unit * 3, 2);
      expect(o.shippingTotal).toBe(fee);
      expect(o.total).toBeCloseTo(unit * 3 + fee, 2);
      expect(o.payments[0]).toEqual(expect.objectContaining({ currency: o.currency, amount: o.total }));
    }
  });

  it('waits for a checkout already in its transaction: that order reads leva and leva prices to the end', async () => {
    const { shop: other, strap: s } = await seededShop();
    try {
      const admin = await other.signedIn('admin');
      let switchAnswered = false;
      let switching: Promise<{ status: number }> | undefined;
      const seen = await Order.transaction(async (trx) => {
        // What checkout does first (modules/checkout/service.ts).
        await lockCurrencyForOrder(trx, Order.tableName);
        const first = await getSettings(trx, { fresh: true });
        switching = admin.post('/api/admin/settings/euro', { confirm: true }).then((r) => {
          switchAnswered = true;
          return r;
        });
        // Give the switch every chance to run meanwhile; it must not get past the lock.
        await new Promise((r) => setTimeout(r, 300));
        const price = (await Product.query(trx).findById(s.productId))!.price;
        const after = await getSettings(trx, { fresh: true });
        return { first: first.currency, price, after: after.currency, switchAnswered };
      });
      expect(seen).toEqual({ first: 'BGN', price: 690, after: 'BGN', switchAnswered: false });
      expect((await switching!).status).toBe(200);
      expect((await Product.query().findById(s.productId))!.price).toBe(353);
    } finally {
      await other.close();
    }
  });
});
