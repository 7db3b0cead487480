// Buying as a business: a price list's quantity breaks price each line by its quantity (the quote,
// the order and its invoice alike, VAT 20 % of each base) and show to members as `tradeTiers`; a
// product's trade minimum and multiple refuse a line by its number; a company may require its
// buyer's purchase-order number, which the order, its invoice (PDF), the sales ledger and the staff's
// search carry; and an order may go to one of the company's own shops, never another company's.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, product, checkoutBody, approvedCompany, memberOf } from './fixtures';
import { Company, Invoice, Order, Variant } from '../src/models';
import { settled } from '../src/platform/events';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { convertMinor, type Currency } from '@domain/money';
import { binary, pdfText } from './pdf';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-buying-outbox-'));
const shop = shopForThisFile({ outboxDir });

let cat: Catalogue;
let admin: Browser;
/** A pod at 6,90 with VAT, sold in packs of 10, with quantity breaks in the list. */
let pod: { id: number; variant: number };
let list: { id: number; prices: any[] };
let acme: Company;
let other: Company;
let member: Browser & { userId: number; email: string };
let stranger: Browser & { userId: number; email: string };
let consumer: Browser & { userId: number };

const podLine = (quantity: number) => ({ productId: pod.id, variantId: pod.variant, quantity });
const triplesLine = (quantity: number) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });
const tradeBody = (items: object[], extra: Record<string, unknown> = {}) =>
  checkoutBody(items, { paymentMethod: 'bank_transfer', ...extra });
const quote = (b: Browser, items: object[]) => b.post('/api/checkout/quote', { items, shipping: { method: null } });

/** The list's rows as staff send them: the pod from 1, 50 and 100; TRIPLES by the discount, from 5 at 20,00. */
const breaks = (from50 = 5.2) => [
  { variantId: pod.variant, netPrice: 5.75, minQuantity: 1 },
  { variantId: pod.variant, netPrice: from50, minQuantity: 50 },
  { variantId: pod.variant, netPrice: 4.9, minQuantity: 100 },
  { variantId: cat.triples.variant, netPrice: 20, minQuantity: 5 },
];

beforeAll(async () => {
  cat = await makeCatalogue();
  const p = await product('TWINS Под Ментол', 'twins-pod-mentol', 690, [{ sku: 'POD-10', name: 'Опаковка', stock: 5000 }]);
  pod = { id: p.id, variant: p.variants[0] };
  await Variant.query()
    .patch({ packSize: 10 } as Partial<Variant>)
    .findById(pod.variant);
  admin = await shop.signedIn('admin');
  const made = await admin.post('/api/admin/price-lists', { name: 'Дистрибутори с отстъпки', discountPercent: 10, prices: breaks() });
  expect(made.status).toBe(201);
  list = made.body;
  acme = await approvedCompany({ priceListId: list.id });
  other = await approvedCompany({
    name: 'Друга Фирма ЕООД',
    eik: '831642181',
    contactEmail: 'office@druga.example.bg',
    priceListId: list.id,
  });
  member = await memberOf(shop, acme);
  stranger = await memberOf(shop, other);
  consumer = await shop.signedIn('customer');
});
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
afterEach(() => settled());

