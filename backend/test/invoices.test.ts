// Invoices: the buyer's request at checkout, issuing with one gap-free number sequence
// (also under concurrency), the PDF's contents, owner-only download, credit notes, the admin
// list, automatic issue on payment, the seller's legal identity and the monthly sales CSV.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder, checkoutBody, mailTo } from './fixtures';
import { Order } from '../src/models';
import { settled } from '../src/platform/events';
import { saveSettings, DEFAULT_SETTINGS, clearSettingsCache } from '../src/modules/settings/service';
import { INVOICE_TEXT, splitVat } from '@domain/invoices';
import { convertMinor } from '@domain/money';
import { amountInWords } from '@domain/numberWords';
import { binary, pdfText } from './pdf';

const pdfTextPlain = (buffer: Buffer) => pdfText(buffer, { layout: false });

let cat: Catalogue;
let admin: Browser;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
const company = {
  companyName: 'Клиент Трейд ООД',
  eik: '130175000',
  vatNumber: 'BG130175000',
  mol: 'Петър Петров',
  address: 'гр. Пловдив, ул. „Тракия“ 5',
};

const shop = shopForThisFile({ outboxDir });
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});
afterAll(async () => {
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const triples = (quantity = 1) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** The PDF's text as poppler's pdftotext reads it (what a person copying from it would get). */
/** What an order placed in leva comes to on a euro invoice: each line's unit price converted, then × quantity. */
function euroTotal(order: { [k: string]: any }): number {
  const eur = (amount: number) => convertMinor(Math.round(amount * 100), 'BGN', 'EUR');
  const cents =
    order.items.reduce((s: number, i: { unitPrice: number; quantity: number }) => s + eur(i.unitPrice) * i.quantity, 0) -
    eur(order.discountTotal) +
    eur(order.shippingTotal);
  return cents / 100;
}

async function issue(orderId: number) {
  return admin.post(`/api/admin/orders/${orderId}/invoice`, {});
}

describe('asking for an invoice at checkout', () => {
  it('keeps the company details on the order', async () => {
    const b = await guest();
    const order = await placeOrder(b, [triples()], { invoice: { ...company, vatNumber: ' bg 130175000 ' } });
    const res = await admin.get(`/api/admin/orders/${order.id}/invoices`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ request: company, invoice: null, creditNote: null, documents: [] }));
  });

  it('refuses a wrong ЕИК or VAT number on its field and places nothing', async () => {
    const b = await guest();
    const before = await Order.query().resultSize();
    const bad = await b.post('/api/orders/create', checkoutBody([triples()], { invoice: { ...company, eik: '130175001' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors['invoice.eik']).toBe(INVOICE_TEXT.eikInvalid);
    const vat = await b.post('/api/orders/create', checkoutBody([triples()], { invoice: { ...company, vatNumber: 'DE123' } }));
    expect(vat.status).toBe(400);
    expect(vat.body.errors['invoice.vatNumber']).toBe(INVOICE_TEXT.vatNumberInvalid);
    const missing = await b.post('/api/orders/create', checkoutBody([triples()], { invoice: { eik: '130175000' } }));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['invoice.companyName', 'invoice.mol', 'invoice.address']));
    expect(await Order.query().resultSize()).toBe(before);
  });

  it('accepts a 13-digit BULSTAT and no VAT number; an order without invoice has none', async () => {
    const b = await guest();
    const order = await placeOrder(b, [triples()], { invoice: { ...company, eik: '1213961230006', vatNumber: '' } });
    expect((await admin.get(`/api/admin/orders/${order.id}/invoices`)).body.request).toEqual({
      companyName: company.companyName,
      eik: '1213961230006',
      mol: company.mol,
      address: company.address,
    });
    const plain = await placeOrder(b, [triples()], { invoice: null });
    expect((await admin.get(`/api/admin/orders/${plain.id}/invoices`)).body.request).toBeNull();
  });

  it("offers a signed-in customer their last order's invoice details", async () => {
    const customer = await shop.signedIn();
    expect((await customer.get('/api/account/invoice-details')).body).toEqual({ invoice: null });
    await placeOrder(customer, [triples()], { invoice: company });
    await placeOrder(customer, [triples()], { invoice: { ...company, companyName: 'Нова Фирма ЕООД' } });
    await placeOrder(customer, [triples()]);
    expect((await customer.get('/api/account/invoice-details')).body.invoice).toEqual({ ...company, companyName: 'Нова Фирма ЕООД' });
    expect((await (await guest()).get('/api/account/invoice-details')).status).toBe(401);
  });
});

describe('issuing an invoice', () => {
  let order: Awaited<ReturnType<typeof placeOrder>>;
  let buyer: Browser;

  beforeAll(async () => {
    buyer = await shop.signedIn();
    order = await placeOrder(
      buyer,
      [
        triples(2),
        {
          productId: cat.twins.id,
          variantId: cat.twins.v0,
          quantity: 1,
          attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
        },
      ],
      { invoice: company },
    );
  });

  it('answers 201 with the invoice, and 409 the second time', async () => {
    const res = await issue(order.id);
    expect(res.status).toBe(201);
    const inv = res.body.invoice;
    // Issued after 1 January 2026 by a shop still in leva: in euro, each unit price converted
    // at 1,95583 half-up (30,00 лв. → 15,34 €, 24,90 лв. → 12,73 €), the lines computed from it.
    expect(inv).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        number: expect.stringMatching(/^\d{10}$/),
        currency: 'EUR',
        total: euroTotal(order),
        pdfUrl: expect.any(String),
      }),
    );
    expect(Math.round(inv.taxBase * 100) + Math.round(inv.vatTotal * 100)).toBe(Math.round(inv.total * 100));
    expect(Date.parse(inv.issuedAt)).not.toBeNaN();
    const again = await issue(order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_TEXT.alreadyIssued);
    expect((await admin.post('/api/admin/orders/999999/invoice', {})).status).toBe(404);
  });

  it('refuses an invoice for a cancelled order, and takes no number for it', async () => {
    const b = await guest();
    const cancelled = await placeOrder(b, [triples()], { invoice: company });
    await admin.put(`/api/admin/orders/${cancelled.id}`, { status: 'cancelled' });
    const before = (await shop.app.knex('document_sequences').first()).lastNumber;
    const res = await issue(cancelled.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INVOICE_TEXT.orderCancelled);
    expect((await shop.app.knex('document_sequences').first()).lastNumber).toBe(before);
  });

  it('makes a PDF with what ЗДДС чл. 114 asks', async () => {
    const { invoice } = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    const res = await admin.get(invoice.pdfUrl).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfTextPlain(res.body);
    for (const words of [
      'ФАКТУРА',
      'ОРИГИНАЛ',
      invoice.number,
      'Дата на издаване',
      'Дата на данъчното събитие',
      DEFAULT_SETTINGS.legal.companyName,
      DEFAULT_SETTINGS.legal.eik,
      DEFAULT_SETTINGS.legal.vatNumber,
      company.companyName,
      company.eik,
      company.vatNumber,
      company.mol,
      'TRIPLES Ментол',
      'TWINS Плодов микс',
      'Доставка',
      'Ед. цена',
      'без ДДС',
      'Данъчна основа',
      'Начислен ДДС 20 %',
      '20 %',
      '12,78', // TRIPLES at 15,34 € with VAT is 12,78 € before it (VAT 2,56 = round(15,34 / 6))
      '30,68', // its line: 2 × 15,34
      euroTotal(order).toFixed(2).replace('.', ','),
      order.number,
      'EUR',
      'Валута: EUR',
      'Словом:',
      'евро и',
      'Равностойност',
      'лв.',
      '1 EUR = 1,95583 лв.',
    ])
      expect(text).toContain(words);
    expect(text).toContain(`Словом: ${amountInWords(Math.round(euroTotal(order) * 100), 'EUR')}`);
  });

  it('lets the buyer download it from their order, and nobody else', async () => {
    const list = await buyer.get(`/api/orders/${order.id}/invoices`);
    expect(list.status).toBe(200);
    expect(list.body.invoice).toEqual(
      expect.objectContaining({ number: expect.stringMatching(/^\d{10}$/), pdfUrl: `/api/orders/${order.id}/invoice` }),
    );
    expect(list.body.creditNote).toBeNull();
    const own = await buyer.get(`/api/orders/${order.id}/invoice`).buffer(true).parse(binary);
    expect(own.status).toBe(200);
    expect(own.headers['content-disposition']).toMatch(/attachment; filename="faktura-\d{10}\.pdf"/);
    expect(await pdfTextPlain(own.body)).toContain(list.body.invoice.number);
    const other = await shop.signedIn();
    expect((await other.get(`/api/orders/${order.id}/invoice`)).status).toBe(404);
    expect((await other.get(`/api/orders/${order.id}/invoices`)).status).toBe(404);
    expect((await (await guest()).get(`/api/orders/${order.id}/invoice`)).status).toBe(404);
    // An order of one's own without an invoice: 404 too.
    const plain = await placeOrder(buyer, [triples()]);
    expect((await buyer.get(`/api/orders/${plain.id}/invoice`)).status).toBe(404);
  });

  it('sends the PDF to the buyer by e-mail', async () => {
    const { invoice } = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    const mail = await mailTo(outboxDir, (t) => t.includes(`faktura-${invoice.number}.pdf`));
    expect(mail).toBeDefined();
    expect(mail).toContain('application/pdf');
  });

  it('lets a guest who placed the order download it in the same browser', async () => {
    const b = await guest();
    const mine = await placeOrder(b, [triples()], { invoice: company });
    expect((await issue(mine.id)).status).toBe(201);
    expect((await b.get(`/api/orders/${mine.id}/invoice`)).status).toBe(200);
    expect((await (await guest()).get(`/api/orders/${mine.id}/invoice`)).status).toBe(404);
  });

  it('invoices a private buyer under their name when no company was given', async () => {
    const b = await guest();
    const plain = await placeOrder(b, [triples()]);
    const res = await issue(plain.id);
    expect(res.status).toBe(201);
    const text = await pdfTextPlain((await admin.get(res.body.invoice.pdfUrl).buffer(true).parse(binary)).body);
    expect(text).toContain('Мария Иванова');
  });
});

