// Ordering as a business: a member of an approved company is quoted at its price list's
// net prices in multiples of each variant's pack, above the trade minimum and within its credit
// limit; the order is the company's, due on its payment terms, and invoiced to the company when
// placed (every line's base + VAT = total, VAT 20 % of the base); every member of the company sees
// its orders and invoices, no one else; staff see what each company owes; an overdue order's
// company is reminded once. A consumer's quote is what it always was.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, product, checkoutBody, mailTo, approvedCompany, memberOf } from './fixtures';
import { Company, Invoice, Order, PriceList, PriceListPrice, Variant } from '../src/models';
import { settled } from '../src/platform/events';
import { saveSettings, DEFAULT_SETTINGS } from '../src/modules/settings/service';
import { receivables, remindOverdue } from '../src/modules/orders';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DUNNING_TEXT } from '@domain/dunning';
import { DAY_MS } from '@domain/dates';
import { convertMinor, formatMoney } from '@domain/money';
import { binary, pdfText } from './pdf';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-trade-outbox-'));
const shop = shopForThisFile({ outboxDir });

let cat: Catalogue;
let admin: Browser;
let list: PriceList;
/** A product at 6,90 with VAT whose list price is fixed at 5,75 net, sold in packs of 10. */
let pod: { id: number; variant: number };
let acme: Company;
let other: Company;
let member: Browser & { userId: number; email: string };
let colleague: Browser & { userId: number; email: string };
let stranger: Browser & { userId: number; email: string };
let consumer: Browser & { userId: number };

async function company(fields: Partial<Company>): Promise<Company> {
  return approvedCompany(fields);
}

const podLine = (quantity: number) => ({ productId: pod.id, variantId: pod.variant, quantity });
const triplesLine = (quantity: number) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });

/** A member's checkout body: the quick order's lines, bank transfer. */
function tradeBody(items: object[], extra: Record<string, unknown> = {}) {
  return checkoutBody(items, { paymentMethod: 'bank_transfer', ...extra });
}

beforeAll(async () => {
  cat = await makeCatalogue();
  const p = await product('TWINS Под Ментол', 'twins-pod-mentol', 690, [{ sku: 'POD-10', name: 'Опаковка', stock: 1000 }]);
  pod = { id: p.id, variant: p.variants[0] };
  await Variant.query()
    .patch({ packSize: 10 } as Partial<Variant>)
    .findById(pod.variant);
  // 10 % off the retail net price; the pod at a fixed 5,75 net.
  list = await PriceList.query().insertAndFetch({ name: 'Дистрибутори', discountBp: 1000 } as Partial<PriceList>);
  await PriceListPrice.query().insert({ priceListId: list.id, variantId: pod.variant, netPrice: 575 } as Partial<PriceListPrice>);
  acme = await company({ priceListId: list.id });
  other = await company({ name: 'Друга Фирма ЕООД', eik: '831642181', contactEmail: 'office@druga.example.bg', priceListId: list.id });
  member = await memberOf(shop, acme);
  colleague = await memberOf(shop, acme);
  stranger = await memberOf(shop, other);
  consumer = await shop.signedIn('customer');
  admin = await shop.signedIn('admin');
});
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

afterEach(async () => {
  await settled();
  await saveSettings({ sales: { ...DEFAULT_SETTINGS.sales } });
  await Company.query().patch({ creditLimit: null, paymentTermsDays: 14 } as Partial<Company>);
});