describe('quantity breaks in a price list', () => {
  it('are kept as rows per variant and quantity, answered in order', async () => {
    const res = await admin.get(`/api/admin/price-lists/${list.id}`);
    expect(res.status).toBe(200);
    const rows = res.body.prices.map((p: any) => [p.sku, p.minQuantity, p.netPrice]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['POD-10', 1, 5.75],
        ['POD-10', 50, 5.2],
        ['POD-10', 100, 4.9],
        ['TR-1', 5, 20],
      ]),
    );
    const podRows = rows.filter((r: any[]) => r[0] === 'POD-10');
    expect(podRows.map((r: any[]) => r[1])).toEqual([1, 50, 100]);
    // A row sent without a quantity is the base (from 1).
    const plain = await admin.post('/api/admin/price-lists', { name: 'Без количества', prices: [{ variantId: pod.variant, netPrice: 6 }] });
    expect(plain.status).toBe(201);
    expect(plain.body.prices[0]).toEqual(expect.objectContaining({ minQuantity: 1, netPrice: 6 }));
  });

  it('refuses a variant priced twice from one quantity, and a quantity below 1, naming the row', async () => {
    const cases: Array<[object[], string[]]> = [
      [
        [
          { variantId: pod.variant, netPrice: 5, minQuantity: 50 },
          { variantId: pod.variant, netPrice: 4, minQuantity: 50 },
        ],
        ['prices.1.minQuantity', 'prices.1.variantId'],
      ],
      [
        [
          { variantId: pod.variant, netPrice: 5 },
          { variantId: pod.variant, netPrice: 4, minQuantity: 1 },
        ],
        ['prices.1.minQuantity'],
      ],
      [[{ variantId: pod.variant, netPrice: 5, minQuantity: 0 }], ['prices.0.minQuantity']],
      [[{ variantId: pod.variant, netPrice: 5, minQuantity: -5 }], ['prices.0.minQuantity']],
      [[{ variantId: pod.variant, netPrice: 5, minQuantity: 2.5 }], ['prices.0.minQuantity']],
      [[{ variantId: pod.variant, netPrice: 5, minQuantity: 'много' }], ['prices.0.minQuantity']],
    ];
    for (const [prices, fields] of cases) {
      const res = await admin.put(`/api/admin/price-lists/${list.id}`, { prices });
      expect(res.status).toBe(400);
      for (const f of fields) expect(res.body.errors).toHaveProperty([f]);
    }
    expect(
      (await admin.put(`/api/admin/price-lists/${list.id}`, { prices: breaks().slice(0, 2).concat(breaks().slice(1, 2)) })).body.errors,
    ).toEqual(expect.objectContaining({ 'prices.2.minQuantity': PRICE_LIST_TEXTS.breakTwice }));
    // Nothing of it was saved.
    expect((await admin.get(`/api/admin/price-lists/${list.id}`)).body.prices).toHaveLength(4);
  });
});

describe('a line priced by its quantity', () => {
  it('takes the row with the greatest quantity the line reaches, net, VAT 20 % of each base', async () => {
    // The pod: 5,75 from 1, 5,20 from 50, 4,90 from 100. TRIPLES: 30,00 with VAT → 25,00 net less
    // 10 % = 22,50 below 5, then 20,00.
    const cases: Array<[object, number]> = [
      [podLine(10), 5.75],
      [podLine(40), 5.75],
      [podLine(50), 5.2],
      [podLine(90), 5.2],
      [podLine(100), 4.9],
      [podLine(150), 4.9],
      [triplesLine(4), 22.5],
      [triplesLine(5), 20],
    ];
    for (const [line, unit] of cases) {
      const res = await quote(member, [line]);
      expect(res.status).toBe(200);
      const [l] = res.body.lines;
      expect(l.unitPrice).toBe(unit);
      expect(Math.round(l.lineTotal * 100)).toBe(Math.round(unit * 100) * l.quantity);
      expect(res.body.vatTotal).toBe(Math.round(l.lineTotal * 100 * 0.2) / 100);
    }
    // Two lines of one order, each at its own break.
    const both = (await quote(member, [podLine(100), triplesLine(2)])).body;
    expect(both.lines.map((l: any) => [l.unitPrice, l.lineTotal])).toEqual([
      [4.9, 490],
      [22.5, 45],
    ]);
    expect(both.subtotalNet).toBe(535);
    expect(both.vatTotal).toBe(107);
    expect(both.total).toBe(642);
  });

  it("prices the member's cart by the same breaks", async () => {
    await member.post('/api/cart/add', podLine(50)).expect(200);
    try {
      const cart = (await member.get('/api/cart').expect(200)).body;
      expect(cart.cartItems.map((l: any) => [l.unitPrice, l.lineTotal])).toEqual([[5.2, 260]]);
    } finally {
      await member.delete('/api/cart');
    }
  });

  it('orders and invoices each line at its break, every line and the whole adding up', async () => {
    const res = await member.post('/api/orders/create', tradeBody([podLine(100), triplesLine(6)]));
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.items.map((i: any) => [i.unitPrice, i.quantity, i.lineTotal])).toEqual([
      [4.9, 100, 490],
      [20, 6, 120],
    ]);
    expect(order.subtotalNet).toBe(610);
    const row = (await Invoice.query().where({ orderId: order.id, kind: 'invoice' }).first())!;
    expect(row).toBeTruthy();
    const goods = row.data.lines.filter((l: any) => l.kind === 'goods');
    // Invoices are in euro from 2026: a shop in leva has each unit price converted at the fixed rate.
    const inInvoice = (minor: number) =>
      row.currency === order.currency ? minor : convertMinor(minor, order.currency, row.currency as Currency);
    expect(goods.map((l: any) => l.unitPriceNet)).toEqual([inInvoice(490), inInvoice(2000)]);
    for (const l of row.data.lines) {
      expect(l.taxBase + l.vat).toBe(l.total);
      if (l.kind === 'goods') {
        expect(l.taxBase).toBe(l.unitPriceNet * l.quantity);
        expect(l.vat).toBe(Math.round(l.taxBase * 0.2));
      }
    }
    const sum = (k: 'taxBase' | 'vat' | 'total') => row.data.lines.reduce((s: number, l: any) => s + l[k], 0);
    expect([sum('taxBase'), sum('vat'), sum('total')]).toEqual([row.taxBase, row.vatTotal, row.total]);
    if (row.currency === order.currency) expect(Math.round(order.total * 100)).toBe(row.total);
  });
});