describe('the number sequence', () => {
  it('gives many parallel issues consecutive numbers with no gap and no duplicate', async () => {
    const b = await guest();
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await placeOrder(b, [triples()], { invoice: company }));
    const last = Number((await shop.app.knex('document_sequences').where({ name: 'invoices' }).first()).lastNumber);
    // Each order twice at once: one issue wins, the other is refused and takes no number.
    const results = await Promise.all([...orders, ...orders].map((o) => issue(o.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(12);
    expect(results.filter((r) => r.status === 409)).toHaveLength(12);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => Number(r.body.invoice.number))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => last + 1 + i));
  });

  it('starts from the number set in the settings, and never goes back', async () => {
    const last = Number((await shop.app.knex('document_sequences').where({ name: 'invoices' }).first()).lastNumber);
    const save = await admin.put('/api/admin/settings', { invoices: { firstNumber: last + 1000 } });
    expect(save.status).toBe(200);
    const b = await guest();
    const o1 = await placeOrder(b, [triples()]);
    const o2 = await placeOrder(b, [triples()]);
    expect((await issue(o1.id)).body.invoice.number).toBe(String(last + 1000).padStart(10, '0'));
    await admin.put('/api/admin/settings', { invoices: { firstNumber: 1 } });
    expect((await issue(o2.id)).body.invoice.number).toBe(String(last + 1001).padStart(10, '0'));
    expect((await admin.put('/api/admin/settings', { invoices: { firstNumber: 0 } })).status).toBe(400);
  });
});

