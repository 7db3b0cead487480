// Stock is a sum of movements: every way stock changes — a sale, a cancellation, a return, a
// withdrawal, staff's count and correction, the CSV import, a new product or variant — writes one
// movement with its reason, order and user, in the same transaction; a product form never writes
// a kept variant's stock (a form opened before an order would undo the sale); after a mixed
// workload every variant's movements add up to its stock and each one's "stock after" follows
// from the one before; the history is a react-admin list.
import { shopForThisFile, Browser } from './helpers';
import { checkoutBody, placeOrder, stockOf } from './fixtures';
import { Order, StockMovement, Variant } from '../src/models';
import { API } from '@domain/messages';

const shop = shopForThisFile();
let admin: Browser & { userId: number; email: string };
let customer: Browser & { userId: number; email: string };
let guest: Browser;

beforeAll(async () => {
  admin = await shop.signedIn('admin');
  customer = await shop.signedIn();
  guest = shop.browser();
  await guest.csrf();
});

let made = 0;
/** A product created as staff create it (its stock: `initial` movements). */
async function newProduct(stocks: number[], name = 'Продукт') {
  made += 1;
  const res = await admin.post('/api/admin/products', {
    name: `${name} ${made}`,
    price: 10,
    status: 'active',
    description: 'Описание',
    variants: stocks.map((stock, i) => ({ name: `${i * 10} mg`, sku: `MV-${made}-${i}`, stock })),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return {
    id: res.body.id as number,
    slug: res.body.slug as string,
    variants: (res.body.variants as Array<{ id: number }>).map((v) => v.id),
  };
}

const line = (productId: number, variantId: number, quantity: number) => ({ productId, variantId, quantity });
const movementsOf = (variantId: number) => StockMovement.query().where({ variantId }).orderBy('id');
const lastOf = async (variantId: number) => (await movementsOf(variantId)).at(-1)!;

/** Every variant's movements add up to its stock, and each "stock after" is the one before plus its delta. */
async function expectMovementsAccountForStock() {
  const variants = await Variant.query().orderBy('id');
  expect(variants.length).toBeGreaterThan(0);
  for (const v of variants) {
    let running = 0;
    for (const m of await movementsOf(v.id)) {
      running += m.delta;
      expect({ variant: v.id, movement: m.id, stockAfter: m.stockAfter }).toEqual({ variant: v.id, movement: m.id, stockAfter: running });
    }
    expect({ variant: v.id, stock: v.stock }).toEqual({ variant: v.id, stock: running });
  }
}

describe('a product form never writes stock', () => {
  it('keeps the units an order took when the form opened before it is saved (stock 44, 3 sold, stays 41)', async () => {
    const p = await newProduct([44]);
    const opened = (await admin.get(`/api/admin/products/${p.id}`)).body;
    expect(opened.variants[0].stock).toBe(44);
    await placeOrder(customer, [line(p.id, p.variants[0], 3)]);
    expect(await stockOf(p.variants[0])).toBe(41);
    const saved = await admin.put(`/api/admin/products/${p.id}`, { ...opened, description: 'Описание без грешка' });
    expect(saved.status).toBe(200);
    expect(saved.body.description).toBe('Описание без грешка');
    expect(saved.body.variants[0].stock).toBe(41);
    expect(await stockOf(p.variants[0])).toBe(41);
    expect((await movementsOf(p.variants[0])).map((m) => [m.reason, m.delta, m.stockAfter])).toEqual([
      ['initial', 44, 44],
      ['sale', -3, 41],
    ]);
  });

  it('gives a variant added by a save its stock as an `initial` movement by whoever saved', async () => {
    const p = await newProduct([5]);
    const opened = (await admin.get(`/api/admin/products/${p.id}`)).body;
    const res = await admin.put(`/api/admin/products/${p.id}`, {
      ...opened,
      variants: [...opened.variants, { name: '20 mg', sku: `MV-NEW-${p.id}`, stock: 12 }],
    });
    expect(res.status).toBe(200);
    const added = res.body.variants.find((v: any) => v.sku === `MV-NEW-${p.id}`);
    expect(added.stock).toBe(12);
    expect(await lastOf(added.id)).toEqual(
      expect.objectContaining({ reason: 'initial', delta: 12, stockAfter: 12, userId: admin.userId, productId: p.id, orderId: null }),
    );
  });
});

describe('every change of stock is a movement with its reason, order and user', () => {
  it('a new product: `initial`, by the staff member', async () => {
    const p = await newProduct([7, 0]);
    expect(await movementsOf(p.variants[0])).toEqual([
      expect.objectContaining({ reason: 'initial', delta: 7, stockAfter: 7, userId: admin.userId, orderId: null, productId: p.id }),
    ]);
    // Nothing moved, nothing recorded.
    expect(await movementsOf(p.variants[1])).toEqual([]);
  });

  it('a sale: the order and the customer (none for a guest; the staff member for a phone order)', async () => {
    const p = await newProduct([20]);
    const v = p.variants[0];
    const mine = await placeOrder(customer, [line(p.id, v, 2)]);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'sale', delta: -2, stockAfter: 18, orderId: mine.id, userId: customer.userId }),
    );
    const guests = await placeOrder(guest, [line(p.id, v, 1)]);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'sale', delta: -1, stockAfter: 17, orderId: guests.id, userId: null }),
    );
    const byPhone = await admin.post('/api/admin/orders', { ...checkoutBody([line(p.id, v, 4)]), staffNote: '' });
    expect(byPhone.status).toBe(201);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'sale', delta: -4, stockAfter: 13, orderId: byPhone.body.id, userId: admin.userId }),
    );
  });

  it('a sale of two variants (taken one by one after the records): one movement each', async () => {
    const p = await newProduct([10, 10]);
    const order = await placeOrder(customer, [line(p.id, p.variants[0], 1), line(p.id, p.variants[1], 2)]);
    for (const [v, q] of [
      [p.variants[0], 1],
      [p.variants[1], 2],
    ])
      expect(await lastOf(v)).toEqual(expect.objectContaining({ reason: 'sale', delta: -q, stockAfter: 10 - q, orderId: order.id }));
  });

  it('refused stock takes nothing and records nothing (409, the whole order rolled back)', async () => {
    const p = await newProduct([2, 5]);
    const res = await customer.post('/api/orders/create', checkoutBody([line(p.id, p.variants[1], 1), line(p.id, p.variants[0], 3)]));
    expect(res.status).toBe(409);
    expect(res.body.errors['items.1.quantity']).toBeTruthy();
    expect([await stockOf(p.variants[0]), await stockOf(p.variants[1])]).toEqual([2, 5]);
    expect((await movementsOf(p.variants[1])).map((m) => m.reason)).toEqual(['initial']);
  });

  it('stock back: a cancellation by staff or by the shopper, a return, a withdrawal, a refund with restock, a deleted order', async () => {
    const p = await newProduct([50]);
    const v = p.variants[0];
    const byStaff = await placeOrder(customer, [line(p.id, v, 1)]);
    expect((await admin.put(`/api/admin/orders/${byStaff.id}`, { status: 'cancelled' })).status).toBe(200);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'cancellation', delta: 1, orderId: byStaff.id, userId: admin.userId }),
    );

    const byShopper = await placeOrder(customer, [line(p.id, v, 2)]);
    expect((await customer.post(`/api/orders/${byShopper.id}/withdraw`, {})).status).toBe(200);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'cancellation', delta: 2, orderId: byShopper.id, userId: customer.userId }),
    );

    const delivered = async (quantity: number) => {
      const order = await placeOrder(customer, [line(p.id, v, quantity)]);
      for (const status of ['confirmed', 'shipped', 'delivered'])
        expect((await admin.put(`/api/admin/orders/${order.id}`, { status })).status).toBe(200);
      return order;
    };
    const returned = await delivered(3);
    expect((await admin.put(`/api/admin/orders/${returned.id}`, { status: 'returned' })).status).toBe(200);
    expect(await lastOf(v)).toEqual(expect.objectContaining({ reason: 'return', delta: 3, orderId: returned.id, userId: admin.userId }));

    const withdrawn = await delivered(4);
    expect((await customer.post(`/api/orders/${withdrawn.id}/withdraw`, { reason: 'Не ми хареса' })).status).toBe(200);
    // The withdrawal itself moves nothing: the goods are not back yet.
    expect(await lastOf(v)).toEqual(expect.objectContaining({ reason: 'sale', orderId: withdrawn.id }));
    expect((await admin.put(`/api/admin/orders/${withdrawn.id}`, { status: 'returned' })).status).toBe(200);
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'withdrawal', delta: 4, orderId: withdrawn.id, userId: admin.userId }),
    );

    const refunded = await delivered(5);
    expect((await admin.put(`/api/admin/orders/${refunded.id}`, { paymentStatus: 'paid' })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${refunded.id}`, { paymentStatus: 'refunded', restock: true })).status).toBe(200);
    expect(await lastOf(v)).toEqual(expect.objectContaining({ reason: 'return', delta: 5, orderId: refunded.id }));
    // Once per order: the later return adds nothing.
    expect((await admin.put(`/api/admin/orders/${refunded.id}`, { status: 'returned' })).status).toBe(200);
    expect((await StockMovement.query().where({ orderId: refunded.id })).map((m) => m.reason)).toEqual(['sale', 'return']);

    const deleted = await placeOrder(customer, [line(p.id, v, 6)]);
    expect((await admin.delete(`/api/admin/orders/${deleted.id}?reason=${encodeURIComponent('Тестова поръчка')}`)).status).toBe(200);
    expect(await Order.query().findById(deleted.id)).toBeUndefined();
    // The history stays, without the deleted order.
    expect((await movementsOf(v)).slice(-2)).toEqual([
      expect.objectContaining({ reason: 'sale', delta: -6, orderId: null }),
      expect.objectContaining({ reason: 'cancellation', delta: 6, orderId: null, userId: admin.userId }),
    ]);
    expect(await stockOf(v)).toBe(50);
  });

  it('a count: the difference from the books, with the note (a count that finds the books right is kept too)', async () => {
    const p = await newProduct([30]);
    const v = p.variants[0];
    const res = await admin.put(`/api/admin/inventory/${v}`, { stock: 27, note: 'Инвентаризация' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ stock: 27, message: API.stockSaved }));
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'count', delta: -3, stockAfter: 27, note: 'Инвентаризация', userId: admin.userId }),
    );
    expect((await admin.put(`/api/admin/inventory/${v}`, { stock: 27 })).status).toBe(200);
    expect(await lastOf(v)).toEqual(expect.objectContaining({ reason: 'count', delta: 0, stockAfter: 27, note: '' }));
  });

  it('a correction: a signed quantity with a note; never below zero (409 with what there is)', async () => {
    const p = await newProduct([4]);
    const v = p.variants[0];
    const res = await admin.post(`/api/admin/inventory/${v}/adjustments`, { delta: -1, note: 'Повреден при разопаковане' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ stock: 3, message: API.stockAdjusted }));
    expect(await lastOf(v)).toEqual(
      expect.objectContaining({ reason: 'adjustment', delta: -1, stockAfter: 3, note: 'Повреден при разопаковане', userId: admin.userId }),
    );
    const tooMany = await admin.post(`/api/admin/inventory/${v}/adjustments`, { delta: -4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errors.delta).toBe(API.stockWouldGoNegative(3));
    expect((await admin.post(`/api/admin/inventory/${v}/adjustments`, { delta: 0 })).status).toBe(400);
    expect((await admin.post(`/api/admin/inventory/${v}/adjustments`, { delta: 1.5 })).status).toBe(400);
    expect((await admin.post('/api/admin/inventory/999999/adjustments', { delta: 1 })).status).toBe(404);
    expect((await customer.post(`/api/admin/inventory/${v}/adjustments`, { delta: 100 })).status).toBe(403);
    expect(await stockOf(v)).toBe(3);
  });

  it('the CSV import: a stock figure that differs and a new variant are `import` movements', async () => {
    const p = await newProduct([10]);
    const sku = `MV-${made}-0`;
    const file = Buffer.from(
      '\uFEFF' +
        [
          ['Продукт', 'Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност'],
          [`Продукт ${made}`, p.slug, '0 mg', sku, '10,00', '16'],
          [`Продукт ${made}`, p.slug, '3 mg', `${sku}-N`, '10,00', '9'],
        ]
          .map((l) => l.join(';'))
          .join('\r\n'),
      'utf8',
    );
    const res = await admin.agent.post('/api/admin/import/products').set('x-csrf-token', admin.csrfToken).attach('file', file, 'stock.csv');
    expect([res.status, JSON.stringify(res.body.rows?.flatMap((r: any) => r.errors))]).toEqual([200, '[]']);
    expect(await lastOf(p.variants[0])).toEqual(
      expect.objectContaining({ reason: 'import', delta: 6, stockAfter: 16, userId: admin.userId }),
    );
    const added = (await Variant.query().findOne({ sku: `${sku}-N` }))!;
    expect(await movementsOf(added.id)).toEqual([
      expect.objectContaining({ reason: 'import', delta: 9, stockAfter: 9, userId: admin.userId }),
    ]);
  });

  it('a duplicate starts with no stock: no movement', async () => {
    const p = await newProduct([8]);
    const res = await admin.post(`/api/admin/products/${p.id}/duplicate`, {});
    expect(res.status).toBe(201);
    expect(res.body.variants.map((v: any) => v.stock)).toEqual([0]);
    expect(await movementsOf(res.body.variants[0].id)).toEqual([]);
  });
});

it('after a mixed workload the movements account for every variant’s stock', async () => {
  const a = await newProduct([6, 40], 'Смесен');
  const b = await newProduct([25], 'Смесен');
  // Orders racing for the last units of a.0, beside others.
  const buyers = await Promise.all(Array.from({ length: 4 }, () => shop.signedIn()));
  const raced = await Promise.all(
    buyers.map((buyer, i) =>
      buyer.post('/api/orders/create', checkoutBody([line(a.id, a.variants[0], 2), line(b.id, b.variants[0], i + 1)])),
    ),
  );
  expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
  expect(await stockOf(a.variants[0])).toBe(0);
  const orders = raced.filter((r) => r.status === 201).map((r) => r.body.order);
  expect((await admin.put(`/api/admin/orders/${orders[0].id}`, { status: 'cancelled' })).status).toBe(200);
  const one = await placeOrder(customer, [line(a.id, a.variants[1], 5)]);
  for (const status of ['confirmed', 'shipped', 'delivered']) await admin.put(`/api/admin/orders/${one.id}`, { status });
  await customer.post(`/api/orders/${one.id}/withdraw`, {});
  await admin.put(`/api/admin/orders/${one.id}`, { status: 'returned' });
  const two = await placeOrder(guest, [line(b.id, b.variants[0], 2)]);
  for (const status of ['confirmed', 'shipped', 'delivered', 'returned']) await admin.put(`/api/admin/orders/${two.id}`, { status });
  await admin.put(`/api/admin/inventory/${a.variants[1]}`, { stock: 38, note: 'Преброяване' });
  await admin.post(`/api/admin/inventory/${b.variants[0]}/adjustments`, { delta: 3, note: 'Намерени' });
  const opened = (await admin.get(`/api/admin/products/${b.id}`)).body;
  await placeOrder(customer, [line(b.id, b.variants[0], 1)]);
  await admin.put(`/api/admin/products/${b.id}`, { ...opened, name: `${opened.name} (нов)` });
  await admin.post(`/api/admin/products/${a.id}/duplicate`, {});
  await expectMovementsAccountForStock();
});

describe('GET /api/admin/stock-movements (react-admin)', () => {
  let p: Awaited<ReturnType<typeof newProduct>>;
  beforeAll(async () => {
    p = await newProduct([9, 3], 'Списък');
    await admin.post(`/api/admin/inventory/${p.variants[0]}/adjustments`, { delta: -2, note: 'Мостра' });
    await placeOrder(customer, [line(p.id, p.variants[0], 1)]);
  });
  const list = (filter: object, sort = '["id","ASC"]', range = '[0,24]') =>
    admin.get(
      `/api/admin/stock-movements?range=${range}&sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );

  it('filters by product and variant, sorts and pages, with Content-Range', async () => {
    const all = await list({ productId: p.id });
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toBe('stock-movements 0-3/4');
    expect(all.body.map((m: any) => [m.sku, m.reason, m.delta, m.stockAfter])).toEqual([
      [`MV-${made}-0`, 'initial', 9, 9],
      [`MV-${made}-1`, 'initial', 3, 3],
      [`MV-${made}-0`, 'adjustment', -2, 7],
      [`MV-${made}-0`, 'sale', -1, 6],
    ]);
    const sale = all.body[3];
    expect(sale).toEqual(
      expect.objectContaining({
        productId: p.id,
        productName: `Списък ${made}`,
        variantName: '0 mg',
        orderId: expect.any(Number),
        orderNumber: expect.stringMatching(/^VS-/),
        userEmail: customer.email,
        note: '',
        createdAt: expect.any(String),
      }),
    );
    expect(all.body[2]).toEqual(expect.objectContaining({ note: 'Мостра', userEmail: admin.email }));
    const ofVariant = await list({ variantId: p.variants[0] }, '["createdAt","DESC"]', '[0,1]');
    expect(ofVariant.headers['content-range']).toBe('stock-movements 0-1/3');
    expect(ofVariant.body.map((m: any) => m.reason)).toEqual(['sale', 'adjustment']);
  });

  it('filters by reason and date range', async () => {
    expect((await list({ productId: p.id, reason: 'initial' })).body).toHaveLength(2);
    expect((await list({ productId: p.id, reason: ['sale', 'adjustment'] })).body).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ productId: p.id, createdAt_gte: today, createdAt_lte: today })).body).toHaveLength(4);
    expect((await list({ productId: p.id, createdAt_lte: '2020-01-01' })).body).toHaveLength(0);
  });

  it('refuses unknown reasons, filters and sorts (400), and everyone but staff', async () => {
    expect((await list({ reason: 'theft' })).status).toBe(400);
    expect((await list({ colour: 'red' })).status).toBe(400);
    expect((await list({}, '["note","ASC"]')).status).toBe(400);
    expect((await list({ createdAt_gte: 'вчера' })).status).toBe(400);
    expect((await customer.get('/api/admin/stock-movements')).status).toBe(403);
  });
});