describe("a member's quote", () => {
  it('prices at the list, net, with VAT and a total that add up', async () => {
    const res = await member.post('/api/checkout/quote', { items: [triplesLine(2), podLine(30)], shipping: { method: 'address' } });
    expect(res.status).toBe(200);
    const q = res.body;
    expect(q.pricesInclude).toBe('net');
    // TRIPLES 30,00 with VAT → 25,00 net, less 10 % → 22,50; the pod fixed at 5,75.
    expect(q.lines.map((l: any) => [l.sku, l.unitPrice, l.lineTotal, l.packSize])).toEqual([
      ['TR-1', 22.5, 45, 1],
      ['POD-10', 5.75, 172.5, 10],
    ]);
    expect(q.subtotalNet).toBe(217.5);
    const goodsVat = 9 + 34.5;
    // Shipping is a gross service line: its VAT is part of the VAT total.
    expect(q.vatTotal).toBeCloseTo(goodsVat + (q.shippingTotal - q.shippingNet), 2);
    expect(Math.round((q.subtotalNet + q.shippingNet + q.vatTotal) * 100)).toBe(Math.round(q.total * 100));
    expect(Math.round((q.subtotalNet + goodsVat + q.shippingTotal) * 100)).toBe(Math.round(q.total * 100));
    expect(q.trade).toEqual(
      expect.objectContaining({ companyId: acme.id, companyName: acme.name, paymentTermsDays: 14, creditLimit: null, unpaid: 0 }),
    );
    expect(Date.parse(q.trade.paymentDueAt) - Date.now()).toBeGreaterThan(13.9 * DAY_MS);
  });

  it("lists the member's cart at the list's net prices, labelled net, the consumer's at retail", async () => {
    await member.post('/api/cart/add', podLine(10)).expect(200);
    await consumer.post('/api/cart/add', podLine(10)).expect(200);
    try {
      const mine = (await member.get('/api/cart').expect(200)).body;
      expect(mine.cartItems.map((l: any) => [l.unitPrice, l.lineTotal, l.pricesInclude])).toEqual([[5.75, 57.5, 'net']]);
      expect(mine.subtotal).toBe(57.5);
      const theirs = (await consumer.get('/api/cart').expect(200)).body;
      expect(theirs.cartItems.map((l: any) => [l.unitPrice, l.lineTotal, l.pricesInclude])).toEqual([[6.9, 69, undefined]]);
    } finally {
      await member.delete('/api/cart');
      await consumer.delete('/api/cart');
    }
  });

  it('gives 3 × 5,75 a base of 17,25 and VAT of exactly 20 % of it', async () => {
    await Variant.query()
      .patch({ packSize: 1 } as Partial<Variant>)
      .findById(pod.variant);
    try {
      const q = (await member.post('/api/checkout/quote', { items: [podLine(3)], shipping: { method: null } })).body;
      expect(q.lines[0]).toEqual(expect.objectContaining({ unitPrice: 5.75, lineTotal: 17.25 }));
      expect(q.subtotalNet).toBe(17.25);
      expect(q.vatTotal).toBe(3.45);
      expect(q.total).toBe(20.7);
    } finally {
      await Variant.query()
        .patch({ packSize: 10 } as Partial<Variant>)
        .findById(pod.variant);
    }
  });

  it('refuses a quantity that is not a multiple of the pack, naming the line (quote and order)', async () => {
    const text = TRADE_ORDER_TEXT.packMultiple('TWINS Под Ментол', 10);
    const quote = await member.post('/api/checkout/quote', { items: [triplesLine(1), podLine(15)], shipping: { method: null } });
    expect(quote.status).toBe(400);
    expect(quote.body.message).toBe(text);
    expect(quote.body.errors).toEqual({ 'items.1.quantity': text });
    const before = await Order.query().resultSize();
    const order = await member.post('/api/orders/create', tradeBody([triplesLine(1), podLine(15)]));
    expect(order.status).toBe(400);
    expect(order.body.errors['items.1.quantity']).toBe(text);
    expect(await Order.query().resultSize()).toBe(before);
  });

  it('refuses a net subtotal below the trade minimum, with both amounts', async () => {
    await saveSettings({ sales: { ...DEFAULT_SETTINGS.sales, tradeMinimumOrder: 20000 } });
    const res = await member.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: null } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TRADE_ORDER_TEXT.belowMinimum(formatMoney(200), formatMoney(57.5)));
    const order = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(order.status).toBe(400);
    expect(order.body.message).toMatch(/Минималната търговска поръчка е 200,00/);
    // Above it, the same member is quoted.
    expect((await member.post('/api/checkout/quote', { items: [podLine(40)], shipping: { method: null } })).status).toBe(200);
  });

  it('refuses an order past the credit limit with 409 and the numbers', async () => {
    await Company.query()
      .patch({ creditLimit: 10000 } as Partial<Company>)
      .findById(acme.id);
    // 10 pods: 57,50 + 11,50 VAT = 69,00 with the shipping free (no method): within 100,00.
    const first = await member.post(
      '/api/orders/create',
      tradeBody([podLine(10)], { shipping: { method: 'econt_office', city: 'София', address: 'Офис' } }),
    );
    expect(first.status).toBe(201);
    const owed = first.body.order.total;
    const res = await colleague.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: 'econt_office' } });
    expect(res.status).toBe(409);
    const money = (n: number) => formatMoney(n);
    const thisOrder = (await member.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: 'econt_office' } })).body;
    expect(res.body.message).toBe(TRADE_ORDER_TEXT.creditLimitExceeded(money(100), money(owed), money(owed)));
    expect(res.body.errors.creditLimit).toBe(res.body.message);
    expect(thisOrder.message).toBe(res.body.message);
    const order = await colleague.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(order.status).toBe(409);
    expect(order.body.message).toContain(`лимит ${money(100)}`);
    // Once paid (the payments' path), the company may order again.
    const paid = await admin.put(`/api/admin/orders/${first.body.order.id}`, { paymentStatus: 'paid' });
    expect(paid.status).toBe(200);
    expect((await colleague.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: 'econt_office' } })).status).toBe(200);
  });

  it('lets only one of two simultaneous orders past the credit limit', async () => {
    const unpaid = (await member.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: null } })).body.trade.unpaid;
    // Room for one order of 10 pods (69,00 with VAT, no shipping method), not for two.
    await Company.query()
      .patch({ creditLimit: Math.round(unpaid * 100) + 6900 + 3000 } as Partial<Company>)
      .findById(acme.id);
    const body = () => tradeBody([podLine(10)], { shipping: { method: 'address', city: 'София', address: 'ул. Шипка 1' } });
    const [a, b] = await Promise.all([member.post('/api/orders/create', body()), colleague.post('/api/orders/create', body())]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('adds up unpaid orders kept in the other currency at the fixed rate, for the limit and the receivables', async () => {
    const unpaidNow = async () =>
      (await member.post('/api/checkout/quote', { items: [podLine(10)], shipping: { method: null } })).body.trade.unpaid as number;
    const placed = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(placed.status).toBe(201);
    const before = await unpaidNow();
    const line = async () => (await admin.get(`/api/admin/receivables/${acme.id}`)).body;
    const staffBefore = (await line()).unpaidTotal;
    expect(staffBefore).toBe(before);
    // The same order kept in euro (as a leva order is kept in leva after the shop's switch).
    const minor = Math.round(placed.body.order.total * 100);
    await Order.query()
      .patch({ currency: 'EUR' } as Partial<Order>)
      .findById(placed.body.order.id);
    await Invoice.query()
      .patch({ currency: 'EUR', total: minor } as Partial<Invoice>)
      .where({ orderId: placed.body.order.id });
    const expected = (Math.round(before * 100) - minor + convertMinor(minor, 'EUR', 'BGN')) / 100;
    expect(await unpaidNow()).toBe(expected);
    expect(await line()).toEqual(expect.objectContaining({ unpaidTotal: expected, currency: 'BGN' }));
  });

  it('refuses a discount code on a trade order', async () => {
    const res = await member.post('/api/orders/create', tradeBody([podLine(10)], { discountCode: 'ANY10' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.discountCode).toBe(TRADE_ORDER_TEXT.noDiscountCodes);
  });

  it('prices a quick order of 100 lines in one request', async () => {
    const items = [];
    const made = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        product(`Течност ${i + 1}`, `technost-${i + 1}`, 1200 + i, [{ sku: `LQ-${i + 1}`, name: '10 ml', stock: 500 }]),
      ),
    );
    for (const p of made) items.push({ productId: p.id, variantId: p.variants[0], quantity: 5 });
    const res = await member.post('/api/checkout/quote', { items, shipping: { method: 'address' } });
    expect(res.status).toBe(200);
    expect(res.body.lines).toHaveLength(100);
    const sumNet = res.body.lines.reduce((s: number, l: any) => s + Math.round(l.lineTotal * 100), 0);
    expect(sumNet).toBe(Math.round(res.body.subtotalNet * 100));
    // A consumer's cart keeps its own limit of lines.
    expect((await consumer.post('/api/checkout/quote', { items, shipping: { method: 'address' } })).status).toBe(400);
  });
});