describe('credit notes', () => {
  it('issues one per invoice under the next number, referring to the invoice', async () => {
    const buyer = await shop.signedIn();
    const order = await placeOrder(buyer, [triples()], { invoice: company });
    const invoice = (await issue(order.id)).body.invoice;
    await admin.put(`/api/admin/orders/${order.id}`, { status: 'cancelled' });
    const res = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {});
    expect(res.status).toBe(201);
    expect(res.body.creditNote).toEqual(
      expect.objectContaining({
        number: String(Number(invoice.number) + 1).padStart(10, '0'),
        invoiceNumber: invoice.number,
        total: invoice.total,
        pdfUrl: expect.any(String),
      }),
    );
    const text = await pdfTextPlain((await admin.get(res.body.creditNote.pdfUrl).buffer(true).parse(binary)).body);
    expect(text).toContain('КРЕДИТНО ИЗВЕСТИЕ');
    expect(text).toContain('ОРИГИНАЛ');
    expect(text).toContain(`Към фактура № ${invoice.number}`);
    expect(text).toContain(res.body.creditNote.number);
    expect(text).toContain('Отказана поръчка');

    const again = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_TEXT.creditNoteExists);
    const ofNote = await admin.post(`/api/admin/invoices/${res.body.creditNote.id}/credit-note`, {});
    expect(ofNote.status).toBe(409);
    expect((await admin.post('/api/admin/invoices/999999/credit-note', {})).status).toBe(404);

    const docs = (await buyer.get(`/api/orders/${order.id}/invoices`)).body;
    expect(docs.creditNote).toEqual(
      expect.objectContaining({ number: res.body.creditNote.number, pdfUrl: `/api/orders/${order.id}/credit-note` }),
    );
    expect((await buyer.get(`/api/orders/${order.id}/credit-note`)).status).toBe(200);
  });
});

