// A day of order work in the admin: the tracking number saved with the move, partial refunds
// that say whether stock comes back (and never twice), deletion with a reason, orders by phone.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, stockOf, placeOrder } from './fixtures';
import { API } from '@domain/messages';
import { AuditLog, Order, Payment } from '../src/models';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let guest: Browser;
const triples = (quantity: number) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
});

it('stores the tracking number and the staff note sent with the move to shipped', async () => {
  const order = await placeOrder(guest, triples(1));
  await admin.put(`/api/admin/orders/${order.id}`, { status: 'confirmed' }).expect(200);
  const res = await admin.put(`/api/admin/orders/${order.id}`, {
    status: 'shipped',
    trackingNumber: '1055000111',
    staffNote: 'Пратено с Еконт',
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(expect.objectContaining({ status: 'shipped', trackingNumber: '1055000111', staffNote: 'Пратено с Еконт' }));
  // The plain calls still work: a move without a tracking number, a cancel without a reason.
  const other = await placeOrder(guest, triples(1));
  await admin.put(`/api/admin/orders/${other.id}`, { status: 'confirmed' }).expect(200);
  await admin.put(`/api/admin/orders/${other.id}`, { status: 'shipped' }).expect(200);
  const third = await placeOrder(guest, triples(1));
  expect((await admin.put(`/api/admin/orders/${third.id}`, { status: 'cancelled' })).body.status).toBe('cancelled');
});

it('a cancellation carries its reason into the history', async () => {
  const order = await placeOrder(guest, triples(1));
  const res = await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled', statusNote: 'Клиентът се обади да откаже' });
  expect(res.body.events.at(-1)).toEqual(expect.objectContaining({ toStatus: 'cancelled', note: 'Клиентът се обади да откаже' }));
});

describe('refunds', () => {
  async function paidDelivered(quantity: number) {
    const order = await placeOrder(guest, triples(quantity));
    for (const status of ['confirmed', 'shipped', 'delivered']) await admin.put(`/api/admin/orders/${order.id}`, { status }).expect(200);
    await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'paid' }).expect(200);
    return order;
  }

  it('refunds part of a payment with a reason, and keeps the stock out when asked to', async () => {
    const order = await paidDelivered(2); // 2 × 30.00 + shipping
    const before = await stockOf(cat.triples.variant);
    const res = await admin.put(`/api/admin/orders/${order.id}`, {
      paymentStatus: 'refunded',
      refundAmount: '15.50',
      refundReason: 'Счупен накрайник',
      restock: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe('refunded');
    expect(res.body.payments[0]).toEqual(
      expect.objectContaining({ status: 'refunded', refundedAmount: 15.5, refundReason: 'Счупен накрайник' }),
    );
    expect(res.body.events.at(-1).note).toContain('Частично възстановени 15,50');
    expect(await stockOf(cat.triples.variant)).toBe(before);
  });

  it('puts the stock back once when the refund says so; a later return does not add it again', async () => {
    const order = await paidDelivered(3);
    const before = await stockOf(cat.triples.variant);
    const res = await admin.put(`/api/admin/orders/${order.id}`, {
      paymentStatus: 'refunded',
      refundReason: 'Върната стока',
      restock: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.payments[0].refundedAmount).toBe(res.body.total);
    expect(res.body.stockRestored).toBe(true);
    expect(await stockOf(cat.triples.variant)).toBe(before + 3);
    await admin.put(`/api/admin/orders/${order.id}`, { status: 'returned' }).expect(200);
    expect(await stockOf(cat.triples.variant)).toBe(before + 3);
  });

  it('refuses a refund larger than the payment, in Bulgarian, and changes nothing', async () => {
    const order = await paidDelivered(1);
    const res = await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'refunded', refundAmount: 9999 });
    expect(res.status).toBe(400);
    expect(res.body.errors.refundAmount).toMatch(/най-много/);
    expect((await Payment.query().findOne({ orderId: order.id }))!.status).toBe('paid');
  });
});

describe('deleting an order', () => {
  it('keeps the reason in the audit log and answers the fixed message', async () => {
    const order = await placeOrder(guest, triples(2));
    const before = await stockOf(cat.triples.variant);
    const res = await admin.delete(`/api/admin/orders/${order.id}?reason=${encodeURIComponent('Тестова поръчка')}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.orderDeleted);
    expect(await stockOf(cat.triples.variant)).toBe(before + 2);
    const audit = await AuditLog.query().findOne({ entity: 'order', entityId: String(order.id) });
    expect(audit!.after).toEqual({ reason: 'Тестова поръчка' });
  });

  it('never puts stock back twice: a cancelled order deleted later', async () => {
    const order = await placeOrder(guest, triples(2));
    const before = await stockOf(cat.triples.variant);
    await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled' }).expect(200);
    await admin.delete(`/api/admin/orders/${order.id}`).expect(200);
    expect(await stockOf(cat.triples.variant)).toBe(before + 2);
  });
});

describe('an order taken by phone', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 2, unitPrice: 0.01 }],
    customer: { firstName: 'Георги', lastName: 'Петков', email: 'georgi.phone@example.bg', phone: '0879111222' },
    shipping: { method: 'econt_office', city: 'Пловдив', postcode: '4000', address: 'Еконт, офис Център' },
    paymentMethod: 'cod',
    ageConfirmed: true,
    staffNote: 'Обади се в 10:15',
    ...extra,
  });

  it('is priced by the server, takes stock, records who took it and answers 201 with the fixed message', async () => {
    const before = await stockOf(cat.triples.variant);
    const res = await admin.post('/api/admin/orders', body());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.orderCreated);
    expect(res.body).toEqual(
      expect.objectContaining({ id: expect.any(Number), status: 'pending', subtotal: 60, staffNote: 'Обади се в 10:15' }),
    );
    expect(res.body.events.some((e: any) => e.note === API.takenByPhone(admin.email))).toBe(true);
    expect(await stockOf(cat.triples.variant)).toBe(before - 2);
  });

  it('belongs to the customer’s account when the e-mail is registered', async () => {
    const customer = await shop.user('customer', { email: 'registered.phone@example.bg' });
    const res = await admin.post(
      '/api/admin/orders/create',
      body({ customer: { firstName: 'Ива', lastName: 'Тодорова', email: 'registered.phone@example.bg', phone: '0888000111' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(customer.id);
  });

  it('refuses without items or without the age confirmation, and only staff may', async () => {
    expect((await admin.post('/api/admin/orders', body({ items: [] }))).status).toBe(400);
    const noAge = await admin.post('/api/admin/orders', body({ ageConfirmed: false }));
    expect(noAge.status).toBe(400);
    expect(noAge.body.message).toBe(API.ageRequired);
    expect((await guest.post('/api/admin/orders', body())).status).toBe(401);
    expect(await Order.query().where({ customerEmail: 'georgi.phone@example.bg' }).resultSize()).toBe(1);
  });
});
