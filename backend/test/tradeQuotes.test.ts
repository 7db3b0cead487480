// Quotes: a member of an approved company asks for a price on a basket, staff answer with net prices
// and a validity date (or decline with a reason) and the member is mailed; the member turns an
// answered quote into one order at those prices (its lines, totals and invoice), once, within its
// validity, with stock taken as for any order; another company's quote is not theirs to see.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, approvedCompany, memberOf, mailTo, stockOf } from './fixtures';
import { Company, CompanyShop, Invoice, Order, QuoteRequest } from '../src/models';
import { settled } from '../src/platform/events';
import { QUOTE_TEXT, QUOTE_OPEN_MAX } from '@domain/quoteTexts';
import { addDays, shopDay } from '@domain/dates';
import { formatBgDate } from '@domain/dateInput';
import { convertMinor, type Currency } from '@domain/money';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-quotes-outbox-'));
const shop = shopForThisFile({ outboxDir });

let cat: Catalogue;
let admin: Browser;
let acme: Company;
let other: Company;
let member: Browser & { userId: number; email: string };
let stranger: Browser & { userId: number; email: string };
let consumer: Browser & { userId: number };
let acmeShop: CompanyShop;

const today = () => shopDay(new Date());
const ask = (b: Browser, lines: object[], note = 'За новия обект') => b.post('/api/trade/quote-requests', { lines, note });
const orderBody = (extra: Record<string, unknown> = {}) => ({
  shipping: { method: 'address', companyShopId: acmeShop.id },
  paymentMethod: 'bank_transfer',
  ...extra,
});

/** A request of the member's company, answered by staff at these prices. */
async function answered(lines: Array<{ variantId: number; quantity: number; netPrice: number }>, validUntil = addDays(today(), 14)) {
  const asked = await ask(
    member,
    lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
  );
  expect(asked.status).toBe(201);
  const res = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, { lines, validUntil, version: asked.body.version });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  acme = await approvedCompany();
  other = await approvedCompany({ name: 'Друга Фирма ЕООД', eik: '831642181', contactEmail: 'office@druga.example.bg' });
  acmeShop = await CompanyShop.query().insertAndFetch({
    companyId: acme.id,
    name: 'Обект Център',
    city: 'Пловдив',
    address: 'ул. „Главна“ 1',
    phone: '',
    listed: true,
    position: 0,
  } as Partial<CompanyShop>);
  member = await memberOf(shop, acme);
  stranger = await memberOf(shop, other);
  consumer = await shop.signedIn('customer');
});
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
afterEach(() => settled());
// Each test starts within the limits of how many requests a member sends and a company keeps open.
beforeEach(async () => {
  await shop.app.knex('throttles').delete();
  await QuoteRequest.query()
    .patch({ status: 'declined', reason: 'Тестът приключи.' } as Partial<QuoteRequest>)
    .where({ companyId: acme.id, status: 'requested' });
});