describe("a member's product answer", () => {
  it("carries each variant's ladder beside its trade price; guests and consumers see none", async () => {
    const res = await member.get(`/api/products/${pod.id}`);
    expect(res.status).toBe(200);
    const p = res.body.product;
    const v = p.variants[0];
    expect(v.tradePrice).toBe(5.75);
    expect(v.tradeTiers).toEqual([
      { minQuantity: 1, netPrice: 5.75 },
      { minQuantity: 50, netPrice: 5.2 },
      { minQuantity: 100, netPrice: 4.9 },
    ]);
    expect(p.tradeTiers).toEqual(v.tradeTiers);
    // A variant without a base row starts at the list's discount.
    const triples = (await member.get('/api/products?limit=50')).body.products.find((x: any) => x.id === cat.triples.id);
    expect(triples.variants[0].tradeTiers).toEqual([
      { minQuantity: 1, netPrice: 22.5 },
      { minQuantity: 5, netPrice: 20 },
    ]);
    for (const b of [shop.browser(), consumer])
      expect(JSON.stringify((await b.get(`/api/products/${pod.id}`)).body)).not.toMatch(/tradeTiers/);
  });

  it('follows a break staff change at once, in the kept answers and the next quote', async () => {
    const url = `/api/products/${pod.id}`;
    const from50 = async () => (await member.get(url)).body.product.variants[0].tradeTiers[1].netPrice;
    // Asked twice: the second is the kept answer.
    expect(await from50()).toBe(5.2);
    expect(await from50()).toBe(5.2);
    expect((await quote(member, [podLine(60)])).body.lines[0].unitPrice).toBe(5.2);
    const saved = await admin.put(`/api/admin/price-lists/${list.id}`, { prices: breaks(5.1) });
    expect(saved.status).toBe(200);
    try {
      expect(await from50()).toBe(5.1);
      expect((await quote(member, [podLine(60)])).body.lines[0].unitPrice).toBe(5.1);
      // A list answer too (kept per price list).
      const listed = (await member.get('/api/products?limit=50')).body.products.find((x: any) => x.id === pod.id);
      expect(listed.tradeTiers[1]).toEqual({ minQuantity: 50, netPrice: 5.1 });
    } finally {
      await admin.put(`/api/admin/price-lists/${list.id}`, { prices: breaks() });
    }
  });
});

