// Orders racing for the same variants (run it on PostgreSQL too: TEST_DATABASE_URL). The stock is
// taken last in the order's transaction and variant by variant in id order, so orders whose lines
// name the same variants in opposite orders never wait for each other crosswise (PostgreSQL would
// end one of them as a deadlock), and every order that fits the stock is placed.
import { shopForThisFile } from './helpers';
import { product, stockOf, checkoutBody } from './fixtures';
import { Order, Notification } from '../src/models';

const shop = shopForThisFile();

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('orders sharing variants', () => {
  it('all go through when their lines name the same variants in opposite orders', async () => {
    const a = await product('TWINS Диня', 'twins-dinya', 2000, [{ sku: 'CT-A', name: 'Стандартен', stock: 100 }]);
    const b = await product('TWINS Кола', 'twins-kola', 2000, [{ sku: 'CT-B', name: 'Стандартен', stock: 100 }]);
    const lineA = { productId: a.id, variantId: a.variants[0], quantity: 1 };
    const lineB = { productId: b.id, variantId: b.variants[0], quantity: 1 };
    const browsers = await Promise.all(Array.from({ length: 16 }, () => guest()));
    const ordersBefore = await Order.query().resultSize();
    const results = await Promise.all(
      browsers.map((x, i) => x.post('/api/orders/create', checkoutBody(i % 2 ? [lineA, lineB] : [lineB, lineA]))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    expect(await stockOf(a.variants[0])).toBe(84);
    expect(await stockOf(b.variants[0])).toBe(84);
    expect(await Order.query().resultSize()).toBe(ordersBefore + 16);
  });

  it('an order refused for stock leaves no order, notification or stock taken behind', async () => {
    const plenty = await product('TWINS Праскова', 'twins-praskova', 2000, [{ sku: 'CT-P', name: 'Стандартен', stock: 50 }]);
    const scarce = await product('TWINS Грозде', 'twins-grozde', 2000, [{ sku: 'CT-G', name: 'Стандартен', stock: 1 }]);
    const ordersBefore = await Order.query().resultSize();
    const notificationsBefore = await Notification.query().resultSize();
    const res = await (
      await guest()
    ).post(
      '/api/orders/create',
      checkoutBody([
        { productId: plenty.id, variantId: plenty.variants[0], quantity: 2 },
        { productId: scarce.id, variantId: scarce.variants[0], quantity: 1 },
      ]),
    );
    expect(res.status).toBe(201);
    const refused = await (
      await guest()
    ).post(
      '/api/orders/create',
      checkoutBody([
        { productId: plenty.id, variantId: plenty.variants[0], quantity: 2 },
        { productId: scarce.id, variantId: scarce.variants[0], quantity: 1 },
      ]),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('TWINS Грозде');
    expect(await stockOf(plenty.variants[0])).toBe(48);
    expect(await stockOf(scarce.variants[0])).toBe(0);
    expect(await Order.query().resultSize()).toBe(ordersBefore + 1);
    // The placed order's notice and its "sold out" notice; nothing of the refused one.
    expect(await Notification.query().resultSize()).toBe(notificationsBefore + 2);
  });
});
