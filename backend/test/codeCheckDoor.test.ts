// A discount code is checked through one throttled door, whichever call carries
// it. Before, a wrong code on the order answered 400 „Невалиден код…“ and a right one went
// through (or answered 409 with its quote) however many were tried: codes could be guessed
// through checkout without meeting the code-check throttle.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, discount, checkoutBody } from './fixtures';
import { API } from '@domain/messages';
import { DISCOUNT_CHECKS_PER_SESSION } from '@domain/limits';
import { Order } from '../src/models';

let cat: Catalogue;
const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  await discount({ code: 'PRAVILEN' });
});

const items = () => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}
const order = (b: Browser, code: string) => b.post('/api/orders/create', checkoutBody(items(), { discountCode: code }));
const quote = (b: Browser, code: string) =>
  b.post('/api/checkout/quote', { items: items(), shipping: { method: 'econt_office' }, discountCode: code });

describe('guessing codes', () => {
  it('through the order meets 429 after the limit, and the right code is then not revealed', async () => {
    const b = await guest();
    const statuses: number[] = [];
    for (let i = 0; i < DISCOUNT_CHECKS_PER_SESSION; i++) statuses.push((await order(b, `GRESHEN${i}`)).status);
    expect(statuses).toEqual(Array(DISCOUNT_CHECKS_PER_SESSION).fill(400));
    const ordersBefore = await Order.query().resultSize();
    const right = await order(b, 'PRAVILEN');
    expect([right.status, right.body.message]).toEqual([429, API.tooManyCodeChecks]);
    expect(JSON.stringify(right.body)).not.toContain('PRAVILEN');
    expect(await Order.query().resultSize()).toBe(ordersBefore);
    // An order without a code is no code check: it still goes through.
    expect((await b.post('/api/orders/create', checkoutBody(items()))).status).toBe(201);
  });

  it('through the quote meets 429 after the limit, and the right code is then not revealed', async () => {
    const b = await guest();
    for (let i = 0; i < DISCOUNT_CHECKS_PER_SESSION; i++) {
      const res = await quote(b, `NYAMA${i}`);
      expect([res.status, res.body.discountError]).toEqual([200, API.discountInvalid]);
    }
    const right = await quote(b, 'PRAVILEN');
    expect([right.status, right.body.message]).toEqual([429, API.tooManyCodeChecks]);
    expect(right.body.discount).toBeUndefined();
    // The quote without a code still answers.
    expect((await b.post('/api/checkout/quote', { items: items(), shipping: { method: 'econt_office' } })).status).toBe(200);
  });

  it('counts the check, the quote and the order against one limit', async () => {
    const b = await guest();
    for (let i = 0; i < DISCOUNT_CHECKS_PER_SESSION; i++) {
      const call =
        i % 3 === 0
          ? order(b, `SMESEN${i}`)
          : i % 3 === 1
            ? quote(b, `SMESEN${i}`)
            : b.post('/api/discounts/check', { code: `SMESEN${i}`, items: items() });
      expect((await call).status).not.toBe(429);
    }
    for (const call of [
      () => order(b, 'PRAVILEN'),
      () => quote(b, 'PRAVILEN'),
      () => b.post('/api/discounts/check', { code: 'PRAVILEN', items: items() }),
    ]) {
      const res = await call();
      expect([res.status, res.body.message]).toEqual([429, API.tooManyCodeChecks]);
    }
    // Another shopper is not held back.
    expect((await order(await guest(), 'PRAVILEN')).status).toBe(201);
  });
});
