// One write path per order: every way an order's status or payment changes — staff's
// edit, the payments screen, the waybill, courier tracking, the shopper's cancellation and
// withdrawal — goes through the orders' one transition function: the same refusals, exactly one
// history row per move, and exactly one e-mail per move, sent after the commit and never for a
// change that rolled back.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { startCourierStandIn, CourierStandIn } from './courierStandIn';
import { Order, OrderEvent, Payment } from '../src/models';
import { settled } from '../src/platform/events';
import { API } from '@domain/messages';
import { ORDER_STATUS_LABELS, PAYMENT_RECORD_STATUS_LABELS } from '@domain/orderStatus';

let shop: TestShop;
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let standIn: CourierStandIn;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
let n = 0;

beforeAll(async () => {
  standIn = await startCourierStandIn();
  const account = (apiUrl: string) => ({ apiUrl, user: standIn.credentials.user, password: standIn.credentials.password });
  shop = await makeShop({ outboxDir, econt: account(standIn.econtUrl), speedy: account(standIn.speedyUrl) });
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});
afterAll(async () => {
  await shop.close();
  await standIn.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The messages in the outbox (once every effect started so far has settled) that match. */
async function mails(match: (text: string) => boolean): Promise<string[]> {
  await settled();
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, f), 'latin1')))
    .filter(match);
}

/** The status-change mails about an order telling one sentence (orders/mail STATUS_SENTENCES). */
const statusMails = (number: string, sentence: string) => mails((t) => t.includes(`Поръчка ${number}: ${sentence}`));
/** Every later mail about the order (anything but its confirmation). */
const laterMails = (number: string) => mails((t) => t.includes(number) && !t.includes(`Поръчка ${number} е приета`));

const history = (orderId: number, type: string) => OrderEvent.query().where({ orderId, type }).orderBy('id');

/** A guest's cash-on-delivery order, to its own e-mail (so no cap gets in the way). */
async function newOrder(extra: Record<string, unknown> = {}) {
  const b = shop.browser();
  await b.csrf();
  n += 1;
  const order = await placeOrder(b, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
    customer: { firstName: 'Мария', lastName: 'Петрова', email: `write-paths-${n}@example.bg`, phone: '0888 123 456' },
    ...extra,
  });
  return { b, order };
}

describe('payment rules, whatever the call', () => {
  it('refuses to mark a cancelled order paid through the order edit (409) and changes nothing', async () => {
    const { order } = await newOrder();
    expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled' })).status).toBe(200);
    const res = await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'paid' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.paidOnCancelledOrder);
    const after = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(after.paymentStatus).toBe('unpaid');
    expect(after.payments[0].status).toBe('pending');
    expect(await history(order.id, 'payment')).toHaveLength(0);
  });

  it('refuses the same through the payments screen', async () => {
    const { order } = await newOrder();
    expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled' })).status).toBe(200);
    const payment = await Payment.query().findOne({ orderId: order.id });
    const res = await admin.put(`/api/admin/payments/${payment!.id}`, { status: 'paid' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.paidOnCancelledOrder);
    expect((await admin.get(`/api/admin/payments/${payment!.id}`)).body.status).toBe('pending');
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.paymentStatus).toBe('unpaid');
  });

  it('refuses to refund an unpaid order, by the order and by the payment', async () => {
    const { order } = await newOrder();
    const byOrder = await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'refunded' });
    expect(byOrder.status).toBe(409);
    expect(byOrder.body.message).toBe(
      API.paymentTransitionRefused(PAYMENT_RECORD_STATUS_LABELS.pending, PAYMENT_RECORD_STATUS_LABELS.refunded),
    );
    const payment = await Payment.query().findOne({ orderId: order.id });
    expect((await admin.put(`/api/admin/payments/${payment!.id}`, { status: 'refunded' })).status).toBe(409);
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.paymentStatus).toBe('unpaid');
  });

  it('still refunds part of a paid order, once, with one history row per move', async () => {
    const { order } = await newOrder();
    expect((await admin.put(`/api/admin/orders/${order.id}`, { paymentStatus: 'paid' })).status).toBe(200);
    const res = await admin.put(`/api/admin/orders/${order.id}`, {
      paymentStatus: 'refunded',
      refundAmount: '1.50',
      refundReason: 'Повреден флакон',
    });
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe('refunded');
    expect((await history(order.id, 'payment')).map((e) => e.toStatus)).toEqual(['paid', 'refunded']);
  });
});

