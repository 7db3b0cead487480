// Idempotent writes: a request sent again with the same Idempotency-Key (a phone that lost the
// answer to „Поръчай“, a browser's retry, a double click, five racing copies) does its work once and
// answers what the first answered; the same key with another body is refused; a key is only ever
// matched within the caller who sent it and is forgotten after a day. The same for the quick order,
// staff's phone orders, recording a payment, credit notes and waybills. Without the header every
// call works as it always did.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, checkoutBody, placeOrder, product, stockOf, approvedCompany } from './fixtures';
import { startCourierStandIn, CourierStandIn } from './courierStandIn';
import { AuditLog, Invoice, Order, Payment, User, Variant } from '../src/models';
import { settled } from '../src/platform/events';
import { officeSyncRunning } from '../src/modules/couriers/offices';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_KEEP_MS, purgeExpiredIdempotencyKeys } from '../src/platform/http/idempotency';
import { API, IDEMPOTENCY } from '@domain/messages';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-idempotency-'));
let shop: TestShop;
let standIn: CourierStandIn;
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let guest: Browser;

const key = () => crypto.randomUUID();
const triples = (quantity = 1) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];

function order(b: Browser, body: object, idempotencyKey?: string) {
  const t = b.post('/api/orders/create', body);
  return idempotencyKey ? t.set('Idempotency-Key', idempotencyKey) : t;
}

async function ordersFor(email: string): Promise<number> {
  return Order.query().where({ customerEmail: email }).resultSize();
}

/** The order confirmations in the outbox for this order number, once every effect has settled. */
async function confirmations(number: string): Promise<number> {
  await settled();
  let n = 0;
  for (const f of fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []) {
    const raw = fs.readFileSync(path.join(outboxDir, f), 'latin1');
    const b64 = /^Subject: =\?UTF-8\?B\?([^?]+)\?=/m.exec(raw)?.[1];
    const subject = b64 ? Buffer.from(b64, 'base64').toString('utf8') : (/^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
    if (subject.includes(`Поръчка ${number} е приета`)) n++;
  }
  return n;
}

beforeAll(async () => {
  standIn = await startCourierStandIn();
  const account = (apiUrl: string) => ({ apiUrl, user: standIn.credentials.user, password: standIn.credentials.password });
  shop = await makeShop({ outboxDir, econt: account(standIn.econtUrl), speedy: account(standIn.speedyUrl) });
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
});
afterAll(async () => {
  await shop.close();
  await standIn.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('the checkout with an Idempotency-Key', () => {
  it('answers a retry with the first answer: one order, one confirmation, stock taken once', async () => {
    const body = checkoutBody(triples(2));
    const stock = await stockOf(cat.triples.variant);
    const k = key();
    const first = await order(guest, body, k);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await order(guest, body, k);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.order.number).toBe(first.body.order.number);
    expect(await ordersFor(body.customer.email)).toBe(1);
    expect(await stockOf(cat.triples.variant)).toBe(stock - 2);
    expect(await confirmations(first.body.order.number)).toBe(1);
    // The guest's browser may open the order it placed.
    expect((await guest.get(`/api/orders/${first.body.order.id}`)).status).toBe(200);
  });

  it('places five racing copies once, each answered with the same order', async () => {
    const body = checkoutBody(triples(1));
    const stock = await stockOf(cat.triples.variant);
    const k = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(guest, body, k)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.order.number)).size).toBe(1);
    expect(await ordersFor(body.customer.email)).toBe(1);
    expect(await stockOf(cat.triples.variant)).toBe(stock - 1);
    expect(await confirmations(answers[0].body.order.number)).toBe(1);
  });

  it('refuses the same key with another body (422) and does nothing', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    expect((await order(guest, body, k)).status).toBe(201);
    const stock = await stockOf(cat.triples.variant);
    const other = { ...body, items: triples(3) };
    const res = await order(guest, other, k);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(IDEMPOTENCY.keyReused);
    expect(await ordersFor(body.customer.email)).toBe(1);
    expect(await stockOf(cat.triples.variant)).toBe(stock);
  });

  it('matches the body whatever the order of its fields', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    const first = await order(guest, body, k);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await order(guest, reordered, k);
    expect(again.status).toBe(201);
    expect(again.body.order.number).toBe(first.body.order.number);
  });

  it('without the header places every request, as before', async () => {
    const body = checkoutBody(triples(1));
    expect((await order(guest, body)).status).toBe(201);
    expect((await order(guest, body)).status).toBe(201);
    expect(await ordersFor(body.customer.email)).toBe(2);
  });

  it('never shows one caller another’s answer for the same key', async () => {
    const k = key();
    const otherGuest = shop.browser();
    await otherGuest.csrf();
    const customer = await shop.signedIn();
    const bodies = [checkoutBody(triples(1)), checkoutBody(triples(1)), checkoutBody(triples(1))];
    const answers = [await order(guest, bodies[0], k), await order(otherGuest, bodies[1], k), await order(customer, bodies[2], k)];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.order.number)).size).toBe(3);
    expect(answers.map((a) => a.headers['idempotent-replayed'])).toEqual([undefined, undefined, undefined]);
    // Even with the same body: another guest's copy is a new order, not the first one's answer.
    const same = await order(otherGuest, bodies[0], k);
    expect(same.status).toBe(422);
  });

  it('forgets a key after a day', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    const first = await order(guest, body, k);
    await shop.app
      .knex('idempotencyKeys')
      .where({ key: k })
      .update({ createdAt: Date.now() - IDEMPOTENCY_KEEP_MS - 60_000 });
    const later = await order(guest, body, k);
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.order.number).not.toBe(first.body.order.number);
    expect(await ordersFor(body.customer.email)).toBe(2);
    // The hourly purge removes what is older than a day, and only that.
    await shop.app
      .knex('idempotencyKeys')
      .where({ key: k })
      .update({ createdAt: Date.now() - IDEMPOTENCY_KEEP_MS - 1 });
    const kept = await shop.app.knex('idempotencyKeys').count({ n: '*' }).first();
    await purgeExpiredIdempotencyKeys(shop.app.knex);
    expect(await shop.app.knex('idempotencyKeys').where({ key: k }).first()).toBeUndefined();
    const left = await shop.app.knex('idempotencyKeys').count({ n: '*' }).first();
    expect(Number(left!.n)).toBe(Number(kept!.n) - 1);
  });

  it('lets a refused first attempt go: the same request may succeed later', async () => {
    const body = checkoutBody([{ productId: cat.last3.id, variantId: cat.last3.variant, quantity: 5 }]);
    const k = key();
    const refused = await order(guest, body, k);
    expect(refused.status).toBe(409);
    await Variant.query().patch({ stock: 10 }).findById(cat.last3.variant);
    const placed = await order(guest, body, k);
    expect(placed.status).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(cat.last3.variant)).toBe(5);
  });

  it('forgets the answers kept for a person’s retries when they close their account', async () => {
    const person = await shop.user('customer');
    const b = shop.browser();
    await b.signIn(person.email, person.password);
    const k = key();
    const placed = await order(b, checkoutBody(triples(1)), k);
    expect(placed.status).toBe(201);
    // The kept answer names the buyer (the order's address): it must not outlive the account.
    expect((await shop.app.knex('idempotency_keys').where({ key: k })).length).toBe(1);
    await Order.query().findById(placed.body.order.id).patch({ status: 'delivered' });
    expect((await b.post('/api/account/close', { password: person.password })).status).toBe(200);
    expect(await shop.app.knex('idempotency_keys').where({ key: k })).toEqual([]);
  });

  it('refuses a key longer than 255 characters (400)', async () => {
    const body = checkoutBody(triples(1));
    const res = await order(guest, body, 'x'.repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.errors['Idempotency-Key']).toBe(IDEMPOTENCY.keyInvalid);
    expect(await ordersFor(body.customer.email)).toBe(0);
    // The draft's quoted form is the same key.
    const k = key();
    const first = await order(guest, body, `"${k}"`);
    expect((await order(guest, body, k)).body.order.number).toBe(first.body.order.number);
  });
});