describe('credit notes on an order that stays active', () => {
  it('refuses the full credit note (409) and takes no number', async () => {
    const b = await guest();
    const order = await placeOrder(b, [triples()], { invoice: company });
    const invoice = (await issue(order.id)).body.invoice;
    const before = (await shop.app.knex('document_sequences').first()).lastNumber;
    const res = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(INVOICE_TEXT.fullCreditNeedsClosedOrder);
    expect((await shop.app.knex('document_sequences').first()).lastNumber).toBe(before);
  });

  it('credits part of the lines, checked against what is left, then the rest; a corrected invoice follows', async () => {
    const buyer = await shop.signedIn();
    const order = await placeOrder(
      buyer,
      [
        triples(3),
        {
          productId: cat.twins.id,
          variantId: cat.twins.v0,
          quantity: 1,
          attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
        },
      ],
      { invoice: company },
    );
    const invoice = (await issue(order.id)).body.invoice;
    const docs = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    const tripleLine = docs.documents[0].lines.find((l: any) => l.name.startsWith('TRIPLES'));
    const twinsLine = docs.documents[0].lines.find((l: any) => l.name.startsWith('TWINS'));
    expect(tripleLine).toEqual(
      expect.objectContaining({ kind: 'goods', orderItemId: expect.any(Number), quantity: 3, unitPrice: 15.34, total: 46.02 }),
    );

    // More than was invoiced, an unknown line, junk: 400 on the field, nothing issued.
    const tooMany = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {
      lines: [{ orderItemId: tripleLine.orderItemId, quantity: 4 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors['lines.0.quantity']).toBe(INVOICE_TEXT.creditTooMuch(3));
    const unknown = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, { lines: [{ orderItemId: 999999, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['lines.0.orderItemId']).toBe(INVOICE_TEXT.creditLineUnknown);
    expect(
      (await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, { lines: [{ orderItemId: 'x', quantity: -1 }] })).status,
    ).toBe(400);
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, { amount: 5 })).status).toBe(400);
    const nothing = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, { lines: [], shipping: false });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(INVOICE_TEXT.creditNothing);

    const part = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {
      lines: [{ orderItemId: tripleLine.orderItemId, quantity: 1 }],
      reason: 'Върнат 1 брой',
    });
    expect(part.status).toBe(201);
    expect(part.body.creditNote).toEqual(
      expect.objectContaining({ invoiceNumber: invoice.number, currency: 'EUR', total: 15.34, taxBase: 12.78, vatTotal: 2.56 }),
    );
    const text = await pdfTextPlain((await admin.get(part.body.creditNote.pdfUrl).buffer(true).parse(binary)).body);
    expect(text).toContain('КРЕДИТНО ИЗВЕСТИЕ');
    expect(text).toContain('Върнат 1 брой');
    expect(text).toContain('Словом: петнадесет евро и 34 цента');
    expect(text).not.toContain('TWINS');

    // What was credited is no longer creditable.
    const again = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {
      lines: [{ orderItemId: tripleLine.orderItemId, quantity: 3 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors['lines.0.quantity']).toBe(INVOICE_TEXT.creditTooMuch(2));
    // A new invoice while the first one still stands: refused.
    expect((await issue(order.id)).status).toBe(409);

    const rest = await admin.post(`/api/admin/invoices/${invoice.id}/credit-note`, {
      lines: [
        { orderItemId: tripleLine.orderItemId, quantity: 2 },
        { orderItemId: twinsLine.orderItemId, quantity: 1 },
      ],
      shipping: true,
    });
    expect(rest.status).toBe(201);
    expect(Math.round((part.body.creditNote.total + rest.body.creditNote.total) * 100)).toBe(Math.round(invoice.total * 100));

    const after = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    expect(after.documents.map((d: any) => d.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
    expect(after.balance).toEqual({ currency: 'EUR', invoiced: invoice.total, credited: invoice.total, open: 0 });

    // The invoice is wholly credited: a corrected one can follow, and then stands alone.
    const corrected = await issue(order.id);
    expect(corrected.status).toBe(201);
    expect(corrected.body.invoice.total).toBe(invoice.total);
    const last = (await admin.get(`/api/admin/orders/${order.id}/invoices`)).body;
    expect(last.balance.open).toBe(invoice.total);
    expect(last.invoice.number).toBe(corrected.body.invoice.number);
    expect((await buyer.get(`/api/orders/${order.id}/invoices`)).body.invoice.number).toBe(corrected.body.invoice.number);
  });
});

describe('the admin list of invoices', () => {
  it('lists invoices and credit notes for react-admin and by month', async () => {
    const res = await admin.get('/api/admin/invoices?range=[0,4]&sort=["number","DESC"]&filter={}');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^invoices 0-4\/\d+$/);
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        number: expect.stringMatching(/^\d{10}$/),
        kind: expect.any(String),
        orderNumber: expect.stringMatching(/^VS-/),
        recipientName: expect.any(String),
        total: expect.any(Number),
      }),
    );
    const numbers = res.body.map((r: any) => r.number);
    expect([...numbers].sort().reverse()).toEqual(numbers);

    const month = new Date().toISOString().slice(0, 7);
    const thisMonth = await admin.get(`/api/admin/invoices?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ month }))}`);
    expect(thisMonth.body.length).toBeGreaterThan(10);
    const kinds = await admin.get(`/api/admin/invoices?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ kind: 'credit_note' }))}`);
    expect(kinds.body.every((r: any) => r.kind === 'credit_note' && r.invoiceNumber)).toBe(true);
    const old = await admin.get(`/api/admin/invoices?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ month: '2020-01' }))}`);
    expect(old.body).toEqual([]);
    expect(
      (await admin.get(`/api/admin/invoices?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ month: '2020-13' }))}`)).status,
    ).toBe(400);
    const spec = await admin.get(`/api/admin/invoices?month=${month}`);
    expect(spec.body.total).toBe(thisMonth.body.length);
    const one = await admin.get(`/api/admin/invoices/${res.body[0].id}`);
    expect(one.body.number).toBe(res.body[0].number);
    expect((await admin.get('/api/admin/invoices/999999')).status).toBe(404);
    const customer = await shop.signedIn();
    expect((await customer.get('/api/admin/invoices')).status).toBe(403);
  });
});