describe('every status path: one history row and one mail per move', () => {
  it('staff moves the order: one row and one mail per move', async () => {
    const { order } = await newOrder();
    expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled', statusNote: 'Клиентът се обади' })).status).toBe(200);
    const rows = await history(order.id, 'status');
    expect(rows.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ['pending', 'confirmed'],
      ['confirmed', 'cancelled'],
    ]);
    expect(await statusMails(order.number, 'Поръчката Ви е потвърдена и се подготвя за изпращане.')).toHaveLength(1);
    expect(await statusMails(order.number, 'Поръчката Ви е отказана. Ако сте платили, ще възстановим сумата.')).toHaveLength(1);
    expect(await laterMails(order.number)).toHaveLength(2);
  });

  it('a refused move (409, same texts) writes no row and sends no mail', async () => {
    const { order } = await newOrder();
    const res = await admin.put(`/api/admin/orders/${order.id}`, { status: 'delivered' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(API.transitionRefused(ORDER_STATUS_LABELS.pending, ORDER_STATUS_LABELS.delivered));
    expect(await history(order.id, 'status')).toHaveLength(0);
    expect(await laterMails(order.number)).toHaveLength(0);
  });

  it('a rolled-back change sends no mail: the status move with a refused refund is undone as a whole', async () => {
    const { order } = await newOrder();
    const res = await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled', paymentStatus: 'refunded' });
    expect(res.status).toBe(409);
    const after = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(after.status).toBe('pending');
    expect(after.stockRestored).toBe(false);
    expect(await history(order.id, 'status')).toHaveLength(0);
    expect(await laterMails(order.number)).toHaveLength(0);
  });

  it('the waybill ships the order, and tracking delivers it and marks cash on delivery paid: one row and one mail each', async () => {
    const { order } = await newOrder({
      shipping: { method: 'address', city: 'Пловдив', postcode: '4000', address: 'ул. „Капитан Райчо“ 15' },
    });
    expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'confirmed' })).status).toBe(200);
    const made = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(made.status).toBe(201);
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.status).toBe('shipped');
    expect(await statusMails(order.number, 'Поръчката Ви е изпратена.')).toHaveLength(1);

    standIn.setTracking('econt', made.body.shipment.waybillNumber, { delivered: true, codCollected: true });
    expect((await admin.post('/api/admin/couriers/track', {})).status).toBe(200);
    const after = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(after.status).toBe('delivered');
    expect(after.paymentStatus).toBe('paid');
    expect((await history(order.id, 'status')).map((e) => e.toStatus)).toEqual(['confirmed', 'shipped', 'delivered']);
    expect((await history(order.id, 'payment')).map((e) => e.toStatus)).toEqual(['paid']);
    expect(await statusMails(order.number, 'Поръчката Ви е доставена. Приятно ползване!')).toHaveLength(1);
    // confirmed, shipped, delivered: three moves, three mails (the payment sends none).
    expect(await laterMails(order.number)).toHaveLength(3);

    // Asking again moves nothing and mails nothing.
    await admin.post('/api/admin/couriers/track', {});
    expect(await history(order.id, 'status')).toHaveLength(3);
    expect(await laterMails(order.number)).toHaveLength(3);
  });

  it('the shopper cancels before shipping: one row, the stock back, one mail (the acknowledgement)', async () => {
    const { b, order } = await newOrder();
    const res = await b.post(`/api/orders/${order.id}/withdraw`, {});
    expect(res.status).toBe(200);
    expect(res.body.acknowledgement.kind).toBe('cancellation');
    expect((await history(order.id, 'status')).map((e) => [e.fromStatus, e.toStatus])).toEqual([['pending', 'cancelled']]);
    expect((await Order.query().findById(order.id))!.stockRestoredAt).not.toBeNull();
    const later = await laterMails(order.number);
    expect(later).toHaveLength(1);
    expect(later[0]).toContain(`Поръчка ${order.number} е отказана на`);
  });

  it('the shopper withdraws after delivery: one withdrawal row, one mail', async () => {
    const { b, order } = await newOrder();
    await Order.query()
      .patch({ status: 'delivered', deliveredAt: new Date().toISOString() } as Partial<Order>)
      .findById(order.id);
    const res = await b.post(`/api/orders/${order.id}/withdraw`, { reason: 'Не ми хареса' });
    expect(res.status).toBe(200);
    expect(res.body.acknowledgement.kind).toBe('withdrawal');
    expect(await history(order.id, 'withdrawal')).toHaveLength(1);
    expect(await history(order.id, 'status')).toHaveLength(0);
    const later = await laterMails(order.number);
    expect(later).toHaveLength(1);
    expect(later[0]).toContain(`Получихме отказа Ви от поръчка ${order.number}`);
  });
});
