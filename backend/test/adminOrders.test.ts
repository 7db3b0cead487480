// Staff work on orders, payments and discount codes: the plain order list, react-admin's
// dialect, status moves through the state machine, deletion with an audit record.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, stockOf, discount, placeOrder, mailTo } from './fixtures';
import { API } from '@domain/messages';
import { AuditLog, Order, OrderEvent } from '../src/models';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
/** Orders placed by guests in beforeAll: [0] Мария (1 × 30.00), [1] Петър (3 × 30.00), [2] Мария (1 × 24.90). */
const placed: Array<{ id: number; number: string; total: number }> = [];

const triples = (quantity: number) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];
const customer = (firstName: string, email: string, phone: string) => ({ customer: { firstName, lastName: 'Тестов', email, phone } });

const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  const guest = shop.browser();
  await guest.csrf();
  placed.push(await placeOrder(guest, triples(1), customer('Мария', 'maria@example.bg', '0888111222')));
  placed.push(await placeOrder(guest, triples(3), customer('Петър', 'petar@example.bg', '0899333444')));
  placed.push(
    await placeOrder(
      guest,
      [{ productId: cat.twins.id, variantId: cat.twins.v0, quantity: 1 }],
      customer('Мария', 'maria@example.bg', '0888111222'),
    ),
  );
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('who may', () => {
  it('answers 401 to guests and 403 to customers on every admin order call', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const customerBrowser = await shop.signedIn();
    for (const [b, status] of [
      [guest, 401],
      [customerBrowser, 403],
    ] as const) {
      expect((await b.get('/api/admin/orders')).status).toBe(status);
      expect((await b.get(`/api/admin/orders/${placed[0].id}`)).status).toBe(status);
      expect((await b.put(`/api/admin/orders/${placed[0].id}`, { status: 'confirmed' })).status).toBe(status);
      expect((await b.delete(`/api/admin/orders/${placed[0].id}`)).status).toBe(status);
      expect((await b.get('/api/admin/payments')).status).toBe(status);
      expect((await b.get('/api/admin/discounts')).status).toBe(status);
    }
    expect((await Order.query().findById(placed[0].id))!.status).toBe('pending');
  });
});

describe('the plain order list', () => {
  it('answers { data: { orders, total } }, newest first, ten to a page by default', async () => {
    const res = await admin.get('/api/admin/orders');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.orders.map((o: any) => o.id)).toEqual([placed[2].id, placed[1].id, placed[0].id]);
    expect(res.body.data.orders[0]).toEqual(
      expect.objectContaining({
        number: placed[2].number,
        customer: expect.objectContaining({ email: 'maria@example.bg' }),
        items: expect.any(Array),
        staffNote: '',
      }),
    );
  });

  it('searches over number, names, e-mail and phone', async () => {
    const ids = async (q: string) =>
      (await admin.get(`/api/admin/orders?searchTerm=${encodeURIComponent(q)}`)).body.data.orders.map((o: any) => o.id).sort();
    expect(await ids('петър')).toEqual([placed[1].id]);
    expect(await ids('MARIA@example')).toEqual([placed[0].id, placed[2].id].sort());
    expect(await ids('0899333')).toEqual([placed[1].id]);
    expect(await ids(placed[0].number)).toEqual([placed[0].id]);
    expect(await ids('няма-такъв')).toEqual([]);
  });

  it('filters by status, sorts by total, pages', async () => {
    const byTotal = await admin.get('/api/admin/orders?sortBy=total');
    expect(byTotal.body.data.orders.map((o: any) => o.id)).toEqual([placed[1].id, placed[0].id, placed[2].id]);
    const page2 = await admin.get('/api/admin/orders?page=2&limit=2&sortBy=total');
    expect(page2.body.data.orders.map((o: any) => o.id)).toEqual([placed[2].id]);
    expect(page2.body.data.total).toBe(3);
    const byNumber = await admin.get('/api/admin/orders?sortBy=number');
    expect(byNumber.body.data.orders.map((o: any) => o.number)).toEqual(placed.map((o) => o.number));
    expect((await admin.get('/api/admin/orders?statusFilter=shipped')).body.data).toEqual(
      expect.objectContaining({ orders: [], total: 0 }),
    );
    expect((await admin.get('/api/admin/orders?statusFilter=all')).body.data.total).toBe(3);
  });

  it('refuses an unknown sort or status with a Bulgarian message', async () => {
    const sort = await admin.get('/api/admin/orders?sortBy=password');
    expect([sort.status, sort.body.message]).toEqual([400, API.invalidSort]);
    const status = await admin.get('/api/admin/orders?statusFilter=lost');
    expect(status.status).toBe(400);
  });
});

