// Packing slips: one order's slip in A4 or A6 and many orders' slips in one PDF, read
// back as text the way a person copying from it would get it (poppler's pdftotext): the order
// number, the items with their flavour, the courier office or the address, the recipient and the
// cash to collect in the order's currency; page sizes; admins only; Bulgarian refusals.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { AuditLog, Order } from '../src/models';
import { clearSettingsCache } from '../src/modules/settings/service';
import { PACKING_SLIP_TEXT } from '@domain/packingSlips';
import { PACKING_SLIPS_MAX } from '@domain/limits';
import { API } from '@domain/messages';
import { binary } from './pdf';

let shop: TestShop;
let cat: Catalogue;
let admin: Browser;
let guest: Browser;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-slips-'));

beforeAll(async () => {
  clearSettingsCache();
  shop = await makeShop();
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

function readPdf(buffer: Buffer, tool: 'pdftotext' | 'pdfinfo'): string {
  const file = path.join(workDir, `slip-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, buffer);
  try {
    return execFileSync(tool, tool === 'pdftotext' ? ['-layout', '-enc', 'UTF-8', file, '-'] : ['-f', '1', '-l', '1000', file], {
      encoding: 'utf8',
    });
  } finally {
    fs.rmSync(file);
  }
}
/** The text with runs of spaces made one (pdftotext -layout pads columns). */
const pdfText = (pdf: Buffer) => readPdf(pdf, 'pdftotext').replace(/[ \u00a0\u202f]+/g, ' ');
/** Each page's size in points, as pdfinfo reports them. */
const pageSizes = (pdf: Buffer) =>
  [...readPdf(pdf, 'pdfinfo').matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);

async function econtOffice(q: string): Promise<{ id: number; name: string; code: string; city: string; address: string }> {
  const res = await guest.get(`/api/couriers/offices?courier=econt&q=${encodeURIComponent(q)}`);
  return res.body.offices[0];
}

/** An order to an Econt office with two lines, TWINS with a flavour and an inscription, TRIPLES ×3. */
async function officeOrder() {
  const office = await econtOffice('Пловдив');
  const order = await placeOrder(
    guest,
    [
      {
        productId: cat.twins.id,
        variantId: cat.twins.v0,
        quantity: 2,
        attributes: [{ attributeId: cat.flavour, attributeValueId: cat.berry }],
        personalization: 'За Ани',
      },
      { productId: cat.triples.id, variantId: cat.triples.variant, quantity: 3 },
    ],
    {
      customer: { firstName: 'Елена', lastName: 'Димитрова', email: 'elena.slip@example.bg', phone: '+359 88 765 4321' },
      shipping: { method: 'econt_office', officeId: office.id },
      note: 'Моля, звънете преди доставка.',
    },
  );
  return { order, office };
}

describe('one order’s packing slip', () => {
  it('prints the number, date, items with flavour, office, recipient and COD amount on one A4 page', async () => {
    const { order, office } = await officeOrder();
    const res = await admin.get(`/api/admin/orders/${order.id}/packing-slip?size=a4`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="packing-slip-${order.number}-a4.pdf"`));
    const text = pdfText(res.body);
    expect(text).toContain(PACKING_SLIP_TEXT.title);
    expect(text).toContain(`Поръчка № ${order.number} от`);
    expect(text).toMatch(/от \d{2}\.\d{2}\.\d{4}/);
    expect(text).toContain('TWINS Плодов микс — 0 mg');
    expect(text).toContain('Вкус 1: Ягода');
    expect(text).toContain('Надпис: „За Ани“');
    expect(text).toMatch(/2 ?× TWINS/);
    expect(text).toContain('TRIPLES Ментол — Стандартен');
    expect(text).toMatch(/3 ?× TRIPLES/);
    expect(text).toContain('Общо: 5 бр.');
    expect(text).toContain(`офис на Еконт „${office.name}“ (${office.code})`);
    expect(text).toContain(office.address);
    expect(text).toContain('Елена Димитрова');
    expect(text).toContain('+359 88 765 4321');
    expect(text).toContain('Моля, звънете преди доставка.');
    // 2 × 24,90 + 3 × 30,00 = 139,80 plus the office shipping fee: the order's total, in leva.
    const cod = text.match(/Наложен платеж: ([\d ,]+лв\.)/);
    expect(cod?.[1].replace(/\s/g, '')).toBe(`${order.total.toFixed(2).replace('.', ',')}лв.`);
    // No prices of the items: the slip goes in the parcel.
    expect(text).not.toContain('24,90');
    const sizes = pageSizes(res.body);
    expect(sizes).toHaveLength(1);
    expect(sizes[0][0]).toBeCloseTo(595.28, 1);
    expect(sizes[0][1]).toBeCloseTo(841.89, 1);
  });

  it('prints A6 (297.64 × 419.53 pt) for the label printer, with an address when there is no office', async () => {
    const order = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
      shipping: { method: 'address', city: 'Варна', postcode: '9000', address: 'ул. „Шипка“ 7, ап. 3' },
    });
    const res = await admin.get(`/api/admin/orders/${order.id}/packing-slip?size=a6`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const sizes = pageSizes(res.body);
    expect(sizes).toHaveLength(1);
    expect(sizes[0][0]).toBeCloseTo(297.64, 1);
    expect(sizes[0][1]).toBeCloseTo(419.53, 1);
    const text = pdfText(res.body);
    expect(text).toContain(order.number);
    expect(text).toContain('До адрес');
    expect(text).toContain('9000 Варна');
    expect(text).toContain('ул. „Шипка“ 7, ап. 3');
    expect(text).toContain('TRIPLES Ментол');
  });

  it('says there is nothing to collect for a bank transfer, and shows COD in euro for a euro order', async () => {
    const bank = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
      paymentMethod: 'bank_transfer',
    });
    const bankText = pdfText((await admin.get(`/api/admin/orders/${bank.id}/packing-slip`).buffer(true).parse(binary)).body);
    expect(bankText).toContain(PACKING_SLIP_TEXT.noCod);
    expect(bankText).not.toMatch(/Наложен платеж:/);

    const euro = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    await Order.query()
      .patch({ currency: 'EUR' } as Partial<Order>)
      .findById(euro.id);
    const euroText = pdfText((await admin.get(`/api/admin/orders/${euro.id}/packing-slip`).buffer(true).parse(binary)).body);
    expect(euroText).toMatch(new RegExp(`Наложен платеж: ${euro.total.toFixed(2).replace('.', ',')}\\s?€`));
  });

  it('refuses an unknown size in Bulgarian, answers 404 for an unknown order, and is for admins only', async () => {
    const { order } = await officeOrder();
    const bad = await admin.get(`/api/admin/orders/${order.id}/packing-slip?size=letter`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.size).toBe(PACKING_SLIP_TEXT.sizeInvalid);
    const missing = await admin.get('/api/admin/orders/999999/packing-slip');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(API.orderNotFound);
    expect((await shop.browser().get(`/api/admin/orders/${order.id}/packing-slip`)).status).toBe(401);
    const customer = await shop.signedIn('customer');
    expect((await customer.get(`/api/admin/orders/${order.id}/packing-slip`)).status).toBe(403);
  });
});