describe('asking for a quote', () => {
  it('records the lines with the catalogue names, no prices yet, and tells the staff', async () => {
    const res = await ask(member, [
      { variantId: cat.triples.variant, quantity: 40 },
      { variantId: cat.twins.v0, quantity: 20 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(
      expect.objectContaining({
        status: 'requested',
        note: 'За новия обект',
        validUntil: null,
        companyId: acme.id,
        total: null,
        number: expect.stringMatching(/^ОФ-\d+$/),
      }),
    );
    expect(res.body.lines).toEqual([
      expect.objectContaining({ variantId: cat.triples.variant, productName: 'TRIPLES Ментол', sku: 'TR-1', quantity: 40, netPrice: null }),
      expect.objectContaining({
        variantId: cat.twins.v0,
        productName: 'TWINS Плодов микс',
        variantName: '0 mg',
        quantity: 20,
        netPrice: null,
      }),
    ]);
    await settled();
    const notices = await admin.get('/api/admin/notifications?range=[0,50]');
    expect(JSON.stringify(notices.body)).toContain(res.body.number);
    // The dashboard counts the requests waiting for prices.
    const waiting = await QuoteRequest.query().where({ status: 'requested' }).resultSize();
    expect(waiting).toBeGreaterThan(0);
    const dashboard = await admin.get('/api/admin/dashboard');
    expect(dashboard.body.openQuoteRequests).toBe(waiting);
  });

  it('answers 401 signed out, 403 to a consumer, and names each bad line', async () => {
    const guest = shop.browser();
    await guest.csrf();
    expect((await ask(guest, [{ variantId: cat.triples.variant, quantity: 1 }])).status).toBe(401);
    const refused = await ask(consumer, [{ variantId: cat.triples.variant, quantity: 1 }]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(QUOTE_TEXT.membersOnly);
    const bad = await ask(member, [
      { variantId: cat.triples.variant, quantity: 0 },
      { variantId: cat.twins.v0, quantity: 1.5 },
    ]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['lines.0.quantity', 'lines.1.quantity']);
    const unknown = await ask(member, [{ variantId: 999999, quantity: 1 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['lines.0.variantId']).toBe(QUOTE_TEXT.variantUnknown);
    const twice = await ask(member, [
      { variantId: cat.triples.variant, quantity: 1 },
      { variantId: cat.triples.variant, quantity: 2 },
    ]);
    expect(twice.body.errors['lines.1.variantId']).toBe(QUOTE_TEXT.lineTwice);
    expect((await ask(member, [])).status).toBe(400);
  });

  it('lists the company’s own requests, newest first; another company’s is 404', async () => {
    const mine = await member.get('/api/trade/quote-requests');
    expect(mine.status).toBe(200);
    const ids = mine.body.quoteRequests.map((q: any) => q.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(mine.body.quoteRequests.every((q: any) => q.companyId === acme.id)).toBe(true);
    expect((await member.get(`/api/trade/quote-requests/${ids[0]}`)).status).toBe(200);
    expect((await stranger.get(`/api/trade/quote-requests/${ids[0]}`)).status).toBe(404);
    expect((await stranger.get('/api/trade/quote-requests')).body.quoteRequests).toEqual([]);
    expect((await consumer.get('/api/trade/quote-requests')).status).toBe(403);
  });

  it(`keeps at most ${QUOTE_OPEN_MAX} requests of a company waiting`, async () => {
    const b = await memberOf(shop, other);
    for (let i = 0; i < QUOTE_OPEN_MAX; i++) expect((await ask(b, [{ variantId: cat.triples.variant, quantity: 1 }])).status).toBe(201);
    const refused = await ask(b, [{ variantId: cat.triples.variant, quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(QUOTE_TEXT.tooManyOpen(QUOTE_OPEN_MAX));
    await QuoteRequest.query().delete().where({ companyId: other.id });
  });
});

describe('staff answering', () => {
  it('list and filter the requests, and show each line’s price-list price', async () => {
    const asked = await ask(member, [{ variantId: cat.triples.variant, quantity: 10 }]);
    const list = await admin.get(
      `/api/admin/quote-requests?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ status: 'requested' }))}`,
    );
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^quote-requests 0-\d+\/\d+$/);
    expect(list.body.some((q: any) => q.id === asked.body.id)).toBe(true);
    expect(list.body.every((q: any) => q.status === 'requested')).toBe(true);
    const byCompany = await admin.get(
      `/api/admin/quote-requests?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ companyId: other.id }))}`,
    );
    expect(byCompany.body.every((q: any) => q.companyId === other.id)).toBe(true);
    const unknown = await admin.get(
      `/api/admin/quote-requests?range=[0,24]&filter=${encodeURIComponent(JSON.stringify({ status: 'лошо' }))}`,
    );
    expect(unknown.status).toBe(400);
    const one = await admin.get(`/api/admin/quote-requests/${asked.body.id}`);
    // TRIPLES at 30,00 with VAT: 25,00 net without a price list.
    expect(one.body.lines[0]).toEqual(expect.objectContaining({ listPrice: 25, netPrice: null }));
    expect((await member.get(`/api/admin/quote-requests/${asked.body.id}`)).status).toBe(403);
  });

  it('answer with net prices and a date (lines may change), and the member is mailed the prices and total', async () => {
    const asked = await ask(member, [{ variantId: cat.triples.variant, quantity: 10 }]);
    const validUntil = addDays(today(), 14);
    const res = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      ...asked.body,
      lines: [
        { variantId: cat.triples.variant, quantity: 12, netPrice: '21,50' },
        { variantId: cat.twins.v0, quantity: 5, netPrice: 18 },
      ],
      validUntil,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ status: 'answered', validUntil, subtotalNet: 348, vatTotal: 69.6, total: 417.6 }));
    expect(res.body.lines.map((l: any) => [l.variantId, l.quantity, l.netPrice, l.lineTotal])).toEqual([
      [cat.triples.variant, 12, 21.5, 258],
      [cat.twins.v0, 5, 18, 90],
    ]);
    await settled();
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${member.email}`) && t.includes(asked.body.number));
    expect(mail).toBeDefined();
    expect(mail).toContain(formatBgDate(validUntil));
    expect(mail).toContain('/account');
    // Answered again while not ordered: the new answer holds.
    const again = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      lines: [{ variantId: cat.triples.variant, quantity: 12, netPrice: 21 }],
      validUntil,
    });
    expect(again.status).toBe(200);
    expect(again.body.total).toBe(302.4);
    // A copy older than the record is refused.
    const stale = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, { ...res.body, version: res.body.version });
    expect(stale.status).toBe(409);
  });

  it('refuse an answer without prices or date, naming the fields', async () => {
    const asked = await ask(member, [{ variantId: cat.triples.variant, quantity: 10 }]);
    const res = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      lines: [
        { variantId: cat.triples.variant, quantity: 10 },
        { variantId: 999999, quantity: 1, netPrice: 1 },
        { variantId: cat.twins.v0, quantity: 0, netPrice: -1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['lines.2.quantity', 'lines.2.netPrice']));
    const missing = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      lines: [
        { variantId: cat.triples.variant, quantity: 10 },
        { variantId: 999999, quantity: 1, netPrice: 1 },
      ],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.objectContaining({
        'lines.0.netPrice': QUOTE_TEXT.netPriceRequired,
        'lines.1.variantId': QUOTE_TEXT.variantUnknown,
        validUntil: QUOTE_TEXT.validUntilRequired,
      }),
    );
    const noReason = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, { status: 'declined' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe(QUOTE_TEXT.reasonRequired);
  });

  it('decline with a reason: the member is mailed it, and it can be neither answered nor ordered', async () => {
    const asked = await ask(member, [{ variantId: cat.triples.variant, quantity: 10 }]);
    const res = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      status: 'declined',
      reason: 'Артикулът спира от производство.',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('declined');
    await settled();
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${member.email}`) && t.includes('Артикулът спира от производство.'));
    expect(mail).toBeDefined();
    const again = await admin.put(`/api/admin/quote-requests/${asked.body.id}`, {
      lines: [{ variantId: cat.triples.variant, quantity: 10, netPrice: 20 }],
      validUntil: addDays(today(), 3),
    });
    expect(again.status).toBe(409);
    const order = await member.post(`/api/trade/quote-requests/${asked.body.id}/order`, orderBody());
    expect(order.status).toBe(409);
    expect(order.body.message).toBe(QUOTE_TEXT.declined);
  });
});

describe('ordering by a quote', () => {
  it('places one order at the quote’s prices (lines, totals, invoice) from a minimal body; a second is 409', async () => {
    const q = await answered([
      { variantId: cat.triples.variant, quantity: 10, netPrice: 20 },
      { variantId: cat.twins.v0, quantity: 4, netPrice: 15.5 },
    ]);
    const before = await stockOf(cat.triples.variant);
    const res = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody());
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.items.map((i: any) => [i.variantId, i.unitPrice, i.quantity, i.lineTotal])).toEqual([
      [cat.triples.variant, 20, 10, 200],
      [cat.twins.v0, 15.5, 4, 62],
    ]);
    expect(order).toEqual(
      expect.objectContaining({
        pricesInclude: 'net',
        subtotalNet: 262,
        companyId: acme.id,
        quoteRequestId: q.id,
        companyShopId: acmeShop.id,
      }),
    );
    expect(order.customer.email).toBe(member.email);
    expect(await stockOf(cat.triples.variant)).toBe(before - 10);
    const invoice = (await Invoice.query().where({ orderId: order.id, kind: 'invoice' }).first())!;
    const goods = invoice.data.lines.filter((l: any) => l.kind === 'goods');
    const inInvoice = (minor: number) =>
      invoice.currency === order.currency ? minor : convertMinor(minor, order.currency, invoice.currency as Currency);
    expect(goods.map((l: any) => l.unitPriceNet)).toEqual([inInvoice(2000), inInvoice(1550)]);
    const quote = await member.get(`/api/trade/quote-requests/${q.id}`);
    expect(quote.body).toEqual(expect.objectContaining({ status: 'ordered', orderId: order.id, orderNumber: order.number }));
    const second = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody());
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(QUOTE_TEXT.alreadyOrdered);
    // Whatever the body, a used quote says it is used.
    for (const body of [{}, { shipping: { method: 'address' } }]) {
      const used = await member.post(`/api/trade/quote-requests/${q.id}/order`, body);
      expect([used.status, used.body.message]).toEqual([409, QUOTE_TEXT.alreadyOrdered]);
    }
    expect(await Order.query().where({ quoteRequestId: q.id }).resultSize()).toBe(1);
    // An ordered quote is not answered again.
    expect((await admin.put(`/api/admin/quote-requests/${q.id}`, { lines: q.lines, validUntil: q.validUntil })).status).toBe(409);
  });

  it('is paid by bank transfer on the company’s terms when the body names no payment method', async () => {
    const q = await answered([{ variantId: cat.triples.variant, quantity: 2, netPrice: 20 }]);
    const res = await member.post(`/api/trade/quote-requests/${q.id}/order`, {
      shipping: { method: 'address', companyShopId: acmeShop.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toEqual(expect.objectContaining({ paymentMethod: 'bank_transfer', quoteRequestId: q.id }));
    expect(res.body.order.paymentDueAt).toBeTruthy();
    // A body naming one that is not offered is still refused by its field.
    const q2 = await answered([{ variantId: cat.triples.variant, quantity: 2, netPrice: 20 }]);
    const bad = await member.post(`/api/trade/quote-requests/${q2.id}/order`, orderBody({ paymentMethod: 'card' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty(['paymentMethod']);
  });

  it('delivers to a courier’s office from the directory, which brings its own city and address', async () => {
    const q = await answered([{ variantId: cat.triples.variant, quantity: 5, netPrice: 20 }]);
    const noOffice = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody({ shipping: { method: 'econt_office' } }));
    expect(noOffice.status).toBe(400);
    const offices = await member.get(`/api/couriers/offices?courier=econt&q=${encodeURIComponent('соф')}`);
    const office = offices.body.offices[0];
    const res = await member.post(
      `/api/trade/quote-requests/${q.id}/order`,
      orderBody({ shipping: { method: 'econt_office', officeId: office.id } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order.shipping).toEqual(expect.objectContaining({ method: 'econt_office', city: office.city }));
    expect(res.body.order.shipping.office).toEqual(expect.objectContaining({ id: office.id }));
  });

  it('refuses an expired quote, naming its last day', async () => {
    const yesterday = addDays(today(), -1);
    const q = await answered([{ variantId: cat.triples.variant, quantity: 5, netPrice: 20 }], yesterday);
    expect(q.status).toBe('expired');
    const res = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(QUOTE_TEXT.expired(formatBgDate(yesterday)));
    // Its validity is judged before the body: an empty one, or one without a payment method, is told
    // the quote expired, not which fields it lacks.
    for (const body of [{}, { shipping: { method: 'address', companyShopId: acmeShop.id } }]) {
      const late = await member.post(`/api/trade/quote-requests/${q.id}/order`, body);
      expect([late.status, late.body.message]).toEqual([409, QUOTE_TEXT.expired(formatBgDate(yesterday))]);
    }
    // A quote answered for longer that lapsed since is refused alike.
    const lapsed = await answered([{ variantId: cat.triples.variant, quantity: 5, netPrice: 20 }]);
    await QuoteRequest.query()
      .patch({ validUntil: addDays(today(), -3) } as Partial<QuoteRequest>)
      .findById(lapsed.id);
    const gone = await member.post(`/api/trade/quote-requests/${lapsed.id}/order`, {});
    expect([gone.status, gone.body.message]).toEqual([409, QUOTE_TEXT.expired(formatBgDate(addDays(today(), -3)))]);
    const listed = await admin.get(
      `/api/admin/quote-requests?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ status: 'expired' }))}`,
    );
    expect(listed.body.map((r: any) => r.id)).toContain(q.id);
  });

  it('is another company’s 404, a consumer’s 403', async () => {
    const q = await answered([{ variantId: cat.triples.variant, quantity: 5, netPrice: 20 }]);
    expect((await stranger.post(`/api/trade/quote-requests/${q.id}/order`, orderBody())).status).toBe(404);
    expect((await consumer.post(`/api/trade/quote-requests/${q.id}/order`, orderBody())).status).toBe(403);
  });

  it('refuses what is not in stock, and leaves the quote answered', async () => {
    const q = await answered([{ variantId: cat.last3.variant, quantity: 5, netPrice: 10 }]);
    const res = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody());
    expect(res.status).toBe(409);
    expect(res.body.errors).toHaveProperty(['items.0.quantity']);
    expect((await member.get(`/api/trade/quote-requests/${q.id}`)).body.status).toBe('answered');
    expect(await stockOf(cat.last3.variant)).toBe(3);
  });

  it('asks for the purchase-order number when the company requires it', async () => {
    const q = await answered([{ variantId: cat.triples.variant, quantity: 2, netPrice: 20 }]);
    await Company.query()
      .patch({ requirePurchaseOrderNumber: true } as Partial<Company>)
      .findById(acme.id);
    try {
      const res = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody());
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(['purchaseOrderNumber']);
      const ok = await member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody({ purchaseOrderNumber: 'PO-77' }));
      expect(ok.status).toBe(201);
      expect(ok.body.order.purchaseOrderNumber).toBe('PO-77');
    } finally {
      await Company.query()
        .patch({ requirePurchaseOrderNumber: false } as Partial<Company>)
        .findById(acme.id);
    }
  });

  it('makes one order of two concurrent calls', async () => {
    const q = await answered([{ variantId: cat.triples.variant, quantity: 3, netPrice: 20 }]);
    const second = await memberOf(shop, acme);
    const results = await Promise.all([
      member.post(`/api/trade/quote-requests/${q.id}/order`, orderBody()),
      second.post(`/api/trade/quote-requests/${q.id}/order`, orderBody()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await Order.query().where({ quoteRequestId: q.id }).resultSize()).toBe(1);
  });
});