describe('a process killed around the order', () => {
  it('after the order committed and before its answer was kept: the retry answers that order', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    const first = await order(guest, body, k);
    // As a killed process leaves it: the order's transaction named it, the answer never came.
    await shop.app
      .knex('idempotencyKeys')
      .where({ key: k })
      .update({
        state: 'running',
        responseStatus: null,
        responseBody: null,
        owner: 'an-earlier-run:1',
        claimedAt: Date.now() - ABANDONED_AFTER_MS - 1,
      });
    const retry = await order(guest, body, k);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.order.number).toBe(first.body.order.number);
    expect(await ordersFor(body.customer.email)).toBe(1);
  });

  // SQLite: one process serves the database, so a claim by an earlier run of it is dead at once.
  (process.env.TEST_DATABASE_URL ? it.skip : it)('on SQLite, a retry just after the restart answers that order at once', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    const first = await order(guest, body, k);
    await shop.app
      .knex('idempotencyKeys')
      .where({ key: k })
      .update({ state: 'running', responseStatus: null, responseBody: null, owner: 'an-earlier-run:1', claimedAt: Date.now() });
    const retry = await order(guest, body, k);
    expect(retry.status).toBe(201);
    expect(retry.body.order.number).toBe(first.body.order.number);
  });

  it('before the order committed: the retry places it', async () => {
    const body = checkoutBody(triples(1));
    const k = key();
    const at = Date.now() - ABANDONED_AFTER_MS - 1;
    const first = await order(guest, body, k);
    // As a process killed inside the order's transaction leaves it: the key claimed, no order.
    await Order.query().delete().findById(first.body.order.id);
    await shop.app
      .knex('idempotencyKeys')
      .where({ key: k })
      .update({ state: 'running', effect: null, responseStatus: null, responseBody: null, owner: 'an-earlier-run:1', claimedAt: at });
    const retry = await order(guest, body, k);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersFor(body.customer.email)).toBe(1);
  });
});

