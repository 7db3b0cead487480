// The admin's figures: GET /api/admin/analytics?from&to&granularity and GET /api/admin/dashboard,
// computed from orders written directly with the models at known instants.
import { shopForThisFile, Browser } from './helpers';
import { product } from './fixtures';
import { API } from '@domain/messages';
import { toMinor } from '@domain/money';
import { shopDay, DAY_MS } from '@domain/dates';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, OrderStatus } from '@domain/orderStatus';
import { Category, Order, OrderItem, Product, Setting, User } from '../src/models';
import { clearSettingsCache } from '../src/modules/settings/service';

let admin: Browser & { userId: number; email: string };
let orderNo = 0;

interface Line {
  productId: number | null;
  name: string;
  unitPrice: number;
  quantity: number;
}

/** An order with its items at a given instant; money in decimal BGN, total = items + shipping. */
async function order(createdAt: string | Date, lines: Line[], status: OrderStatus = 'pending', shipping = 0, customer = 'Мария Иванова') {
  const subtotal = lines.reduce((s, l) => s + toMinor(l.unitPrice) * l.quantity, 0);
  const [firstName, lastName] = customer.split(' ');
  const o = await Order.query().insert({
    number: `VS-T${String(++orderNo).padStart(4, '0')}`,
    status,
    paymentMethod: 'cod',
    customerFirstName: firstName,
    customerLastName: lastName,
    customerEmail: 'maria@example.bg',
    customerPhone: '0888123456',
    shippingMethod: 'econt_office',
    shippingCity: 'София',
    shippingAddress: 'Офис Еконт Витоша',
    subtotal,
    shippingTotal: toMinor(shipping),
    total: subtotal + toMinor(shipping),
    createdAt: new Date(createdAt).toISOString(),
  } as Partial<Order>);
  for (const l of lines) {
    await OrderItem.query().insert({
      orderId: o.id,
      productId: l.productId,
      productName: l.name,
      unitPrice: toMinor(l.unitPrice),
      quantity: l.quantity,
      lineTotal: toMinor(l.unitPrice) * l.quantity,
    } as Partial<OrderItem>);
  }
  return o;
}

async function customerCreatedAt(at: string | Date) {
  const u = await shop.user('customer');
  await User.query()
    .patch({ createdAt: new Date(at).toISOString() } as Partial<User>)
    .findById(u.id);
  return u;
}

let twins: { id: number; variants: number[] };
let twinsIce: { id: number; variants: number[] };
let triples: { id: number; variants: number[] };
let loose: { id: number; variants: number[] };

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
  // Product lines: TWINS (with a sub-category), TRIPLES, and a product with no category.
  const tw = await Category.query().insert({ name: 'TWINS', slug: 'twins', position: 0 } as Partial<Category>);
  const ice = await Category.query().insert({ name: 'TWINS Ice', slug: 'twins-ice', parentId: tw.id, position: 0 } as Partial<Category>);
  const tr = await Category.query().insert({ name: 'TRIPLES', slug: 'triples', position: 1 } as Partial<Category>);
  twins = await product('TWINS Плодов микс', 'twins-plodov-miks', 2490, [{ sku: 'TW-0', name: '0 mg', stock: 100 }]);
  twinsIce = await product('TWINS Ice Мента', 'twins-ice-menta', 2690, [{ sku: 'TI-0', name: '0 mg', stock: 100 }]);
  triples = await product('TRIPLES Ментол', 'triples-mentol', 3000, [{ sku: 'TR-1', name: 'Стандартен', stock: 100 }]);
  loose = await product('Калъф', 'kalaf', 1000, [{ sku: 'KL-1', name: 'Черен', stock: 100 }]);
  await Product.query()
    .patch({ categoryId: tw.id } as Partial<Product>)
    .findById(twins.id);
  await Product.query()
    .patch({ categoryId: ice.id } as Partial<Product>)
    .findById(twinsIce.id);
  await Product.query()
    .patch({ categoryId: tr.id } as Partial<Product>)
    .findById(triples.id);
});

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('who may see the figures', () => {
  it.each(['/api/admin/analytics', '/api/admin/dashboard'])('%s: 401 for a guest, 403 for a customer', async (url) => {
    expect((await (await guest()).get(url)).status).toBe(401);
    const res = await (await shop.signedIn()).get(url);
    expect([res.status, res.body.message]).toEqual([403, API.adminsOnly]);
  });
});