describe('packing slips in bulk', () => {
  it('puts one slip per page in the order asked, A6 or A4, and writes nothing to the audit log', async () => {
    const first = (await officeOrder()).order;
    const second = await placeOrder(guest, [
      {
        productId: cat.twins.id,
        variantId: cat.twins.v0,
        quantity: 1,
        attributes: [{ attributeId: cat.flavour, attributeValueId: cat.mint }],
      },
    ]);
    const third = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 4 }]);
    const auditBefore = await AuditLog.query().resultSize();
    const res = await admin
      .post('/api/admin/orders/packing-slips', { ids: [third.id, first.id, second.id], size: 'a6' })
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const sizes = pageSizes(res.body);
    expect(sizes).toHaveLength(3);
    for (const [w, h] of sizes) {
      expect(w).toBeCloseTo(297.64, 1);
      expect(h).toBeCloseTo(419.53, 1);
    }
    const pages = readPdf(res.body, 'pdftotext').split('\f');
    expect(pages[0]).toContain(third.number);
    expect(pages[1]).toContain(first.number);
    expect(pages[1]).toContain('Вкус 1: Ягода');
    expect(pages[2]).toContain(second.number);
    expect(pages[2]).toContain('Вкус 1: Мента');
    expect(await AuditLog.query().resultSize()).toBe(auditBefore);

    const a4 = await admin
      .post('/api/admin/orders/packing-slips', { ids: [first.id, second.id] })
      .buffer(true)
      .parse(binary);
    expect(pageSizes(a4.body).map(([w]) => Math.round(w))).toEqual([595, 595]);
  });

  it(`refuses more than ${PACKING_SLIPS_MAX} orders, none, or a wrong size in Bulgarian, and names unknown ids with 404`, async () => {
    const { order } = await officeOrder();
    const many = await admin.post('/api/admin/orders/packing-slips', {
      ids: Array.from({ length: PACKING_SLIPS_MAX + 1 }, (_, i) => i + 1),
      size: 'a6',
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(PACKING_SLIP_TEXT.tooMany);
    expect(many.body.errors.ids).toBe(PACKING_SLIP_TEXT.tooMany);
    const none = await admin.post('/api/admin/orders/packing-slips', { ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors.ids).toBe(PACKING_SLIP_TEXT.idsRequired);
    const notIds = await admin.post('/api/admin/orders/packing-slips', { ids: ['abc'] });
    expect(notIds.status).toBe(400);
    const size = await admin.post('/api/admin/orders/packing-slips', { ids: [order.id], size: 'a5' });
    expect(size.status).toBe(400);
    expect(size.body.errors.size).toBe(PACKING_SLIP_TEXT.sizeInvalid);
    const unknown = await admin.post('/api/admin/orders/packing-slips', { ids: [order.id, 999998, 999999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(PACKING_SLIP_TEXT.notFound('#999998, #999999'));
    const customer = await shop.signedIn('customer');
    expect((await customer.post('/api/admin/orders/packing-slips', { ids: [order.id] })).status).toBe(403);
  });
});
