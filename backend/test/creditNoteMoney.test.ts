// Credit notes are bounded by money, not only by quantity: crediting a line a unit at a time, each
// note takes what the line comes to up to and with it less what the earlier notes took (pricing's
// creditedPart), so the notes of a line add up to the line exactly (net and VAT), no note passes
// what remains, and the order's balance never goes below zero, however the notes are issued.
import { shopForThisFile, Browser } from './helpers';
import { checkoutBody, product, approvedCompany } from './fixtures';
import { Invoice, PriceList, PriceListPrice, User } from '../src/models';
import { settled } from '../src/platform/events';

const shop = shopForThisFile();

let admin: Browser;
let member: Browser & { userId: number };
let consumer: Browser;
/** 12,05 лв. with VAT, 10,03 лв. net on the company's price list: on the euro invoices 6,16 and 5,13. */
let liquid: { id: number; variant: number };

interface Note {
  taxBase: number;
  vatTotal: number;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100);
const sum = (notes: Note[], key: keyof Note) => notes.reduce((s, n) => s + cents(n[key]), 0);

beforeAll(async () => {
  admin = await shop.signedIn('admin');
  consumer = await shop.signedIn('customer');
  const p = await product('Течност Мента 10 мл', 'technost-menta', 1205, [{ sku: 'LQ-1', name: '10 мл', stock: 1000 }]);
  liquid = { id: p.id, variant: p.variants[0] };
  const list = await PriceList.query().insertAndFetch({ name: 'Търговци', discountBp: 0 } as Partial<PriceList>);
  await PriceListPrice.query().insert({ priceListId: list.id, variantId: liquid.variant, netPrice: 1003 } as Partial<PriceListPrice>);
  const company = await approvedCompany({ priceListId: list.id });
  member = await shop.signedIn('customer');
  await User.query()
    .patch({ companyId: company.id } as Partial<User>)
    .findById(member.userId);
});

/** A member's order of 12 at 5,13 net, invoiced with the order: the invoice and its one goods line. */
async function tradeInvoice() {
  const res = await member.post(
    '/api/orders/create',
    checkoutBody([{ productId: liquid.id, variantId: liquid.variant, quantity: 12 }], { paymentMethod: 'bank_transfer' }),
  );
  expect(res.status).toBe(201);
  await settled();
  const docs = (await admin.get(`/api/admin/orders/${res.body.order.id}/invoices`).expect(200)).body;
  const line = docs.documents[0].lines.find((l: { kind: string }) => l.kind === 'goods');
  return { orderId: res.body.order.id as number, invoice: docs.invoice, line };
}

const oneUnit = (invoiceId: number, orderItemId: number, extra: object = {}) =>
  admin.post(`/api/admin/invoices/${invoiceId}/credit-note`, { lines: [{ orderItemId, quantity: 1 }], ...extra });

describe('a line credited one unit at a time', () => {
  it('12 × 5,13 net: the notes add up to the line (61,56 + 12,31 VAT), not 12 × 1,03 of VAT', async () => {
    const { orderId, invoice, line } = await tradeInvoice();
    expect(line).toEqual(expect.objectContaining({ quantity: 12, unitPrice: 5.13, taxBase: 61.56, vat: 12.31, total: 73.87 }));
    const notes: Note[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await oneUnit(invoice.id, line.orderItemId, i === 11 ? { shipping: true } : {});
      expect(res.status).toBe(201);
      notes.push(res.body.creditNote);
      // Never more than remains: the VAT credited so far is at most the line's.
      expect(sum(notes, 'vatTotal') - (i === 11 ? cents(invoice.vatTotal) - 1231 : 0)).toBeLessThanOrEqual(1231);
    }
    const goodsOnly = notes.slice(0, 11);
    expect(sum(goodsOnly, 'taxBase')).toBe(11 * 513);
    expect(sum(notes, 'taxBase')).toBe(cents(invoice.taxBase));
    expect(sum(notes, 'vatTotal')).toBe(cents(invoice.vatTotal));
    expect(sum(notes, 'total')).toBe(cents(invoice.total));
    // Nothing is left to credit, and the balance is exactly nil.
    expect((await oneUnit(invoice.id, line.orderItemId)).status).toBe(400);
    const after = (await admin.get(`/api/admin/orders/${orderId}/invoices`)).body;
    expect(after.balance).toEqual({ currency: 'EUR', invoiced: invoice.total, credited: invoice.total, open: 0 });
  });

  it("each note's lines, its totals, its PDF and the ledger agree", async () => {
    const { invoice, line } = await tradeInvoice();
    const res = await oneUnit(invoice.id, line.orderItemId);
    const note = (await Invoice.query().findById(res.body.creditNote.id))!;
    const lines = note.data.lines;
    expect([note.taxBase, note.vatTotal, note.total]).toEqual([
      lines.reduce((s, l) => s + l.taxBase, 0),
      lines.reduce((s, l) => s + l.vat, 0),
      lines.reduce((s, l) => s + l.total, 0),
    ]);
    expect(lines.every((l) => l.taxBase + l.vat === l.total)).toBe(true);
    const pdf = await admin.get(res.body.creditNote.pdfUrl);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const month = note.issuedAt.slice(0, 7);
    const ledger = (await admin.get(`/api/admin/reports/sales-ledger.csv?month=${month}`).expect(200)).text;
    expect(ledger).toContain(note.number);
  });

  it('12 × 6,16 with VAT: the notes add up to the line (61,60 + 12,32 VAT)', async () => {
    const placed = await consumer.post(
      '/api/orders/create',
      checkoutBody([{ productId: liquid.id, variantId: liquid.variant, quantity: 12 }], { invoice: undefined }),
    );
    expect(placed.status).toBe(201);
    const issued = await admin.post(`/api/admin/orders/${placed.body.order.id}/invoice`, {});
    expect(issued.status).toBe(201);
    const docs = (await admin.get(`/api/admin/orders/${placed.body.order.id}/invoices`)).body;
    const line = docs.documents[0].lines.find((l: { kind: string }) => l.kind === 'goods');
    expect(line).toEqual(expect.objectContaining({ taxBase: 61.6, vat: 12.32, total: 73.92 }));
    const notes: Note[] = [];
    for (let i = 0; i < 12; i++) notes.push((await oneUnit(docs.invoice.id, line.orderItemId).expect(201)).body.creditNote);
    expect([sum(notes, 'taxBase'), sum(notes, 'vatTotal'), sum(notes, 'total')]).toEqual([6160, 1232, 7392]);
    const after = (await admin.get(`/api/admin/orders/${placed.body.order.id}/invoices`)).body;
    expect(after.balance.open).toBeGreaterThanOrEqual(0);
  });

  it('15 notes of one unit at once credit the 12 units once, and add up to the line', async () => {
    const { orderId, invoice, line } = await tradeInvoice();
    const answers = await Promise.all(Array.from({ length: 15 }, () => oneUnit(invoice.id, line.orderItemId)));
    const made = answers.filter((a) => a.status === 201).map((a) => a.body.creditNote as Note);
    expect(made).toHaveLength(12);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual([400, 400, 400]);
    expect([sum(made, 'taxBase'), sum(made, 'vatTotal')]).toEqual([6156, 1231]);
    const after = (await admin.get(`/api/admin/orders/${orderId}/invoices`)).body;
    expect(after.balance.open).toBeGreaterThanOrEqual(0);
    expect(cents(after.balance.credited)).toBe(7387);
  });
});