describe('issuing automatically when an order is paid', () => {
  afterEach(async () => {
    await saveSettings({ invoices: DEFAULT_SETTINGS.invoices });
  });

  it('is off by default, and on issues the invoice of an order that asked for one', async () => {
    const b = await guest();
    const off = await placeOrder(b, [triples()], { invoice: company });
    await admin.put(`/api/admin/orders/${off.id}`, { paymentStatus: 'paid' });
    await settled();
    expect((await admin.get(`/api/admin/orders/${off.id}/invoices`)).body.invoice).toBeNull();

    await admin.put('/api/admin/settings', { invoices: { autoIssueOnPayment: true } });
    const on = await placeOrder(b, [triples()], { invoice: company });
    const noRequest = await placeOrder(b, [triples()]);
    await admin.put(`/api/admin/orders/${on.id}`, { paymentStatus: 'paid' });
    await admin.put(`/api/admin/orders/${noRequest.id}`, { paymentStatus: 'paid' });
    // The invoice follows the payment's commit (invoices subscribes to order.paymentChanged).
    await settled();
    const issued = (await admin.get(`/api/admin/orders/${on.id}/invoices`)).body.invoice;
    expect(issued).toEqual(expect.objectContaining({ number: expect.stringMatching(/^\d{10}$/), currency: 'EUR', total: euroTotal(on) }));
    expect((await admin.get(`/api/admin/orders/${noRequest.id}/invoices`)).body.invoice).toBeNull();
    expect(await mailTo(outboxDir, (t) => t.includes(`faktura-${issued.number}.pdf`))).toBeDefined();
  });
});

