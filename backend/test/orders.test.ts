// Checkout and the shopper's orders: POST /api/orders/create, GET /api/orders, GET /api/orders/:id,
// POST /api/orders/:id/withdraw — as a guest and as a customer, with tampered input and races.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, allKeys, SECRET_KEYS } from './helpers';
import { makeCatalogue, Catalogue, stockOf, discount, checkoutBody, placeOrder, mailTo } from './fixtures';
import { API, FORM } from '@domain/messages';
import { Order, Notification, Payment, OrderEvent, Discount, CartItem } from '../src/models';
import { saveSettings, DEFAULT_SETTINGS } from '../src/modules/settings/service';

let cat: Catalogue;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));

const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  cat = await makeCatalogue();
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const berry = (quantity: number, extra: object = {}) => ({
  productId: cat.twins.id,
  variantId: cat.twins.v0,
  quantity,
  personalization: '',
  attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
  ...extra,
});

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

describe('guest checkout', () => {
  it('prices the order on the server, takes the stock and records payment, history and a staff notice', async () => {
    const b = await guest();
    const before = await stockOf(cat.twins.v0);
    // The client claims a price of 0.01 and a total of 1: both are ignored.
    const res = await b.post(
      '/api/orders/create',
      checkoutBody([berry(2, { price: 0.01, unitPrice: 0.01, id: Date.now() })], { total: 1, subtotal: 1 }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.orderCreated);
    const order = res.body.order;
    expect(order.number).toMatch(/^VS-\d{5,}$/);
    expect(order.status).toBe('pending');
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.items).toEqual([
      expect.objectContaining({
        productName: 'TWINS Плодов микс',
        variantName: '0 mg',
        unitPrice: 24.9,
        quantity: 2,
        lineTotal: 49.8,
        attributes: [{ name: 'Вкус 1', value: 'Ягода' }],
      }),
    ]);
    expect(order.subtotal).toBe(49.8);
    expect(order.shippingTotal).toBe(DEFAULT_SETTINGS.shippingFees.econt_office / 100);
    expect(order.total).toBeCloseTo(49.8 + DEFAULT_SETTINGS.shippingFees.econt_office / 100, 2);
    expect(order.customer).toEqual({
      firstName: 'Мария',
      lastName: 'Иванова',
      email: expect.stringMatching(/@example\.bg$/),
      phone: '+359 88 123 4567',
    });
    expect(order.payments).toEqual([
      expect.objectContaining({ method: 'cod', amount: order.total, status: 'pending', reference: order.number }),
    ]);
    expect(order.events).toEqual([expect.objectContaining({ type: 'created', toStatus: 'pending' })]);
    expect(allKeys(res.body).filter((k) => SECRET_KEYS.includes(k) || k === 'staffNote')).toEqual([]);
    expect(await stockOf(cat.twins.v0)).toBe(before - 2);
    const notice = await Notification.query().where({ type: 'order' }).orderBy('id', 'desc').first();
    expect(notice!.message).toContain(order.number);

    // The confirmation e-mail names the order and the items.
    const mail = await mailTo(outboxDir, (t) => t.includes(order.number) && t.includes(order.customer.email));
    expect(mail).toBeDefined();
    expect(mail).toContain('TWINS Плодов микс');
    expect(mail).toContain('Наложен платеж');
  });

  it('lets the guest browser that placed the order see it, and nobody else', async () => {
    const b = await guest();
    const order = await placeOrder(b, [berry(1)]);
    const mine = await b.get(`/api/orders/${order.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.order.number).toBe(order.number);
    const stranger = await guest();
    expect((await stranger.get(`/api/orders/${order.id}`)).status).toBe(404);
    const customer = await shop.signedIn();
    expect((await customer.get(`/api/orders/${order.id}`)).status).toBe(404);
    const admin = await shop.signedIn('admin');
    expect((await admin.get(`/api/orders/${order.id}`)).body.order.number).toBe(order.number);
  });

  it('gives free shipping from the threshold in the settings', async () => {
    const b = await guest();
    // 4 × 30.00 = 120.00 ≥ 100.00
    const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 4 }]);
    expect(order.subtotal).toBe(120);
    expect(order.shippingTotal).toBe(0);
    expect(order.total).toBe(120);
  });

  it('charges the delivery-to-address fee for that method', async () => {
    const b = await guest();
    const order = await placeOrder(b, [berry(1)], {
      shipping: { method: 'address', city: 'Пловдив', postcode: '4000', address: 'ул. Главна 1' },
    });
    expect(order.shippingTotal).toBe(DEFAULT_SETTINGS.shippingFees.address / 100);
  });

  const refusals: Array<[string, () => object, number, string | (() => Promise<string>)]> = [
    ['no age confirmation', () => checkoutBody([berry(1)], { ageConfirmed: false }), 400, API.ageRequired],
    ['terms not accepted', () => checkoutBody([berry(1)], { termsAccepted: false }), 400, API.termsRequired],
    ['an empty cart', () => checkoutBody([]), 400, API.cartEmpty],
    ['no items for a guest', () => checkoutBody(undefined), 400, API.cartEmpty],
    ['an unknown payment method', () => checkoutBody([berry(1)], { paymentMethod: 'card' }), 400, API.oneOf(['cod', 'bank_transfer'])],
    [
      'a bad e-mail',
      () => ({ ...checkoutBody([berry(1)]), customer: { firstName: 'А', lastName: 'Б', email: 'not-an-email', phone: '0888123456' } }),
      400,
      FORM.invalidEmail,
    ],
    [
      'a variant of another product',
      () => checkoutBody([{ productId: cat.triples.id, variantId: cat.twins.v0, quantity: 1 }]),
      400,
      API.variantMismatch,
    ],
    ['a quantity of 0', () => checkoutBody([berry(0)]), 400, API.atLeast(1)],
    [
      'more than the stock',
      () => checkoutBody([{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 500 }]),
      409,
      async () => API.notEnoughStock('TRIPLES Ментол', await stockOf(cat.triples.variant)),
    ],
    ['an unknown field', () => checkoutBody([berry(1)], { isPaid: true }), 400, API.unknownField],
  ];
  it.each(refusals)('refuses %s and changes nothing', async (_what, body, status, message) => {
    const b = await guest();
    const [orders, stock] = [await Order.query().resultSize(), await stockOf(cat.triples.variant)];
    const res = await b.post('/api/orders/create', body());
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(typeof message === 'string' ? message : await message());
    expect(await Order.query().resultSize()).toBe(orders);
    expect(await stockOf(cat.triples.variant)).toBe(stock);
  });

  it('refuses a cookie-session checkout without the CSRF token', async () => {
    const b = shop.browser();
    const res = await b.post('/api/orders/create', checkoutBody([berry(1)]));
    expect(res.status).toBe(403);
  });
});

describe('customer checkout', () => {
  it('orders the server cart, empties it, and lists the order as the customer’s own', async () => {
    const b = await shop.signedIn();
    await b.post('/api/cart/add', berry(1)).expect(200);
    await b.post('/api/cart/add', { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }).expect(200);
    const order = await placeOrder(b, undefined);
    expect(order.items).toHaveLength(2);
    expect(order.subtotal).toBe(54.9);
    expect(await CartItem.query().where({ userId: b.userId }).resultSize()).toBe(0);
    const list = await b.get('/api/orders');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: any) => o.number)).toEqual([order.number]);
    expect((await b.get(`/api/orders/${order.id}`)).status).toBe(200);
    // Another customer neither lists nor opens it.
    const other = await shop.signedIn();
    expect((await other.get('/api/orders')).body.orders).toEqual([]);
    expect((await other.get(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it('lists orders newest first', async () => {
    const b = await shop.signedIn();
    const first = await placeOrder(b, [berry(1)]);
    const second = await placeOrder(b, [berry(1)]);
    expect((await b.get('/api/orders')).body.orders.map((o: any) => o.id)).toEqual([second.id, first.id]);
  });

  it('answers 401 to a guest asking for “my orders”', async () => {
    const b = await guest();
    const res = await b.get('/api/orders');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(API.notSignedIn);
  });
});

describe('discount codes at checkout', () => {
  it('applies a percent code and counts its use', async () => {
    const d = await discount({ code: 'LETO15', type: 'percent', value: 15 });
    const b = await guest();
    const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }], {
      discountCode: 'leto15',
    });
    expect(order.discountCode).toBe('LETO15');
    expect(order.discountTotal).toBe(9);
    expect(order.total).toBeCloseTo(60 - 9 + DEFAULT_SETTINGS.shippingFees.econt_office / 100, 2);
    expect((await Discount.query().findById(d.id))!.usedCount).toBe(1);
  });

  it('keeps the per-customer limit by e-mail, so a guest cannot use a code twice', async () => {
    await discount({ code: 'EDNOKRATNO', type: 'fixed', value: 500, perCustomerLimit: 1 });
    const body = (b: ReturnType<typeof checkoutBody>) => ({
      ...b,
      discountCode: 'EDNOKRATNO',
      customer: { ...b.customer, email: 'same@example.bg' },
    });
    const first = await (await guest()).post('/api/orders/create', body(checkoutBody([berry(1)])));
    expect(first.status).toBe(201);
    expect(first.body.order.discountTotal).toBe(5);
    const again = await (await guest()).post('/api/orders/create', body(checkoutBody([berry(1)])));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API.discountPerCustomer);
  });

  it('refuses an expired code and one below its minimum', async () => {
    await discount({ code: 'STAR', endsAt: '2020-01-01T00:00:00.000Z' });
    await discount({ code: 'GOLYAMA', minSubtotal: 20000 });
    const expired = await (await guest()).post('/api/orders/create', checkoutBody([berry(1)], { discountCode: 'STAR' }));
    expect([expired.status, expired.body.message]).toEqual([400, API.discountExpired]);
    const small = await (await guest()).post('/api/orders/create', checkoutBody([berry(1)], { discountCode: 'GOLYAMA' }));
    expect(small.status).toBe(400);
    expect(small.body.message).toContain('200,00');
  });

  it('previews a code on the cart page with the same totals', async () => {
    await discount({ code: 'PREVIEW10', value: 10 });
    const b = await guest();
    const res = await b.post('/api/discounts/check', {
      code: 'preview10',
      items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }],
      shippingMethod: 'address',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.discountApplied);
    expect(res.body.discount).toEqual({ code: 'PREVIEW10', type: 'percent', value: 10, minSubtotal: 0 });
    expect(res.body.totals).toEqual({
      subtotal: 30,
      discountTotal: 3,
      shippingTotal: DEFAULT_SETTINGS.shippingFees.address / 100,
      total: 27 + DEFAULT_SETTINGS.shippingFees.address / 100,
    });
    const bad = await b.post('/api/discounts/check', {
      code: 'NIAMA',
      items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }],
    });
    expect([bad.status, bad.body.message]).toEqual([400, API.discountInvalid]);
  });
});

describe('races for the last items', () => {
  it('20 simultaneous orders for a variant with 3 in stock give exactly 3 orders and stock 0', async () => {
    const browsers = await Promise.all(Array.from({ length: 20 }, () => guest()));
    const ordersBefore = await Order.query().resultSize();
    const results = await Promise.all(
      browsers.map((b) =>
        b.post('/api/orders/create', checkoutBody([{ productId: cat.last3.id, variantId: cat.last3.variant, quantity: 1 }])),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(results.find((r) => r.status === 409)!.body.message).toContain('TWINS Лимитиран');
    expect(await stockOf(cat.last3.variant)).toBe(0);
    expect(await Order.query().resultSize()).toBe(ordersBefore + 3);
  });

  it('a code with one use left, used by 2 simultaneous orders, succeeds once', async () => {
    const d = await discount({ code: 'POSLEDEN', usageLimit: 1 });
    const [a, b] = await Promise.all([guest(), guest()]);
    const item = [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }];
    const results = await Promise.all([a, b].map((x) => x.post('/api/orders/create', checkoutBody(item, { discountCode: 'POSLEDEN' }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(API.discountUsedUp);
    expect((await Discount.query().findById(d.id))!.usedCount).toBe(1);
  });
});

describe('withdrawal (EU right of withdrawal)', () => {
  it('before shipping is a cancellation that puts the stock back', async () => {
    const b = await shop.signedIn();
    const stock = await stockOf(cat.triples.variant);
    const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2 }]);
    expect(await stockOf(cat.triples.variant)).toBe(stock - 2);
    const res = await b.post(`/api/orders/${order.id}/withdraw`, { confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.cancellationAccepted);
    expect(res.body.acknowledgement).toEqual(expect.objectContaining({ kind: 'cancellation', orderNumber: order.number }));
    expect(res.body.acknowledgement.text).toContain(order.number);
    expect(Date.parse(res.body.acknowledgement.receivedAt)).not.toBeNaN();
    expect(res.body.order.status).toBe('cancelled');
    expect(await stockOf(cat.triples.variant)).toBe(stock);
    expect((await b.post(`/api/orders/${order.id}/withdraw`, {})).status).toBe(409);
  });

  it('after delivery is accepted within 14 days, recorded once, and the staff are told', async () => {
    const b = await shop.signedIn();
    const order = await placeOrder(b, [berry(1)]);
    await Order.query()
      .patch({ status: 'delivered', deliveredAt: new Date(Date.now() - 3 * 86400_000).toISOString() } as Partial<Order>)
      .findById(order.id);
    const res = await b.post(`/api/orders/${order.id}/withdraw`, { reason: 'Не ми хареса вкусът' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.withdrawalAccepted);
    expect(res.body.acknowledgement.kind).toBe('withdrawal');
    expect(res.body.order.withdrawnAt).toBe(res.body.acknowledgement.receivedAt);
    expect(res.body.order.status).toBe('delivered');
    expect(await Notification.query().where({ type: 'withdrawal' }).where('message', 'like', `%${order.number}%`).resultSize()).toBe(1);
    expect(await OrderEvent.query().where({ orderId: order.id, type: 'withdrawal' }).resultSize()).toBe(1);
    const again = await b.post(`/api/orders/${order.id}/withdraw`, {});
    expect([again.status, again.body.message]).toEqual([409, API.alreadyWithdrawn]);
    expect(await mailTo(outboxDir, (t) => t.includes(order.number) && t.includes('Получихме отказа'))).toBeDefined();
  });

  it('is refused after 14 days, to other customers, and to guests', async () => {
    const b = await shop.signedIn();
    const order = await placeOrder(b, [berry(1)]);
    await Order.query()
      .patch({ status: 'delivered', deliveredAt: new Date(Date.now() - 20 * 86400_000).toISOString() } as Partial<Order>)
      .findById(order.id);
    const late = await b.post(`/api/orders/${order.id}/withdraw`, {});
    expect([late.status, late.body.message]).toEqual([409, API.withdrawalWindowClosed]);
    const other = await shop.signedIn();
    expect((await other.post(`/api/orders/${order.id}/withdraw`, {})).status).toBe(404);
    expect((await (await guest()).post(`/api/orders/${order.id}/withdraw`, {})).status).toBe(401);
  });

  it('lets a guest withdraw the order placed in this browser', async () => {
    const b = await guest();
    const order = await placeOrder(b, [berry(1)]);
    const res = await b.post(`/api/orders/${order.id}/withdraw`, {});
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
  });
});

describe('settings drive shipping', () => {
  it('uses the fee and threshold staff saved', async () => {
    await saveSettings({ shippingFees: { econt_office: 450, speedy_office: 500, address: 800 }, freeShippingThreshold: null });
    try {
      const order = await placeOrder(await guest(), [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 4 }]);
      expect(order.shippingTotal).toBe(4.5);
      const payment = await Payment.query().findOne({ orderId: order.id });
      expect(payment!.amount).toBe(12450);
    } finally {
      await saveSettings({ shippingFees: DEFAULT_SETTINGS.shippingFees, freeShippingThreshold: DEFAULT_SETTINGS.freeShippingThreshold });
    }
  });
});