describe("a product's trade minimum and multiple", () => {
  let liquid: { id: number; variant: number };
  beforeAll(async () => {
    const p = await product('Течност Мента 10 ml', 'technost-menta', 1200, [{ sku: 'LQ-M', name: '10 ml', stock: 1000 }]);
    liquid = { id: p.id, variant: p.variants[0] };
  });
  const liquidLine = (quantity: number) => ({ productId: liquid.id, variantId: liquid.variant, quantity });

  it('are saved through the product save, answered, and refused when not whole numbers from 1', async () => {
    const res = await admin.put(`/api/admin/products/${liquid.id}`, { tradeMinimumQuantity: 20, tradeMultiple: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ tradeMinimumQuantity: 20, tradeMultiple: 5 }));
    expect((await member.get(`/api/products/${liquid.id}`)).body.product).toEqual(
      expect.objectContaining({ tradeMinimumQuantity: 20, tradeMultiple: 5 }),
    );
    for (const [body, field] of [
      [{ tradeMinimumQuantity: 0 }, 'tradeMinimumQuantity'],
      [{ tradeMinimumQuantity: 1.5 }, 'tradeMinimumQuantity'],
      [{ tradeMultiple: 0 }, 'tradeMultiple'],
    ] as const) {
      const bad = await admin.put(`/api/admin/products/${liquid.id}`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty([field]);
    }
    // A new product has no minimum and follows its packs.
    const fresh = await admin.post('/api/admin/products', { name: 'Нов аксесоар', price: 5, kind: 'accessory' });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toEqual(expect.objectContaining({ tradeMinimumQuantity: 1, tradeMultiple: null }));
  });

  it('refuse a line below the minimum or off the multiple, naming the line, in the quote and the order', async () => {
    await admin.put(`/api/admin/products/${liquid.id}`, { tradeMinimumQuantity: 20, tradeMultiple: 5 }).expect(200);
    const below = await quote(member, [triplesLine(1), liquidLine(10)]);
    expect(below.status).toBe(400);
    const minText = TRADE_ORDER_TEXT.belowProductMinimum('Течност Мента 10 ml', 20);
    expect(below.body.message).toBe(minText);
    expect(below.body.errors).toEqual({ 'items.1.quantity': minText });
    const off = await quote(member, [liquidLine(22)]);
    expect(off.status).toBe(400);
    expect(off.body.errors).toEqual({ 'items.0.quantity': TRADE_ORDER_TEXT.productMultiple('Течност Мента 10 ml', 5) });
    const ok = await quote(member, [liquidLine(25)]);
    expect(ok.status).toBe(200);
    expect(ok.body.lines[0]).toEqual(expect.objectContaining({ minimumQuantity: 20, multiple: 5 }));
    const before = await Order.query().resultSize();
    const order = await member.post('/api/orders/create', tradeBody([liquidLine(10)]));
    expect(order.status).toBe(400);
    expect(order.body.errors['items.0.quantity']).toBe(minText);
    expect(await Order.query().resultSize()).toBe(before);
    // The product's own multiple replaces the pack: the pod (packs of 10) in fives.
    await admin.put(`/api/admin/products/${pod.id}`, { tradeMultiple: 5 }).expect(200);
    try {
      expect((await quote(member, [podLine(15)])).status).toBe(200);
    } finally {
      await admin.put(`/api/admin/products/${pod.id}`, { tradeMultiple: null }).expect(200);
    }
    // Back to the pack.
    const pack = await quote(member, [podLine(15)]);
    expect(pack.body.errors).toEqual({ 'items.0.quantity': TRADE_ORDER_TEXT.packMultiple('TWINS Под Ментол', 10) });
    // A consumer buys by the piece whatever the trade rules.
    expect((await consumer.post('/api/checkout/quote', { items: [liquidLine(1)], shipping: { method: null } })).status).toBe(200);
  });
});

