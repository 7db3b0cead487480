// The one price quote (POST /api/checkout/quote) and what placing an order charges, on the demo
// catalogue: the case that once went wrong first — 15 × "Връзка за врат VAP SOLO" at 6,90 лв. with WELCOME10
// is just over the 100 лв. threshold before the discount and under it after, so shipping is paid.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { checkoutBody, mailTo } from './fixtures';
import { seedIfEmpty } from '../src/setup';
import { Order, Variant, Product } from '../src/models';
import { API } from '@domain/messages';

let strap: { productId: number; variantId: number };
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-quote-outbox-'));

const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  await seedIfEmpty(shop.app.knex, { uploadDir: shop.config.uploadDir });
  const product = await Product.query().findOne({ slug: 'vrazka-za-vrat-vap-solo' });
  const variant = await Variant.query().where({ productId: product!.id }).orderBy('position').first();
  strap = { productId: product!.id, variantId: variant!.id };
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const straps = (quantity = 15) => [
  { productId: strap.productId, variantId: strap.variantId, quantity, personalization: '', attributes: [] },
];

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('the quote', () => {
  it('prices 15 neck straps with WELCOME10: shipping judged after the discount', async () => {
    const b = await guest();
    const res = await b.post('/api/checkout/quote', {
      items: straps(),
      shipping: { method: 'econt_office' },
      discountCode: 'welcome10',
      email: 'nov.klient@example.bg',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        subtotal: 103.5,
        discountTotal: 10.35,
        shippingTotal: 5.9,
        total: 99.05,
        currency: 'BGN',
        freeShippingFrom: 100,
        freeShippingMissing: 6.85,
        discount: expect.objectContaining({ code: 'WELCOME10', type: 'percent', value: 10 }),
      }),
    );
    expect(res.body.lines).toEqual([
      expect.objectContaining({ productName: 'Връзка за врат VAP SOLO', quantity: 15, unitPrice: 6.9, lineTotal: 103.5 }),
    ]);
    expect(res.body.shippingOptions).toEqual({ econt_office: 5.9, speedy_office: 5.9, address: 7.9 });
    expect(res.body.discountError).toBeUndefined();
  });

  it('charges exactly the quoted total, and refuses an order whose shown total differs with 409 and the new quote', async () => {
    const b = await guest();
    const email = 'pazar@example.bg';
    const quote = (
      await b.post('/api/checkout/quote', { items: straps(), shipping: { method: 'econt_office' }, discountCode: 'WELCOME10', email })
    ).body;
    const before = await Order.query().resultSize();
    const stockBefore = (await Variant.query().findById(strap.variantId))!.stock;

    // What the old checkout page showed: free shipping, 93,15 лв.
    const stale = await b.post(
      '/api/orders/create',
      checkoutBody(straps(), {
        discountCode: 'WELCOME10',
        expectedTotal: 93.15,
        customer: { firstName: 'Нов', lastName: 'Клиент', email, phone: '+359 88 123 4567' },
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(API.totalChanged('99,05 лв. / 50,64 €'.replace(/ /g, '\u00a0').replace(/\u00a0\/\u00a0/, ' / ')));
    expect(stale.body.errors).toEqual({ expectedTotal: expect.stringContaining('99,05') });
    expect(stale.body.quote).toEqual(expect.objectContaining({ total: 99.05, shippingTotal: 5.9, discountTotal: 10.35, currency: 'BGN' }));
    expect(await Order.query().resultSize()).toBe(before);
    expect((await Variant.query().findById(strap.variantId))!.stock).toBe(stockBefore);

    const placed = await b.post(
      '/api/orders/create',
      checkoutBody(straps(), {
        discountCode: 'WELCOME10',
        expectedTotal: quote.total,
        customer: { firstName: 'Нов', lastName: 'Клиент', email, phone: '+359 88 123 4567' },
      }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.order).toEqual(
      expect.objectContaining({ subtotal: 103.5, discountTotal: 10.35, shippingTotal: 5.9, total: 99.05, currency: 'BGN' }),
    );
    expect(placed.body.order.payments).toEqual([expect.objectContaining({ amount: 99.05, currency: 'BGN' })]);
    const mail = await mailTo(outboxDir, (t) => t.includes(placed.body.order.number));
    expect(mail).toMatch(/Общо: 99,05\sлв\. \/ 50,64\s€/);
  });

  it('places an order without expectedTotal as before (scripts and other clients)', async () => {
    const b = await guest();
    const res = await b.post('/api/orders/create', checkoutBody(straps(2)));
    expect(res.status).toBe(201);
    expect(res.body.order.total).toBe(19.7);
  });

  it('reports a code that does not apply beside the quote, in Bulgarian, and quotes without it', async () => {
    const b = await guest();
    const res = await b.post('/api/checkout/quote', { items: straps(2), shipping: { method: 'address' }, discountCode: 'NYAMA-TAKAV' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        discount: null,
        discountError: API.discountInvalid,
        subtotal: 13.8,
        discountTotal: 0,
        shippingTotal: 7.9,
        total: 21.7,
      }),
    );
    const tooSmall = await b.post('/api/checkout/quote', { items: straps(2), shipping: { method: 'address' }, discountCode: 'SOLO5' });
    expect(tooSmall.body.discountError).toMatch(/^Кодът важи за поръчки над 30,00\sлв\.$/);
  });

  it('quotes a signed-in customer’s server cart when no items are sent, without a shipping method too', async () => {
    const customer = await shop.signedIn();
    await customer.post('/api/cart/add', { productId: strap.productId, variantId: strap.variantId, quantity: 3 }).expect(200);
    const res = await customer.post('/api/checkout/quote', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        subtotal: 20.7,
        shippingTotal: 0,
        total: 20.7,
        shippingMethod: null,
        shippingOptions: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
      }),
    );
    const empty = await (await guest()).post('/api/checkout/quote', { shipping: { method: 'address' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(API.cartEmpty);
  });

  it('answers the discount check with the same quote', async () => {
    const b = await guest();
    const res = await b.post('/api/discounts/check', {
      code: 'WELCOME10',
      items: straps(),
      shippingMethod: 'econt_office',
      email: 'drug@example.bg',
    });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ subtotal: 103.5, discountTotal: 10.35, shippingTotal: 5.9, total: 99.05 });
    expect(res.body.quote.total).toBe(99.05);
    const refused = await b.post('/api/discounts/check', { code: 'NYAMA', items: straps() });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(API.discountInvalid);
  });

  it('refuses bad quote input with 400, never 500', async () => {
    const b = await guest();
    for (const body of [
      { items: 'x' },
      { items: straps(), shipping: { method: 'drone' } },
      { items: straps(), discountCode: 5 },
      { items: straps(), price: 1 },
    ]) {
      const res = await b.post('/api/checkout/quote', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
