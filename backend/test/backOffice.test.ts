// Settings, the distributors' form, staff notifications and the admin's figures.
import { shopForThisFile, Browser, allKeys } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { API } from '@domain/messages';
import { Category, Notification, Order, Product, User, Variant } from '../src/models';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';
import { shopDay } from '@domain/dates';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('settings', () => {
  it('shows visitors the public settings in BGN decimals, never the private ones', async () => {
    const res = await (await guest()).get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        brand: 'VAP SOLO',
        currency: 'BGN',
        locale: 'bg-BG',
        dualCurrency: true,
        eurRate: 1.95583,
        shippingFees: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
        freeShippingThreshold: 100,
        bank: DEFAULT_SETTINGS.bank,
        contacts: DEFAULT_SETTINGS.contacts,
      }),
    );
    expect(allKeys(res.body)).not.toEqual(expect.arrayContaining(['lowStockThreshold']));
    expect(allKeys(res.body)).not.toEqual(expect.arrayContaining(['twoFactorRequiredForAdmins']));
  });

  it('lets staff change a field of a group without losing the others, and the shop follows', async () => {
    const res = await admin.put('/api/admin/settings', {
      contacts: { phone: '+359 2 123 4567' },
      shippingFees: { address: 8.5 },
      freeShippingThreshold: 150,
      lowStockThreshold: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.settingsSaved);
    expect(res.body.settings.contacts).toEqual({ ...DEFAULT_SETTINGS.contacts, phone: '+359 2 123 4567' });
    expect(res.body.settings.shippingFees).toEqual({ econt_office: 5.9, speedy_office: 5.9, address: 8.5 });
    const open = await (await guest()).get('/api/settings');
    expect(open.body.freeShippingThreshold).toBe(150);
    const record = await admin.get('/api/admin/settings/1');
    expect(record.body).toEqual(expect.objectContaining({ id: 1, lowStockThreshold: 3 }));
    // react-admin sends the record back whole.
    const saved = await admin.put('/api/admin/settings/1', { ...record.body, dualCurrency: false });
    expect(saved.body).toEqual(expect.objectContaining({ id: 1, dualCurrency: false, lowStockThreshold: 3 }));
    await admin
      .put('/api/admin/settings', {
        dualCurrency: true,
        freeShippingThreshold: 100,
        lowStockThreshold: 5,
        contacts: DEFAULT_SETTINGS.contacts,
        shippingFees: { address: 7.9 },
      })
      .expect(200);
  });

  it('refuses bad values and unknown fields, and is for admins only', async () => {
    const cases: Array<[object, string]> = [
      [{ currency: 'USD' }, API.oneOf(['BGN', 'EUR'])],
      [{ shippingFees: { address: -1 } }, API.atLeast(0)],
      [{ bank: { iban: 'not an iban' } }, 'Невалиден IBAN.'],
      [{ secretKey: 'x' }, API.unknownField],
    ];
    for (const [body, message] of cases) {
      const res = await admin.put('/api/admin/settings', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const customer = await shop.signedIn();
    expect((await customer.get('/api/admin/settings')).status).toBe(403);
    expect((await customer.put('/api/admin/settings', { brand: 'X' })).status).toBe(403);
    expect((await (await guest()).get('/api/admin/settings')).status).toBe(401);
  });
});

describe('the distributors’ form', () => {
  it('stores the message, tells the staff, and lists it for them with search', async () => {
    const b = await guest();
    const res = await b.post('/api/contact', {
      name: 'Георги Димитров',
      company: 'Вейп Бургас ООД',
      email: 'G@Example.bg',
      phone: '0888 111 222',
      message: 'Искаме да продаваме TRIPLES в три магазина.',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.contactReceived);
    const notice = await Notification.query().where({ type: 'contact' }).orderBy('id', 'desc').first();
    expect(notice!.message).toContain('Вейп Бургас ООД');
    expect(notice!.link).toBe(`/admin/contact-messages/${res.body.id}/show`);

    const list = await admin.get(`/api/admin/contact-messages?filter=${encodeURIComponent('{"q":"бургас"}')}&range=[0,9]`);
    expect(list.headers['content-range']).toBe('contact-messages 0-0/1');
    expect(list.body[0]).toEqual(expect.objectContaining({ name: 'Георги Димитров', email: 'g@example.bg', isRead: false }));
    expect(list.body[0].searchText).toBeUndefined();
    const read = await admin.put(`/api/admin/contact-messages/${res.body.id}`, { ...list.body[0], isRead: true });
    expect(read.body.isRead).toBe(true);
    expect((await b.get('/api/admin/contact-messages')).status).toBe(401);
  });

  it('refuses an incomplete message and too many from one address', async () => {
    const b = await guest();
    const missing = await b.post('/api/contact', { name: 'А', email: 'a@b.bg' });
    expect([missing.status, missing.body.errors.message]).toEqual([400, API.required]);
    const bad = await b.post('/api/contact', { name: 'А', email: 'no', message: 'x' });
    expect([bad.status, bad.body.message]).toEqual([400, API.invalidEmail]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await b.post('/api/contact', { name: 'Спам', email: 'spam@example.bg', message: `№${i}` })).status);
    // One message was already sent from this address in the test above.
    expect(statuses.filter((s) => s === 201).length).toBeLessThan(6);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('notifications', () => {
  it('tells the staff about a new customer, unread first, with a count and mark-all-read', async () => {
    const b = await guest();
    await b
      .post('/api/auth/register', { email: 'nov.klient@example.bg', password: 'parola-123', firstName: 'Нов', lastName: 'Клиент' })
      .expect(201);
    const count = await admin.get('/api/admin/notifications/unread-count');
    expect(count.body.count).toBeGreaterThan(0);
    const list = await admin.get('/api/admin/notifications?range=[0,99]');
    expect(list.headers['content-range']).toMatch(/^notifications 0-\d+\/\d+$/);
    const customer = list.body.find((n: any) => n.type === 'customer');
    expect(customer).toEqual(
      expect.objectContaining({
        message: expect.stringContaining('nov.klient@example.bg'),
        isRead: false,
        link: expect.stringMatching(/^\/admin\/users\/\d+$/),
      }),
    );
    expect(Object.keys(customer).sort()).toEqual(['createdAt', 'id', 'isRead', 'link', 'message', 'type']);

    await admin.put(`/api/admin/notifications/${customer.id}`, { ...customer, isRead: true }).expect(200);
    const after = await admin.get('/api/admin/notifications?range=[0,99]');
    const firstRead = after.body.findIndex((n: any) => n.isRead);
    expect(after.body.slice(firstRead).every((n: any) => n.isRead)).toBe(true);
    expect((await admin.get('/api/admin/notifications/unread-count')).body.count).toBe(count.body.count - 1);

    const all = await admin.post('/api/admin/notifications/read-all');
    expect(all.body).toEqual({ message: API.notificationsRead, count: count.body.count - 1 });
    expect((await admin.get('/api/admin/notifications/unread-count')).body.count).toBe(0);
  });

  it('tells the staff when an order takes stock down to the low-stock threshold', async () => {
    const b = await guest();
    // last3 has 3 in stock; the threshold is 5.
    await placeOrder(b, [{ productId: cat.last3.id, variantId: cat.last3.variant, quantity: 1 }]);
    const low = await Notification.query().where({ type: 'low_stock' }).orderBy('id', 'desc').first();
    expect(low!.message).toContain('TWINS Лимитиран');
    expect(low!.message).toContain('2');
  });
});

describe('figures', () => {
  beforeAll(async () => {
    // A TWINS and a TRIPLES category so the lines can be told apart.
    const twins = await Category.query().insertAndFetch({ name: 'TWINS', slug: 'twins', position: 0 } as Partial<Category>);
    const triples = await Category.query().insertAndFetch({ name: 'TRIPLES', slug: 'triples', position: 1 } as Partial<Category>);
    const ice = await Category.query().insertAndFetch({
      name: 'TWINS Ice',
      slug: 'twins-ice',
      parentId: twins.id,
      position: 0,
    } as Partial<Category>);
    await Product.query()
      .patch({ categoryId: ice.id } as Partial<Product>)
      .findById(cat.twins.id);
    await Product.query()
      .patch({ categoryId: triples.id } as Partial<Product>)
      .findById(cat.triples.id);
  });

  it('computes revenue, orders, average and top products per period; cancelled orders do not count', async () => {
    await Order.query().delete();
    const b = await guest();
    const one = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 4 }]); // 120.00, free shipping
    await placeOrder(b, [
      {
        productId: cat.twins.id,
        variantId: cat.twins.v0,
        quantity: 1,
        attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
      },
    ]); // 24.90 + 5.90
    const cancelled = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    await admin.put(`/api/admin/orders/${cancelled.id}`, { status: 'cancelled' }).expect(200);
    // An order from 40 days ago is outside the default 30 days.
    const old = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    await Order.query()
      .patch({ createdAt: new Date(Date.now() - 40 * 86400_000).toISOString() } as Partial<Order>)
      .findById(old.id);

    const res = await admin.get('/api/admin/analytics');
    expect(res.status).toBe(200);
    expect(res.body.granularity).toBe('day');
    expect(res.body.series).toHaveLength(30);
    expect(res.body.totals).toEqual(expect.objectContaining({ revenue: 150.8, orders: 2, averageOrderValue: 75.4 }));
    const today = res.body.series.find((s: any) => s.period === shopDay(new Date()));
    expect(today).toEqual({ period: shopDay(new Date()), revenue: 150.8, orders: 2, averageOrderValue: 75.4 });
    expect(res.body.topProducts[0]).toEqual({ productId: cat.triples.id, name: 'TRIPLES Ментол', quantity: 4, revenue: 120 });
    expect(res.body.byCategory).toEqual([
      { category: 'TRIPLES', revenue: 120, quantity: 4 },
      { category: 'TWINS', revenue: 24.9, quantity: 1 },
    ]);
    expect(res.body.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'pending', label: 'Нова', count: 2 },
        { status: 'cancelled', label: 'Отказана', count: 1 },
      ]),
    );
    expect(one.total).toBe(120);
  });

  it('groups by week and month and refuses a bad period', async () => {
    const month = await admin.get('/api/admin/analytics?from=2026-01-01&to=2026-12-31&granularity=month');
    expect(month.body.series.map((s: any) => s.period)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    const week = await admin.get('/api/admin/analytics?from=2026-11-01&to=2026-11-30&granularity=week');
    expect(week.body.series[0].period).toBe('2026-10-26');
    for (const q of ['from=2026-12-01&to=2026-11-01', 'from=2020-01-01&to=2026-01-01', 'from=yesterday', 'granularity=year']) {
      const bad = await admin.get(`/api/admin/analytics?${q}`);
      expect(bad.status).toBe(400);
    }
  });

  it('answers the dashboard: today, 30 days, pending, new customers, low stock, latest orders', async () => {
    await Variant.query()
      .patch({ stock: 1 } as Partial<Variant>)
      .findById(cat.twins.v20);
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ todayRevenue: 150.8, todayOrders: 2, monthRevenue: 150.8, monthOrders: 2, pendingOrders: 3 }),
    );
    expect(res.body.newCustomers).toBe(await User.query().where('role', 'customer').resultSize());
    expect(res.body.lowStock[0]).toEqual(
      expect.objectContaining({ variantId: cat.twins.v20, productName: 'TWINS Плодов микс', variantName: '20 mg', stock: 1 }),
    );
    expect(res.body.latestOrders).toHaveLength(4);
    expect(res.body.latestOrders[0]).toEqual(
      expect.objectContaining({ number: expect.stringMatching(/^VS-/), customerName: 'Мария Иванова', status: expect.any(String) }),
    );
    expect(res.body.revenueSeries).toHaveLength(30);
    expect((await (await shop.signedIn()).get('/api/admin/dashboard')).status).toBe(403);
  });
});