describe("the seller's legal identity", () => {
  it('is in the public settings and saved only with a valid ЕИК and VAT number', async () => {
    const pub = await (await guest()).get('/api/settings');
    expect(pub.body.legal).toEqual(DEFAULT_SETTINGS.legal);
    expect(pub.body.invoices).toBeUndefined();
    const bad = await admin.put('/api/admin/settings', { legal: { eik: '206123452', vatNumber: 'BG12' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'legal.eik': INVOICE_TEXT.eikInvalid, 'legal.vatNumber': INVOICE_TEXT.vatNumberInvalid });
    const ok = await admin.put('/api/admin/settings', {
      legal: { companyName: 'ВАП СОЛО 2 ЕООД', eik: '121396123', vatNumber: 'bg121396123' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.settings.legal).toEqual({
      ...DEFAULT_SETTINGS.legal,
      companyName: 'ВАП СОЛО 2 ЕООД',
      eik: '121396123',
      vatNumber: 'BG121396123',
    });
    clearSettingsCache();
    const b = await guest();
    const order = await placeOrder(b, [triples()]);
    const res = await issue(order.id);
    const text = await pdfTextPlain((await admin.get(res.body.invoice.pdfUrl).buffer(true).parse(binary)).body);
    expect(text).toContain('ВАП СОЛО 2 ЕООД');
    expect(text).toContain('BG121396123');
    await saveSettings({ legal: DEFAULT_SETTINGS.legal });
    // The issued invoice keeps what it said.
    const later = await pdfTextPlain((await admin.get(res.body.invoice.pdfUrl).buffer(true).parse(binary)).body);
    expect(later).toContain('ВАП СОЛО 2 ЕООД');
  });
});

describe('the monthly sales CSV', () => {
  it('has a BOM, ";" between fields, Bulgarian headers and one row per order of the month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const res = await admin.get(`/api/admin/reports/sales.csv?month=${month}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="prodazhbi-${month}.csv"`);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Поръчка;Дата;Клиент;Начин на плащане;Статус;Данъчна основа;ДДС;Общо;Валута;Фактура №');
    const orders = await Order.query();
    expect(lines).toHaveLength(orders.length + 1);

    const invoiced = (await admin.get('/api/admin/invoices?range=[0,0]&sort=["number","ASC"]&filter={"kind":"invoice"}')).body[0];
    const order = orders.find((o) => o.number === invoiced.orderNumber)!;
    const row = lines.find((l: string) => l.startsWith(order.number + ';'))!.split(';');
    const now = new Date()
      .toLocaleDateString('bg-BG', { timeZone: 'Europe/Sofia', day: '2-digit', month: '2-digit', year: 'numeric' })
      .replace(/\s*г\.$/, '');
    expect(row[1]).toBe(now);
    expect(row[2]).toBe(`${company.companyName} (ЕИК ${company.eik})`);
    expect(row[3]).toBe('Наложен платеж');
    expect(row[5]).toBe((splitVat(order.total).base / 100).toFixed(2).replace('.', ','));
    const total = (order.total / 100).toFixed(2).replace('.', ',');
    expect(row[7]).toBe(total);
    expect(Number(row[5].replace(',', '.')) + Number(row[6].replace(',', '.'))).toBeCloseTo(order.total / 100, 2);
    expect(row[8]).toBe('BGN');
    // The invoice number kept as text (a tab before it, in quotes): Excel and Calc keep its zeros.
    expect(row[9]).toBe(`"\t${invoiced.number}"`);

    const empty = await admin.get('/api/admin/reports/sales.csv?month=2020-01');
    expect(empty.text.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(1);
    for (const bad of ['2026-13', '2026-1', 'x', '']) {
      const r = await admin.get(`/api/admin/reports/sales.csv?month=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.errors.month).toBe(INVOICE_TEXT.monthInvalid);
    }
    expect((await admin.get('/api/admin/reports/sales.csv')).status).toBe(400);
  });
});

describe("the accountant's month: the sales ledger", () => {
  const month = new Date().toISOString().slice(0, 7);

  async function ledger() {
    const res = await admin.get(`/api/admin/reports/sales-ledger.csv?month=${month}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="dnevnik-prodazhbi-${month}.csv"`);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines: string[] = res.body.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const cells = (line: string) => line.split(';').map((c) => c.replace(/^"\t?|"$/g, ''));
    return { header: lines[0], rows: lines.slice(1).map(cells) };
  }
  const minor = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

  it("lists every invoice and credit note of the month in the ledger's columns, credit notes negative, and sums to the documents", async () => {
    const { header, rows } = await ledger();
    expect(header).toBe(
      '№ по ред;Вид на документа;Номер на документа;Дата на документа;ИН по ДДС / ЕИК на получателя;Име на получателя;Вид на стоката/услугата;Данъчна основа;ДДС;Общо;Валута;Към фактура №',
    );
    const documents = (
      await admin.get(`/api/admin/invoices?range=[0,999]&sort=["number","ASC"]&filter=${encodeURIComponent(JSON.stringify({ month }))}`)
    ).body;
    expect(rows.map((r) => r[2])).toEqual(documents.map((d: any) => d.number));
    for (const [i, r] of rows.entries()) {
      const d = documents[i];
      expect(r[0]).toBe(String(i + 1));
      expect(r[1]).toBe(d.kind === 'invoice' ? '01' : '03');
      const sign = d.kind === 'invoice' ? 1 : -1;
      expect(minor(r[7])).toBe(sign * Math.round(d.taxBase * 100));
      expect(minor(r[8])).toBe(sign * Math.round(d.vatTotal * 100));
      expect(minor(r[9])).toBe(sign * Math.round(d.total * 100));
      expect(minor(r[7]) + minor(r[8])).toBe(minor(r[9]));
      expect(r[10]).toBe('EUR');
      if (d.kind === 'credit_note') {
        expect(r[9].startsWith('-')).toBe(true);
        expect(r[11]).toBe(d.invoiceNumber);
      }
    }
    const companyRow = rows.find((r) => r[5] === company.companyName)!;
    expect(companyRow[4]).toBe(company.vatNumber);
    const sum = (col: number) => rows.reduce((s, r) => s + minor(r[col]), 0);
    const expected = documents.reduce((s: number, d: any) => s + (d.kind === 'invoice' ? 1 : -1) * Math.round(d.total * 100), 0);
    expect(sum(9)).toBe(expected);
    expect(sum(7) + sum(8)).toBe(expected);
    expect(rows.some((r) => r[1] === '03')).toBe(true);
  });

  it("is the same month as the NRA's PRODAGBI.TXT: fixed-width records of 424 characters in Windows-1251", async () => {
    const res = await admin.get(`/api/admin/reports/prodagbi.txt?month=${month}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="PRODAGBI.TXT"');
    const text = new TextDecoder('windows-1251').decode(res.body);
    expect(text.endsWith('\r\n')).toBe(true);
    const records = text.split('\r\n').filter(Boolean);
    const { rows } = await ledger();
    expect(records).toHaveLength(rows.length);
    for (const [i, r] of records.entries()) {
      expect(r).toHaveLength(424);
      expect(r.slice(0, 15).trim()).toBe(DEFAULT_SETTINGS.legal.vatNumber);
      expect(r.slice(15, 21)).toBe(month.replace('-', ''));
      expect(r.slice(25, 40).trim()).toBe(String(i + 1));
      expect(r.slice(40, 42)).toBe(rows[i][1]);
      expect(r.slice(42, 62).trim()).toBe(rows[i][2]);
      expect(r.slice(62, 72)).toBe(rows[i][3].replace(/\./g, '/'));
      expect(r.slice(87, 137).trim()).toBe(rows[i][5].slice(0, 50));
      const amount = (k: number) => Math.round(Number(r.slice(167 + 15 * k, 182 + 15 * k).trim()) * 100);
      expect(amount(0)).toBe(minor(rows[i][7]));
      expect(amount(1)).toBe(minor(rows[i][8]));
      expect(amount(2)).toBe(minor(rows[i][7]));
      expect(amount(3)).toBe(minor(rows[i][8]));
    }
    const privateBuyer = records.find((r) => r.slice(87, 137).trim() === 'Мария Иванова');
    expect(privateBuyer?.slice(72, 87)).toBe('999999999999999');
    expect((await admin.get('/api/admin/reports/prodagbi.txt?month=2026-13')).status).toBe(400);
    expect((await admin.get('/api/admin/reports/sales-ledger.csv')).status).toBe(400);
    expect((await (await shop.signedIn()).get(`/api/admin/reports/prodagbi.txt?month=${month}`)).status).toBe(403);
  });
});