describe('react-admin’s dialect', () => {
  it('answers a page with Content-Range, filtered and sorted by allowed fields only', async () => {
    const res = await admin.get(
      `/api/admin/orders?sort=${encodeURIComponent('["total","ASC"]')}&range=[0,1]&filter=${encodeURIComponent('{"status":"pending"}')}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('orders 0-1/3');
    expect(res.body.map((o: any) => o.id)).toEqual([placed[2].id, placed[0].id]);
    const q = await admin.get(`/api/admin/orders?filter=${encodeURIComponent('{"q":"петър"}')}&range=[0,24]`);
    expect(q.body.map((o: any) => o.id)).toEqual([placed[1].id]);
    const bad = await admin.get(`/api/admin/orders?sort=${encodeURIComponent('["searchText","ASC"]')}&range=[0,9]`);
    expect([bad.status, bad.body.message]).toEqual([400, API.invalidSort]);
  });

  it('answers one order with items, events and payments', async () => {
    const res = await admin.get(`/api/admin/orders/${placed[1].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: placed[1].id, itemCount: 3, allowedTransitions: ['confirmed', 'cancelled'] }));
    expect(res.body.allowedPaymentMoves).toEqual(['paid']);
    expect(res.body.items[0]).toEqual(expect.objectContaining({ productName: 'TRIPLES Ментол', quantity: 3, unitPrice: 30 }));
    expect(res.body.events).toHaveLength(1);
    expect(res.body.payments[0]).toEqual(expect.objectContaining({ status: 'pending', amount: res.body.total }));
    expect((await admin.get('/api/admin/orders/999999')).status).toBe(404);
  });

  it('counts orders per status for the list’s tabs', async () => {
    const res = await admin.get('/api/admin/orders/counts');
    expect(res.body.counts).toEqual(expect.objectContaining({ pending: expect.any(Number), shipped: expect.any(Number) }));
    expect(Object.values(res.body.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(await Order.query().resultSize());
  });
});

describe('status changes', () => {
  it('moves along the state machine, records who did it, e-mails the customer, and takes a full record back', async () => {
    const id = placed[0].id;
    const record = (await admin.get(`/api/admin/orders/${id}`)).body;
    // react-admin sends the whole record back with the changed fields.
    const res = await admin.put(`/api/admin/orders/${id}`, { ...record, status: 'confirmed', staffNote: 'Обадих се на клиента' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        id,
        status: 'confirmed',
        statusLabel: 'Потвърдена',
        staffNote: 'Обадих се на клиента',
        message: API.orderUpdated,
      }),
    );
    expect(res.body.events.at(-1)).toEqual(
      expect.objectContaining({ type: 'status', fromStatus: 'pending', toStatus: 'confirmed', actorLabel: admin.email }),
    );
    const shipped = await admin.put(`/api/admin/orders/${id}`, { status: 'shipped', trackingNumber: '1055123456' });
    expect(shipped.body).toEqual(expect.objectContaining({ status: 'shipped', trackingNumber: '1055123456' }));
    expect(await mailTo(outboxDir, (t) => t.includes(placed[0].number) && t.includes('1055123456'))).toBeDefined();
  });

  it('refuses a move the state machine does not allow, and changes nothing', async () => {
    const id = placed[0].id; // shipped now
    const res = await admin.put(`/api/admin/orders/${id}`, { status: 'pending', staffNote: 'не трябва да се запише' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.transitionRefused('Изпратена', 'Нова'));
    const after = await Order.query().findById(id);
    expect(after!.status).toBe('shipped');
    expect(after!.staffNote).toBe('Обадих се на клиента');
    expect((await admin.put(`/api/admin/orders/${id}`, { status: 'lost' })).status).toBe(400);
    expect((await admin.put(`/api/admin/orders/${id}`, { total: 0.01, priceOverride: 1 })).status).toBe(400);
  });

  it('puts the stock back when an order is cancelled', async () => {
    const before = await stockOf(cat.triples.variant);
    const res = await admin.put(`/api/admin/orders/${placed[1].id}`, { status: 'cancelled' });
    expect(res.body.status).toBe('cancelled');
    // Nothing is marked paid on a cancelled order: the answer offers no such move.
    expect(res.body.allowedPaymentMoves).toEqual([]);
    expect(await stockOf(cat.triples.variant)).toBe(before + 3);
    // A cancelled order stays cancelled: no stock counted twice.
    expect((await admin.put(`/api/admin/orders/${placed[1].id}`, { status: 'confirmed' })).status).toBe(409);
    expect(await stockOf(cat.triples.variant)).toBe(before + 3);
  });

  it('puts the stock back on a return after delivery', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const order = await placeOrder(guest, triples(2));
    const before = await stockOf(cat.triples.variant);
    for (const status of ['confirmed', 'shipped', 'delivered']) await admin.put(`/api/admin/orders/${order.id}`, { status }).expect(200);
    expect((await Order.query().findById(order.id))!.deliveredAt).toBeTruthy();
    await admin.put(`/api/admin/orders/${order.id}`, { status: 'returned' }).expect(200);
    expect(await stockOf(cat.triples.variant)).toBe(before + 2);
  });
});