describe('the quick order and staff’s phone order', () => {
  it('a member’s quick order sent twice is one order and one invoice', async () => {
    const p = await product('TWINS Под Мента', 'twins-pod-menta-idem', 690, [{ sku: 'POD-ID', name: 'Опаковка', stock: 500 }]);
    const company = await approvedCompany();
    const u = await shop.user('customer');
    await User.query()
      .patch({ companyId: company.id } as Partial<User>)
      .findById(u.id);
    const member = shop.browser();
    await member.signIn(u.email, u.password);
    const body = checkoutBody([{ productId: p.id, variantId: p.variants[0], quantity: 20 }], { paymentMethod: 'bank_transfer' });
    const k = key();
    const [a, b] = [await order(member, body, k), await order(member, body, k)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.order.number).toBe(a.body.order.number);
    expect(await Order.query().where({ companyId: company.id }).resultSize()).toBe(1);
    expect(await Invoice.query().where({ orderId: a.body.order.id }).resultSize()).toBe(1);
    expect(await stockOf(p.variants[0])).toBe(480);
  });

  it('staff’s phone order sent twice is one order, audited once', async () => {
    const body = { ...checkoutBody(triples(2)), staffNote: 'Обади се в 10:15' };
    const k = key();
    const audits = await AuditLog.query().resultSize();
    const first = await admin.post('/api/admin/orders', body).set('Idempotency-Key', k);
    const again = await admin.post('/api/admin/orders', body).set('Idempotency-Key', k);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.message).toBe(API.orderCreated);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersFor(body.customer.email)).toBe(1);
    expect(await AuditLog.query().resultSize()).toBe(audits + 1);
  });
});

describe('staff’s payments, credit notes and waybills', () => {
  it('records a payment once: the repeat is answered as the first, changes and audits nothing', async () => {
    const placed = await placeOrder(guest, triples(1));
    const payment = (await Payment.query().findOne({ orderId: placed.id }))!;
    const k = key();
    const first = await admin.put(`/api/admin/payments/${payment.id}`, { status: 'paid' }).set('Idempotency-Key', k);
    const history = (await admin.get(`/api/admin/orders/${placed.id}`)).body.events.length;
    const again = await admin.put(`/api/admin/payments/${payment.id}`, { status: 'paid' }).set('Idempotency-Key', k);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await admin.get(`/api/admin/orders/${placed.id}`)).body.events.length).toBe(history);
    expect(
      await AuditLog.query()
        .where({ entity: 'payments', entityId: String(payment.id) })
        .resultSize(),
    ).toBe(1);
    // A refund with the payment's key is another request.
    expect((await admin.put(`/api/admin/payments/${payment.id}`, { status: 'refunded' }).set('Idempotency-Key', k)).status).toBe(422);
  });

  it('issues a credit note once under one number', async () => {
    const buyer = await shop.signedIn();
    const companyInvoice = { companyName: 'Фирма ООД', eik: '130175000', mol: 'Иван Иванов', address: 'ул. „Раковска“ 1, София' };
    const placed = await placeOrder(buyer, triples(1), { invoice: companyInvoice });
    const invoice = (await admin.post(`/api/admin/orders/${placed.id}/invoice`, {})).body.invoice;
    expect((await admin.put(`/api/admin/orders/${placed.id}`, { status: 'cancelled' })).status).toBe(200);
    const k = key();
    const first = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {}).set('Idempotency-Key', k);
    const again = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {}).set('Idempotency-Key', k);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.creditNote.number).toBe(first.body.creditNote.number);
    expect(await Invoice.query().where({ invoiceId: invoice.id, kind: 'credit_note' }).resultSize()).toBe(1);
    const other = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Друго' }).set('Idempotency-Key', k);
    expect(other.status).toBe(422);
  });

  it('makes one waybill at the courier', async () => {
    await admin.post('/api/admin/couriers/sync', {});
    await officeSyncRunning('econt');
    const office = (await guest.get('/api/couriers/offices?courier=econt&q=варна')).body.offices[0].id;
    const placed = await placeOrder(guest, triples(1), { shipping: { method: 'econt_office', officeId: office } });
    expect((await admin.put(`/api/admin/orders/${placed.id}`, { status: 'confirmed' })).status).toBe(200);
    const calls = standIn.calls('econt', 'createLabel.json').length;
    const k = key();
    const [first, again] = await Promise.all([
      admin.post(`/api/admin/orders/${placed.id}/shipment`, {}).set('Idempotency-Key', k),
      admin.post(`/api/admin/orders/${placed.id}/shipment`, {}).set('Idempotency-Key', k),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.shipment.waybillNumber).toBe(first.body.shipment.waybillNumber);
    expect(standIn.calls('econt', 'createLabel.json').length).toBe(calls + 1);
  });
});