describe("the buyer's purchase-order number", () => {
  const setRequired = (required: boolean) =>
    admin.put(`/api/admin/companies/${acme.id}`, { requirePurchaseOrderNumber: required }).expect(200);
  afterEach(() => setRequired(false));

  it('is required when the company says so, optional otherwise, and at most 35 visible characters', async () => {
    const changed = await admin.put(`/api/admin/companies/${acme.id}`, { requirePurchaseOrderNumber: true });
    expect(changed.status).toBe(200);
    expect(changed.body.requirePurchaseOrderNumber).toBe(true);
    expect((await Company.query().findById(acme.id))!.requirePurchaseOrderNumber).toBe(true);
    expect((await quote(member, [podLine(10)])).body.trade.requirePurchaseOrderNumber).toBe(true);
    const before = await Order.query().resultSize();
    for (const po of [undefined, '', '   ']) {
      const res = await member.post('/api/orders/create', tradeBody([podLine(10)], po === undefined ? {} : { purchaseOrderNumber: po }));
      expect(res.status).toBe(400);
      expect(res.body.errors.purchaseOrderNumber).toBe(TRADE_ORDER_TEXT.purchaseOrderRequired);
    }
    for (const po of ['X'.repeat(36), 'PO\u0007123', 'PO\u200b123']) {
      const res = await member.post('/api/orders/create', tradeBody([podLine(10)], { purchaseOrderNumber: po }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(['purchaseOrderNumber']);
    }
    expect(await Order.query().resultSize()).toBe(before);
    const placed = await member.post('/api/orders/create', tradeBody([podLine(10)], { purchaseOrderNumber: `  ${'Я'.repeat(35)}  ` }));
    expect(placed.status).toBe(201);
    expect(placed.body.order.purchaseOrderNumber).toBe('Я'.repeat(35));

    await setRequired(false);
    const without = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(without.status).toBe(201);
    expect(without.body.order.purchaseOrderNumber).toBeNull();
    // A consumer's order has none.
    const theirs = await consumer.post('/api/orders/create', checkoutBody([triplesLine(1)], { purchaseOrderNumber: 'PO-1' }));
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toHaveProperty(['purchaseOrderNumber']);
  });

  it("is asked of staff taking a company's order by phone too", async () => {
    await setRequired(true);
    const phone = (extra: Record<string, unknown>) =>
      admin.post(
        '/api/admin/orders',
        tradeBody([podLine(10)], {
          customer: { firstName: 'Петър', lastName: 'Петров', email: member.email, phone: '0888765432' },
          ...extra,
        }),
      );
    const without = await phone({});
    expect(without.status).toBe(400);
    expect(without.body.errors.purchaseOrderNumber).toBe(TRADE_ORDER_TEXT.purchaseOrderRequired);
    const withIt = await phone({ purchaseOrderNumber: 'ТЕЛ-5' });
    expect(withIt.status).toBe(201);
    expect(withIt.body).toEqual(expect.objectContaining({ companyId: acme.id, purchaseOrderNumber: 'ТЕЛ-5' }));
  });

  it('is on the order for staff and the member, found by the staff search, on the invoice PDF and in the ledger', async () => {
    const po = 'ПО-2026/117';
    const res = await member.post('/api/orders/create', tradeBody([podLine(20)], { purchaseOrderNumber: po }));
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.purchaseOrderNumber).toBe(po);
    expect((await member.get(`/api/orders/${order.id}`)).body.order.purchaseOrderNumber).toBe(po);
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.purchaseOrderNumber).toBe(po);
    expect((await Order.query().findById(order.id))!.purchaseOrderNumber).toBe(po);

    const found = await admin.get(`/api/admin/orders?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ q: 'по-2026/117' }))}`);
    expect(found.status).toBe(200);
    expect(found.body.map((o: any) => o.id)).toEqual([order.id]);
    expect(found.body[0].purchaseOrderNumber).toBe(po);
    const spec = await admin.get(`/api/admin/orders?searchTerm=${encodeURIComponent('2026/117')}`);
    expect(spec.body.data.orders.map((o: any) => o.id)).toEqual([order.id]);

    const docs = await member.get(`/api/orders/${order.id}/invoices`);
    const invoice = docs.body.invoice;
    expect(invoice).toBeTruthy();
    const pdf = await member.get(invoice.pdfUrl).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.body)).toContain(TRADE_ORDER_TEXT.purchaseOrderOnInvoice(po));

    const month = new Date().toISOString().slice(0, 7);
    const ledger = await admin.get(`/api/admin/reports/sales-ledger.csv?month=${month}`).buffer(true).parse(binary);
    expect(ledger.status).toBe(200);
    const line = ledger.body
      .toString('utf8')
      .split('\r\n')
      .find((l: string) => l.includes(invoice.number));
    expect(line).toContain(`Стоки по поръчка ${order.number}, PO № ${po}`);
    // The NRA's file keeps its fixed width.
    const txt = await admin.get(`/api/admin/reports/prodagbi.txt?month=${month}`).buffer(true).parse(binary);
    const records = new TextDecoder('windows-1251').decode(txt.body).split('\r\n').filter(Boolean);
    expect(records.every((r) => r.length === 424)).toBe(true);
  });
});