describe("a consumer's quote", () => {
  it('is what it always was', async () => {
    const res = await consumer.post('/api/checkout/quote', { items: [triplesLine(2)], shipping: { method: 'address' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'currency',
        'discount',
        'discountTotal',
        'dualCurrency',
        'freeShippingFrom',
        'freeShippingMissing',
        'lines',
        'shippingMethod',
        'shippingOptions',
        'shippingTotal',
        'subtotal',
        'total',
      ].sort(),
    );
    expect(res.body.lines[0]).toEqual(expect.objectContaining({ unitPrice: 30, lineTotal: 60 }));
    expect(res.body.lines[0]).not.toHaveProperty('packSize');
    expect(res.body.subtotal).toBe(60);
    // A pack size is a trade rule: a consumer buys single units.
    expect((await consumer.post('/api/checkout/quote', { items: [podLine(3)], shipping: { method: null } })).status).toBe(200);
  });
});

describe("the company's order and invoice", () => {
  let order: any;
  let invoice: any;

  beforeAll(async () => {
    const res = await member.post('/api/orders/create', tradeBody([podLine(30), triplesLine(3)]));
    expect(res.status).toBe(201);
    order = res.body.order;
    // The invoice is issued with the order: there as soon as the order is answered.
    const docs = await member.get(`/api/orders/${order.id}/invoices`);
    expect(docs.body.invoice).toEqual(expect.objectContaining({ number: expect.stringMatching(/^\d{10}$/) }));
    await settled();
  });

  it('is recorded for the company, net, due on its terms', async () => {
    expect(order).toEqual(expect.objectContaining({ companyId: acme.id, pricesInclude: 'net', paymentMethod: 'bank_transfer' }));
    const due = Date.parse(order.paymentDueAt) - Date.parse(order.createdAt);
    expect(Math.round(due / DAY_MS)).toBe(14);
    expect(order.items.map((i: any) => [i.unitPrice, i.quantity, i.lineTotal])).toEqual([
      [5.75, 30, 172.5],
      [22.5, 3, 67.5],
    ]);
    expect(order.subtotalNet).toBe(240);
    expect(order.vatTotal).toBeCloseTo(48 + (order.shippingTotal - order.shippingNet), 2);
    expect(Math.round((order.subtotalNet + order.shippingNet + order.vatTotal) * 100)).toBe(Math.round(order.total * 100));
    const row = await Order.query().findById(order.id);
    expect(row).toEqual(expect.objectContaining({ companyId: acme.id, pricesInclude: 'net', paymentDueAt: order.paymentDueAt }));
    // The confirmation says the prices are net, with the VAT and the due date.
    const mail = await mailTo(outboxDir, (t) => t.includes(order.number) && t.includes(TRADE_ORDER_TEXT.subtotalNet));
    expect(mail).toContain(`${TRADE_ORDER_TEXT.dueDate}: `);
    expect(mail).toContain(`${TRADE_ORDER_TEXT.total}: `);
  });

  it('cash on delivery has no due date; prepayment is due at once', async () => {
    const cod = await member.post('/api/orders/create', tradeBody([podLine(10)], { paymentMethod: 'cod' }));
    expect(cod.status).toBe(201);
    expect(cod.body.order.paymentDueAt).toBeNull();
    await Company.query()
      .patch({ paymentTermsDays: 0 } as Partial<Company>)
      .findById(acme.id);
    const pre = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(pre.status).toBe(201);
    expect(Math.abs(Date.parse(pre.body.order.paymentDueAt) - Date.parse(pre.body.order.createdAt))).toBeLessThan(60_000);
    // Due at once, but not overdue within the hour: not for the member, the staff's filter or receivables.
    expect((await member.get(`/api/orders/${pre.body.order.id}`)).body.order).toEqual(expect.objectContaining({ overdue: false }));
    const overdueOrders = await admin.get(
      `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ companyId: acme.id, overdue: true }))}`,
    );
    expect(overdueOrders.body.map((o: any) => o.id)).not.toContain(pre.body.order.id);
    const line = (await admin.get(`/api/admin/receivables/${acme.id}`)).body;
    expect(line.overdueCount).toBe(0);
    // A day and a second past placement it is overdue.
    const unpaid = await receivables(new Date(Date.parse(pre.body.order.paymentDueAt) + DAY_MS + 1000), { companyId: acme.id });
    expect(unpaid[0].overdueCount).toBe(1);
  });

  it('is invoiced to the company when placed, with the due date, every line adding up', async () => {
    const docs = await member.get(`/api/orders/${order.id}/invoices`);
    expect(docs.status).toBe(200);
    invoice = docs.body.invoice;
    expect(invoice).toEqual(expect.objectContaining({ number: expect.stringMatching(/^\d{10}$/), dueDate: expect.any(String) }));
    const row = (await Invoice.query().where({ orderId: order.id, kind: 'invoice' }).first())!;
    expect(row.recipientName).toBe(acme.name);
    expect(row.data.recipient).toEqual(
      expect.objectContaining({ companyName: acme.name, eik: acme.eik, vatNumber: acme.vatNumber, mol: acme.mol }),
    );
    expect(row.data.recipient.address).toContain('Пловдив');
    for (const l of row.data.lines) {
      expect(l.taxBase + l.vat).toBe(l.total);
      if (l.kind === 'goods') {
        expect(l.pricesInclude).toBe('net');
        expect(l.vat).toBe(Math.round(l.taxBase * 0.2));
        expect(l.taxBase).toBe(l.unitPriceNet * l.quantity);
      }
    }
    const sum = (k: 'taxBase' | 'vat' | 'total') => row.data.lines.reduce((s: number, l: any) => s + l[k], 0);
    expect([sum('taxBase'), sum('vat'), sum('total')]).toEqual([row.taxBase, row.vatTotal, row.total]);
    const pdf = await colleague.get(invoice.pdfUrl).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain(acme.name);
    expect(text).toContain(acme.eik);
    const [y, m, d] = invoice.dueDate.split('-');
    expect(text).toContain(`Падеж: ${d}.${m}.${y}`);
  });

  it("is seen by every member of the company, and by no one else's", async () => {
    for (const b of [member, colleague]) {
      const mine = await b.get('/api/orders');
      expect(mine.body.orders.map((o: any) => o.id)).toContain(order.id);
      const one = await b.get(`/api/orders/${order.id}`);
      expect(one.status).toBe(200);
      expect(one.body.order).toEqual(
        expect.objectContaining({ paymentDueAt: order.paymentDueAt, paymentStatus: 'unpaid', overdue: false }),
      );
    }
    for (const b of [stranger, consumer]) {
      expect((await b.get('/api/orders')).body.orders.map((o: any) => o.id)).not.toContain(order.id);
      expect((await b.get(`/api/orders/${order.id}`)).status).toBe(404);
      expect((await b.get(`/api/orders/${order.id}/invoices`)).status).toBe(404);
      expect((await b.get(`/api/orders/${order.id}/invoice`)).status).toBe(404);
    }
    expect((await shop.browser().get(`/api/orders/${order.id}/invoice`)).status).toBe(404);
  });

  it("an order staff take by phone for a member's e-mail is the company's, at its prices", async () => {
    const res = await admin.post(
      '/api/admin/orders',
      tradeBody([podLine(10)], { customer: { firstName: 'Петър', lastName: 'Петров', email: colleague.email, phone: '0888765432' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual(expect.objectContaining({ companyId: acme.id, pricesInclude: 'net', userId: colleague.userId }));
    expect(res.body.items[0]).toEqual(expect.objectContaining({ unitPrice: 5.75, lineTotal: 57.5 }));
  });

  it("keeps a consumer's order answer as it was", async () => {
    const res = await consumer.post('/api/orders/create', checkoutBody([triplesLine(1)]));
    expect(res.status).toBe(201);
    for (const k of ['companyId', 'pricesInclude', 'paymentDueAt', 'subtotalNet', 'vatTotal']) expect(res.body.order).not.toHaveProperty(k);
  });
});

describe('receivables and the overdue reminder', () => {
  it('shows staff what each company owes, and what is overdue', async () => {
    const placed = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(placed.status).toBe(201);
    const past = new Date(Date.now() - 3 * DAY_MS).toISOString();
    await Order.query()
      .patch({ paymentDueAt: past } as Partial<Order>)
      .findById(placed.body.order.id);
    const res = await admin.get(`/api/admin/receivables?range=${encodeURIComponent('[0,9]')}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^receivables 0-\d+\/\d+$/);
    const line = res.body.find((r: any) => r.companyId === acme.id);
    expect(line).toEqual(expect.objectContaining({ companyName: acme.name, oldestDueAt: past }));
    expect(line.unpaidTotal).toBeGreaterThanOrEqual(line.overdueTotal);
    const overdueOnly = await admin.get(`/api/admin/receivables?filter=${encodeURIComponent('{"overdue":true}')}`);
    expect(overdueOnly.body.map((r: any) => r.companyId)).toEqual([acme.id]);
    // The company's overdue orders (those past their due date by a day) add up to its line.
    const orders = await admin.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ companyId: acme.id, overdue: true }))}`);
    expect(orders.body.map((o: any) => o.id)).toContain(placed.body.order.id);
    expect(orders.body.every((o: any) => o.companyId === acme.id && o.paymentStatus === 'unpaid')).toBe(true);
    const overdueSum = orders.body.reduce((s: number, o: any) => s + Math.round(o.total * 100), 0);
    expect(Math.round(line.overdueTotal * 100)).toBe(overdueSum);
    expect((await member.get('/api/admin/receivables')).status).toBe(403);
    expect((await admin.get(`/api/admin/receivables?filter=${encodeURIComponent('{"nope":1}')}`)).status).toBe(400);
  });

  it('reminds the company before the due date and once it falls overdue, each once, whoever runs the job', async () => {
    const placed = await member.post('/api/orders/create', tradeBody([podLine(20)]));
    const { id, number, paymentDueAt } = placed.body.order;
    const due = Date.parse(paymentDueAt);
    // The settings' days: 3 days before, then 1, 7 and 14 after.
    expect(await remindOverdue(shop.config, new Date(due - 3 * DAY_MS - 1000))).not.toContain(number);
    expect(await remindOverdue(shop.config, new Date(due - 3 * DAY_MS + 1000))).toContain(number);
    expect(await mailTo(outboxDir, (t) => t.includes(number) && t.includes('е с падеж'))).toContain(acme.contactEmail);
    // Sent; within the day's grace past the due date: nothing more.
    expect(await remindOverdue(shop.config, new Date(due - 1000))).not.toContain(number);
    expect(await remindOverdue(shop.config, new Date(due + DAY_MS - 1000))).not.toContain(number);
    const later = new Date(due + DAY_MS + 1000);
    // Two instances at once: one reminder.
    const [a, b] = await Promise.all([remindOverdue(shop.config, later), remindOverdue(shop.config, later)]);
    expect([...a, ...b].filter((n) => n === number)).toHaveLength(1);
    expect(await remindOverdue(shop.config, new Date(later.getTime() + DAY_MS))).not.toContain(number);
    expect((await Order.query().findById(id))!.overdueRemindedAt).toBe(later.toISOString());
    // A shop that was down past day 7 and day 14 sends the latest only.
    expect(await remindOverdue(shop.config, new Date(due + 15 * DAY_MS))).toContain(number);
    expect(await remindOverdue(shop.config, new Date(due + 16 * DAY_MS))).not.toContain(number);
    const notes = (await admin.get(`/api/admin/orders/${id}`)).body.events.map((e: any) => e.note);
    expect(notes.filter((n: string) => n === DUNNING_TEXT.historyNote(-3))).toHaveLength(1);
    expect(notes.filter((n: string) => n === DUNNING_TEXT.historyNote(1))).toHaveLength(1);
    expect(notes.filter((n: string) => n === DUNNING_TEXT.historyNote(14))).toHaveLength(1);
    expect(notes.filter((n: string) => n === DUNNING_TEXT.historyNote(7))).toHaveLength(0);
    const mail = await mailTo(outboxDir, (t) => t.includes(number) && t.includes('дни просрочие'));
    expect(mail).toContain(acme.contactEmail);
    expect(mail).toContain(`(поръчка ${number}) беше с падеж`);
  });
});