describe('payments', () => {
  it('lists payments with the order’s number, marks one paid and refunds it; the order follows', async () => {
    const list = await admin.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ orderId: placed[2].id }))}&range=[0,9]`);
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('payments 0-0/1');
    const payment = list.body[0];
    expect(payment).toEqual(
      expect.objectContaining({
        orderId: placed[2].id,
        orderNumber: placed[2].number,
        method: 'cod',
        status: 'pending',
        customerName: 'Мария Тестов',
      }),
    );

    const paid = await admin.put(`/api/admin/payments/${payment.id}`, { ...payment, status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.paidAt).toBeTruthy();
    expect((await Order.query().findById(placed[2].id))!.paymentStatus).toBe('paid');

    const back = await admin.put(`/api/admin/payments/${payment.id}`, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(API.paymentTransitionRefused('Платено', 'Очаква плащане'));

    await admin.put(`/api/admin/payments/${payment.id}`, { status: 'refunded' }).expect(200);
    expect((await Order.query().findById(placed[2].id))!.paymentStatus).toBe('refunded');
    expect(await OrderEvent.query().where({ orderId: placed[2].id, type: 'payment' }).resultSize()).toBe(2);
  });

  it('filters by status and method and refuses unknown filters', async () => {
    const pending = await admin.get(`/api/admin/payments?filter=${encodeURIComponent('{"status":"pending","method":"cod"}')}&range=[0,99]`);
    expect(pending.body.every((p: any) => p.status === 'pending' && p.method === 'cod')).toBe(true);
    expect((await admin.get(`/api/admin/payments?filter=${encodeURIComponent('{"secret":1}')}&range=[0,9]`)).status).toBe(400);
    expect((await admin.get('/api/admin/payments/999999')).status).toBe(404);
  });

  it('lets staff mark an order paid from the order form too', async () => {
    const res = await admin.put(`/api/admin/orders/${placed[0].id}`, { paymentStatus: 'paid' });
    expect(res.body.paymentStatus).toBe('paid');
    expect(res.body.payments[0].status).toBe('paid');
  });
});

describe('deleting an order', () => {
  it('puts unshipped stock back and keeps the full order in the audit log', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const order = await placeOrder(guest, triples(4));
    const before = await stockOf(cat.triples.variant);
    const res = await admin.delete(`/api/admin/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: order.id, number: order.number, message: API.orderDeleted }));
    expect(await stockOf(cat.triples.variant)).toBe(before + 4);
    expect(await Order.query().findById(order.id)).toBeUndefined();
    const audit = await AuditLog.query().findOne({ entity: 'order', entityId: String(order.id) });
    expect(audit!.action).toBe('delete');
    expect(audit!.actorEmail).toBe(admin.email);
    expect((audit!.before as any).items[0]).toEqual(expect.objectContaining({ productName: 'TRIPLES Ментол', quantity: 4 }));
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).status).toBe(404);
  });
});