describe("delivery to the company's shops", () => {
  let shops: Array<{ id: number; name: string; city: string; address: string }>;
  let othersShop: number;

  beforeAll(async () => {
    const res = await admin.put(`/api/admin/companies/${acme.id}`, {
      shops: [
        { name: 'Вейп Център Варна', city: 'Варна', address: 'ул. „Славянска“ 10', phone: '052 600 600', listed: true },
        { name: 'Склад Пловдив', city: 'Пловдив', address: 'бул. „Марица“ 5', listed: false },
      ],
    });
    expect(res.status).toBe(200);
    shops = res.body.shops;
    const theirs = await admin.put(`/api/admin/companies/${other.id}`, {
      shops: [{ name: 'Чужд магазин', city: 'Русе', address: 'ул. Александровска 1' }],
    });
    othersShop = theirs.body.shops[0].id;
  });

  it("are the member's to read, with the company's purchase-order rule", async () => {
    const res = await member.get('/api/trade/company');
    expect(res.status).toBe(200);
    expect(res.body.company).toEqual(
      expect.objectContaining({
        id: acme.id,
        requirePurchaseOrderNumber: false,
        shops: [
          expect.objectContaining({ id: shops[0].id, name: 'Вейп Център Варна', city: 'Варна', address: 'ул. „Славянска“ 10' }),
          expect.objectContaining({ id: shops[1].id, name: 'Склад Пловдив' }),
        ],
      }),
    );
    expect((await shop.browser().get('/api/trade/company')).status).toBe(401);
    expect((await consumer.get('/api/trade/company')).status).toBe(403);
  });

  it("fills the address from the company's own shop and shows staff which shop it goes to", async () => {
    const res = await member.post(
      '/api/orders/create',
      tradeBody([podLine(10)], { shipping: { method: 'address', companyShopId: shops[0].id } }),
    );
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.shipping).toEqual(
      expect.objectContaining({ method: 'address', city: 'Варна', address: 'ул. „Славянска“ 10', companyShopId: shops[0].id }),
    );
    expect(order).toEqual(expect.objectContaining({ companyShopId: shops[0].id, companyShopName: 'Вейп Център Варна' }));
    expect(await Order.query().findById(order.id)).toEqual(
      expect.objectContaining({ companyShopId: shops[0].id, shippingCity: 'Варна', shippingAddress: 'ул. „Славянска“ 10' }),
    );
    const staff = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(staff).toEqual(expect.objectContaining({ companyShopId: shops[0].id, companyShopName: 'Вейп Център Варна' }));

    // Staff renaming the shop on the company's form keep it the same shop: the order still points at it.
    const company = (await admin.get(`/api/admin/companies/${acme.id}`)).body;
    const renamed = await admin.put(`/api/admin/companies/${acme.id}`, {
      ...company,
      shops: company.shops.map((s: any, i: number) => (i === 0 ? { ...s, name: 'Вейп Център Варна 2' } : s)),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.shops.map((s: any) => s.id)).toEqual(shops.map((s) => s.id));
    expect((await Order.query().findById(order.id))!.companyShopId).toBe(shops[0].id);
    expect((await member.get(`/api/orders/${order.id}`)).body.order.companyShopName).toBe('Вейп Център Варна');
  });

  it("refuses another company's shop, and a shop with an office", async () => {
    const before = await Order.query().resultSize();
    const theirs = await member.post(
      '/api/orders/create',
      tradeBody([podLine(10)], { shipping: { method: 'address', companyShopId: othersShop } }),
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors['shipping.companyShopId']).toBe(TRADE_ORDER_TEXT.companyShopUnknown);
    const byOffice = await member.post(
      '/api/orders/create',
      tradeBody([podLine(10)], { shipping: { method: 'econt_office', companyShopId: shops[0].id } }),
    );
    expect(byOffice.status).toBe(400);
    expect(byOffice.body.errors).toHaveProperty(['shipping.companyShopId']);
    // A consumer has no company's shops.
    const consumers = await consumer.post(
      '/api/orders/create',
      checkoutBody([triplesLine(1)], { shipping: { method: 'address', companyShopId: shops[0].id } }),
    );
    expect(consumers.status).toBe(400);
    expect(await Order.query().resultSize()).toBe(before);
    // The stranger's own shop is theirs to use; an Econt office is still there for everyone.
    expect(
      (await stranger.post('/api/orders/create', tradeBody([podLine(10)], { shipping: { method: 'address', companyShopId: othersShop } })))
        .status,
    ).toBe(201);
    const office = await member.post('/api/orders/create', tradeBody([podLine(10)]));
    expect(office.status).toBe(201);
    expect(office.body.order).toEqual(expect.objectContaining({ companyShopId: null }));
    expect(office.body.order.shipping.method).toBe('econt_office');
  });
});