describe('analytics for a period', () => {
  // 1–10 March 2025, shop time (Europe/Sofia is UTC+2 then).
  const range = 'from=2025-03-01&to=2025-03-10';
  let ids: { tw: number; ice: number; tr: number; loose: number };

  beforeAll(async () => {
    await Order.query().delete();
    ids = { tw: twins.id, ice: twinsIce.id, tr: triples.id, loose: loose.id };
    const TW = { productId: ids.tw, name: 'TWINS Плодов микс', unitPrice: 24.9 };
    const ICE = { productId: ids.ice, name: 'TWINS Ice Мента', unitPrice: 26.9 };
    const TR = { productId: ids.tr, name: 'TRIPLES Ментол', unitPrice: 30 };
    // 00:30 on 1 March in Sofia is still 28 February in UTC: it belongs to 1 March.
    await order('2025-02-28T22:30:00Z', [{ ...TW, quantity: 2 }], 'delivered', 5.9); // 55.70
    await order(
      '2025-03-02T10:00:00Z',
      [
        { ...TR, quantity: 3 },
        { ...ICE, quantity: 1 },
      ],
      'confirmed',
    ); // 116.90
    await order('2025-03-02T15:00:00Z', [{ ...TR, quantity: 1 }], 'shipped', 5.9); // 35.90
    await order(
      '2025-03-05T09:00:00Z',
      [
        { productId: ids.loose, name: 'Калъф', unitPrice: 10, quantity: 1 },
        { productId: null, name: 'Изтрит продукт', unitPrice: 5, quantity: 2 },
      ],
      'pending',
    ); // 20.00
    // Not revenue: cancelled and returned. They still count by status.
    await order('2025-03-03T10:00:00Z', [{ ...TR, quantity: 10 }], 'cancelled');
    await order('2025-03-04T10:00:00Z', [{ ...TW, quantity: 5 }], 'returned');
    // Outside: 00:30 on 11 March in Sofia, and the last day of February.
    await order('2025-03-10T22:30:00Z', [{ ...TR, quantity: 7 }], 'delivered');
    await order('2025-02-28T12:00:00Z', [{ ...TR, quantity: 7 }], 'delivered');
    // New customers: two inside (one at the very start), one outside.
    await customerCreatedAt('2025-02-28T22:05:00Z');
    await customerCreatedAt('2025-03-09T12:00:00Z');
    await customerCreatedAt('2025-03-11T12:00:00Z');
  });

  it('answers totals, a series with every day, top products, product lines, statuses and new customers', async () => {
    const res = await admin.get(`/api/admin/analytics?${range}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ from: '2025-03-01', to: '2025-03-10', granularity: 'day' }));
    // 55.70 + 116.90 + 35.90 + 20.00 = 228.50 over 4 orders.
    expect(res.body.totals).toEqual({ revenue: 228.5, orders: 4, averageOrderValue: 57.13, newCustomers: 2 });

    expect(res.body.series).toHaveLength(10);
    expect(res.body.series.map((s: any) => s.period)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`),
    );
    const day = (p: string) => res.body.series.find((s: any) => s.period === p);
    expect(day('2025-03-01')).toEqual({ period: '2025-03-01', revenue: 55.7, orders: 1, averageOrderValue: 55.7 });
    expect(day('2025-03-02')).toEqual({ period: '2025-03-02', revenue: 152.8, orders: 2, averageOrderValue: 76.4 });
    expect(day('2025-03-03')).toEqual({ period: '2025-03-03', revenue: 0, orders: 0, averageOrderValue: 0 });
    expect(day('2025-03-05')).toEqual({ period: '2025-03-05', revenue: 20, orders: 1, averageOrderValue: 20 });
    expect(day('2025-03-10')).toEqual({ period: '2025-03-10', revenue: 0, orders: 0, averageOrderValue: 0 });

    expect(res.body.topProducts).toEqual([
      { productId: ids.tr, name: 'TRIPLES Ментол', quantity: 4, revenue: 120 },
      { productId: ids.tw, name: 'TWINS Плодов микс', quantity: 2, revenue: 49.8 },
      { productId: ids.ice, name: 'TWINS Ice Мента', quantity: 1, revenue: 26.9 },
      { productId: null, name: 'Изтрит продукт', quantity: 2, revenue: 10 },
      { productId: ids.loose, name: 'Калъф', quantity: 1, revenue: 10 },
    ]);
    // A sub-category counts for its top-level line; no category (or a deleted product) is "other".
    expect(res.body.byCategory).toEqual([
      { category: 'TRIPLES', revenue: 120, quantity: 4 },
      { category: 'TWINS', revenue: 76.7, quantity: 3 },
      { category: 'Други', revenue: 20, quantity: 3 },
    ]);
    expect(res.body.byStatus).toEqual(
      ORDER_STATUSES.map((status) => ({
        status,
        label: ORDER_STATUS_LABELS[status],
        count: ({ pending: 1, confirmed: 1, shipped: 1, delivered: 1, cancelled: 1, returned: 1 } as Record<string, number>)[status] ?? 0,
      })),
    );
    expect(res.body.newCustomers).toHaveLength(10);
    expect(res.body.newCustomers.filter((c: any) => c.count)).toEqual([
      { period: '2025-03-01', count: 1 },
      { period: '2025-03-09', count: 1 },
    ]);
  });

  it('groups by ISO week (Monday) and by month, every period present', async () => {
    const week = await admin.get(`/api/admin/analytics?${range}&granularity=week`);
    expect(week.status).toBe(200);
    expect(week.body.granularity).toBe('week');
    // 1 March 2025 is a Saturday.
    expect(week.body.series).toEqual([
      { period: '2025-02-24', revenue: 208.5, orders: 3, averageOrderValue: 69.5 },
      { period: '2025-03-03', revenue: 20, orders: 1, averageOrderValue: 20 },
      { period: '2025-03-10', revenue: 0, orders: 0, averageOrderValue: 0 },
    ]);
    expect(week.body.newCustomers).toEqual([
      { period: '2025-02-24', count: 1 },
      { period: '2025-03-03', count: 1 },
      { period: '2025-03-10', count: 0 },
    ]);
  });

  it('groups by month across a year with zeros where nothing was sold', async () => {
    const month = await admin.get('/api/admin/analytics?from=2025-01-15&to=2025-04-10&granularity=month');
    expect(month.body.series.map((s: any) => s.period)).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    expect(month.body.series[0]).toEqual({ period: '2025-01', revenue: 0, orders: 0, averageOrderValue: 0 });
    // February: the one delivered order on 28 Feb (7 × 30.00).
    expect(month.body.series[1]).toEqual({ period: '2025-02', revenue: 210, orders: 1, averageOrderValue: 210 });
    // March: the four in range plus the one at 00:30 on 11 March.
    expect(month.body.series[2]).toEqual({ period: '2025-03', revenue: 438.5, orders: 5, averageOrderValue: 87.7 });
    expect(month.body.totals).toEqual({ revenue: 648.5, orders: 6, averageOrderValue: 108.08, newCustomers: 3 });
    expect(month.body.newCustomers).toEqual([
      { period: '2025-01', count: 0 },
      { period: '2025-02', count: 0 },
      { period: '2025-03', count: 3 },
      { period: '2025-04', count: 0 },
    ]);
  });

  it('keeps only the ten best-selling products', async () => {
    const lines: Line[] = [];
    for (let i = 1; i <= 12; i++) lines.push({ productId: null, name: `Стар продукт ${i}`, unitPrice: i, quantity: 1 });
    const o = await order('2025-06-15T10:00:00Z', lines, 'delivered');
    const res = await admin.get('/api/admin/analytics?from=2025-06-15&to=2025-06-15');
    expect(res.body.topProducts).toHaveLength(10);
    expect(res.body.topProducts[0]).toEqual({ productId: null, name: 'Стар продукт 12', quantity: 1, revenue: 12 });
    expect(res.body.topProducts.at(-1).name).toBe('Стар продукт 3');
    expect(res.body.series).toEqual([{ period: '2025-06-15', revenue: 78, orders: 1, averageOrderValue: 78 }]);
    await Order.query().deleteById(o.id);
  });

  it('answers zeros for a period without orders', async () => {
    const res = await admin.get('/api/admin/analytics?from=2024-01-01&to=2024-01-03');
    expect(res.body.totals).toEqual({ revenue: 0, orders: 0, averageOrderValue: 0, newCustomers: 0 });
    expect(res.body.series).toHaveLength(3);
    expect(res.body.topProducts).toEqual([]);
    expect(res.body.byCategory).toEqual([]);
    expect(res.body.byStatus.every((s: any) => s.count === 0)).toBe(true);
  });

  it('defaults to the last 30 days, today included', async () => {
    const res = await admin.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    expect(res.body.to).toBe(shopDay(new Date()));
    expect(res.body.series).toHaveLength(30);
    expect(res.body.series.at(-1).period).toBe(shopDay(new Date()));
    expect(res.body.from).toBe(res.body.series[0].period);
  });

  it.each([
    ['to before from', 'from=2025-03-10&to=2025-03-01', API.invalidPeriod],
    ['more than two years', 'from=2022-01-01&to=2025-01-01', API.invalidPeriod],
    ['a date that is not a date', 'from=1.3.2025', API.invalidDate],
    ['a word for a date', 'to=yesterday', API.invalidDate],
    ['an impossible date', 'from=2025-13-40&to=2025-14-01', API.invalidPeriod],
    ['an unknown granularity', 'granularity=year', API.oneOf(['day', 'week', 'month'])],
    ['a repeated parameter', 'from=2025-03-01&from=2025-03-02', API.invalidValue],
  ])('refuses %s with 400', async (_, query, message) => {
    const res = await admin.get(`/api/admin/analytics?${query}`);
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('accepts a span of exactly two years', async () => {
    expect((await admin.get('/api/admin/analytics?from=2023-03-01&to=2025-03-01&granularity=month')).status).toBe(200);
  });
});

describe('the dashboard', () => {
  const now = Date.now();
  const daysAgo = (d: number) => new Date(now - d * DAY_MS);
  let latestNumber: string;

  beforeAll(async () => {
    await Order.query().delete();
    await User.query().where('role', 'customer').delete();
    await Setting.query().insert({ key: 'lowStockThreshold', value: 4 } as Partial<Setting>);
    clearSettingsCache();
    const TR = { productId: triples.id, name: 'TRIPLES Ментол', unitPrice: 30 };
    await order(new Date(now - 60_000), [{ ...TR, quantity: 1 }], 'pending'); // today: 30
    await order(new Date(now - 120_000), [{ ...TR, quantity: 2 }], 'confirmed', 5.9); // today: 65.90
    await order(new Date(now - 180_000), [{ ...TR, quantity: 5 }], 'cancelled'); // today, not revenue
    await order(daysAgo(3), [{ ...TR, quantity: 3 }], 'delivered'); // 90
    await order(daysAgo(29), [{ ...TR, quantity: 1 }], 'pending'); // 30
    await order(daysAgo(45), [{ ...TR, quantity: 9 }], 'pending'); // outside 30 days, still pending
    // More than ten orders in all, so latestOrders is cut at ten.
    for (let i = 0; i < 6; i++) await order(daysAgo(50 + i), [{ ...TR, quantity: 1 }], 'delivered');
    const latest = await order(new Date(now - 1000), [{ ...TR, quantity: 1 }], 'returned', 0, 'Петър Петров');
    latestNumber = latest.number;
    // Customers: two in the last 30 days, one older; admins never count.
    await customerCreatedAt(daysAgo(1));
    await customerCreatedAt(daysAgo(20));
    await customerCreatedAt(daysAgo(40));
  });

  it('answers today, the last 30 days, pending orders and new customers', async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        todayRevenue: 95.9,
        todayOrders: 2,
        monthRevenue: 215.9,
        monthOrders: 4,
        pendingOrders: 3,
        newCustomers: 2,
      }),
    );
    expect(res.body.revenueSeries).toHaveLength(30);
    expect(res.body.revenueSeries.at(-1)).toEqual({ period: shopDay(new Date()), revenue: 95.9, orders: 2, averageOrderValue: 47.95 });
    expect(res.body.revenueSeries.find((s: any) => s.period === shopDay(daysAgo(3)))).toEqual(
      expect.objectContaining({ revenue: 90, orders: 1 }),
    );
    expect(res.body.revenueSeries.reduce((s: number, r: any) => s + r.orders, 0)).toBe(4);
  });

  it('lists the ten latest orders, newest first', async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.body.latestOrders).toHaveLength(10);
    expect(res.body.latestOrders[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        number: latestNumber,
        customerName: 'Петър Петров',
        total: 30,
        status: 'returned',
        createdAt: expect.any(String),
      }),
    );
    const times = res.body.latestOrders.map((o: any) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.latestOrders[1]).toEqual(expect.objectContaining({ customerName: 'Мария Иванова', total: 30, status: 'pending' }));
  });

  it('lists low stock at or under the threshold, active products only, lowest first, at most 20', async () => {
    const none = await admin.get('/api/admin/dashboard');
    expect(none.body.lowStock).toEqual([]);

    const a = await product('Нисък А', 'nisak-a', 1000, [
      { sku: 'LA-1', name: 'Вариант 1', stock: 4 },
      { sku: 'LA-2', name: 'Вариант 2', stock: 5 },
    ]);
    const b = await product('Нисък Б', 'nisak-b', 1000, [{ sku: 'LB-1', name: 'Вариант 1', stock: 0 }]);
    await product('Чернова', 'chernova', 1000, [{ sku: 'DR-1', name: 'Вариант 1', stock: 0 }], 'draft');
    const res = await admin.get('/api/admin/dashboard');
    expect(res.body.lowStock).toEqual([
      { variantId: b.variants[0], productId: b.id, productName: 'Нисък Б', variantName: 'Вариант 1', sku: 'LB-1', stock: 0 },
      { variantId: a.variants[0], productId: a.id, productName: 'Нисък А', variantName: 'Вариант 1', sku: 'LA-1', stock: 4 },
    ]);

    const many = await product(
      'Много',
      'mnogo',
      1000,
      Array.from({ length: 25 }, (_, i) => ({ sku: `MN-${i}`, name: `В${i}`, stock: i % 3 })),
    );
    const full = await admin.get('/api/admin/dashboard');
    expect(full.body.lowStock).toHaveLength(20);
    const stocks = full.body.lowStock.map((v: any) => v.stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));
    expect(full.body.lowStock.some((v: any) => v.productId === many.id)).toBe(true);
  });
});