describe('discount codes (react-admin resource)', () => {
  it('creates, lists, edits and deletes codes; the code is case-insensitive and unique', async () => {
    const created = await admin.post('/api/admin/discounts', {
      code: 'zima20',
      type: 'percent',
      value: 20,
      minSubtotal: 50,
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        code: 'ZIMA20',
        type: 'percent',
        value: 20,
        minSubtotal: 50,
        usedCount: 0,
        active: true,
      }),
    );
    const dup = await admin.post('/api/admin/discounts', { code: 'Zima20', type: 'fixed', value: 5 });
    expect([dup.status, dup.body.message]).toEqual([409, API.discountCodeTaken]);

    const fixed = await admin.post('/api/admin/discounts', { code: 'MINUS5', type: 'fixed', value: 5.5 });
    expect(fixed.body.value).toBe(5.5);

    const list = await admin.get(`/api/admin/discounts?filter=${encodeURIComponent('{"q":"zima"}')}&range=[0,9]`);
    expect(list.headers['content-range']).toBe('discounts 0-0/1');
    expect(list.body[0].code).toBe('ZIMA20');

    const edited = await admin.put(`/api/admin/discounts/${created.body.id}`, { ...created.body, value: 25, active: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual(expect.objectContaining({ value: 25, active: false }));

    const removed = await admin.delete(`/api/admin/discounts/${created.body.id}`);
    expect(removed.body.code).toBe('ZIMA20');
    expect((await admin.get(`/api/admin/discounts/${created.body.id}`)).status).toBe(404);
  });

  it('refuses values that make no sense, with Bulgarian messages', async () => {
    const cases: Array<[object, string]> = [
      [{ code: 'P150', type: 'percent', value: 150 }, API.discountPercentRange],
      [{ code: 'P0', type: 'percent', value: 0 }, API.discountValueRequired],
      [{ code: 'NOVAL', type: 'fixed' }, API.discountValueRequired],
      [{ code: 'DATES', type: 'percent', value: 5, startsAt: '2026-12-01', endsAt: '2026-11-01' }, API.discountEndsBeforeStart],
      [{ code: 'BAD CODE!', type: 'percent', value: 5 }, 'Кодът съдържа само букви, цифри, тире и долна черта.'],
      [{ code: 'KIND', type: 'gift', value: 5 }, API.oneOf(['percent', 'fixed', 'free_shipping'])],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/admin/discounts', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('shows how often a code was used', async () => {
    const d = await discount({ code: 'BROI', value: 5 });
    const guest = shop.browser();
    await guest.csrf();
    await placeOrder(guest, triples(1), { discountCode: 'broi' });
    expect((await admin.get(`/api/admin/discounts/${d.id}`)).body.usedCount).toBe(1);
  });
});
