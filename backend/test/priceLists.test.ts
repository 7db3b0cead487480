// Trade price lists: staff keep named lists (a discount off the retail net price, fixed
// net prices per variant); a member of an approved company sees each variant's trade price (net,
// per unit) in the catalogue's answers, computed from their company's list and kept per list, never
// per person; guests, consumers and members of a company that is not approved never see one.
// Variants carry a pack size (default 1) on the product API and its one save.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue } from './fixtures';
import { Company, PriceList, User, Variant } from '../src/models';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';

const shop = shopForThisFile();
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };

beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

let companySeq = 0;
/** A signed-in member of a company of that status and price list. */
async function member(priceListId: number | null, status: Company['status'] = 'approved') {
  companySeq++;
  const company = await Company.query().insertAndFetch({
    name: `Търговец ${companySeq} ЕООД`,
    eik: '121212121',
    address: 'ул. Търговска 1',
    city: 'София',
    mol: 'Иван Иванов',
    tobaccoPermit: `ЗАДС-${companySeq}`,
    contactFirstName: 'Иван',
    contactLastName: 'Иванов',
    contactEmail: `firm${companySeq}@example.bg`,
    contactPhone: '0888123456',
    status,
    priceListId,
  } as Partial<Company>);
  const b = await shop.signedIn('customer');
  await User.query()
    .patch({ companyId: company.id } as Partial<User>)
    .findById(b.userId);
  return Object.assign(b, { companyId: company.id });
}

async function createList(body: object) {
  const res = await admin.post('/api/admin/price-lists', body);
  expect(res.status).toBe(201);
  return res.body;
}

const variantOf = (p: { variants: Array<{ id: number }> }, id: number) => p.variants.find((v) => v.id === id) as any;

describe('price lists in the admin', () => {
  it('creates, lists, reads, changes and deletes a list with its fixed prices', async () => {
    const created = await createList({
      name: 'Търговци на дребно тест',
      discountPercent: 12.5,
      prices: [{ variantId: cat.triples.variant, netPrice: 19.99 }],
    });
    expect(created).toMatchObject({
      name: 'Търговци на дребно тест',
      discountPercent: 12.5,
      companyCount: 0,
      prices: [{ variantId: cat.triples.variant, netPrice: 19.99, sku: 'TR-1', productName: 'TRIPLES Ментол', variantName: 'Стандартен' }],
    });
    expect((await PriceList.query().findById(created.id))!.discountBp).toBe(1250);

    const list = await admin.get('/api/admin/price-lists?range=[0,9]&sort=["name","ASC"]&filter={"q":"ДРЕБНО"}');
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^price-lists 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ id: created.id, priceCount: 1 });

    // react-admin sends the record back whole: read-only echoes are ignored.
    const changed = await admin.put(`/api/admin/price-lists/${created.id}`, {
      ...created,
      discountPercent: '10,25',
      prices: [...created.prices, { variantId: cat.twins.v0, netPrice: '15,00' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.discountPercent).toBe(10.25);
    expect(changed.body.prices.map((p: { netPrice: number }) => p.netPrice).sort()).toEqual([15, 19.99]);
    expect((await admin.get(`/api/admin/price-lists/${created.id}`)).body.prices).toHaveLength(2);

    // A list given to a company: deleting it leaves the company without one.
    const m = await member(created.id);
    expect((await admin.get(`/api/admin/price-lists/${created.id}`)).body.companyCount).toBe(1);
    const gone = await admin.delete(`/api/admin/price-lists/${created.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(PRICE_LIST_TEXTS.deleted);
    expect((await Company.query().findById(m.companyId))!.priceListId).toBeNull();
    expect((await admin.get(`/api/admin/price-lists/${created.id}`)).status).toBe(404);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = await PriceList.query().resultSize();
    const cases: Array<[object, string]> = [
      [{ name: 'Х', prices: [{ variantId: 999999, netPrice: 1 }] }, 'prices.0.variantId'],
      [
        {
          name: 'Х',
          prices: [
            { variantId: cat.triples.variant, netPrice: 1 },
            { variantId: cat.triples.variant, netPrice: 2 },
          ],
        },
        'prices.1.variantId',
      ],
      [{ name: 'Х', discountPercent: 101 }, 'discountPercent'],
      [{ name: 'Х', discountPercent: 1.255 }, 'discountPercent'],
      [{ name: 'Х', colour: 'red' }, 'colour'],
      [{ name: '' }, 'name'],
      [{ name: 'Х', prices: [{ variantId: cat.triples.variant, netPrice: -1 }] }, 'prices.0.netPrice'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/admin/price-lists', body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty([field]);
    }
    await createList({ name: 'Уникална' });
    expect((await admin.post('/api/admin/price-lists', { name: 'уникална' })).status).toBe(409);
    expect(await PriceList.query().resultSize()).toBe(before + 1);
  });

  it('is for admins only', async () => {
    const customer = await shop.signedIn('customer');
    expect((await customer.get('/api/admin/price-lists')).status).toBe(403);
    expect((await shop.browser().get('/api/admin/price-lists')).status).toBe(401);
  });
});

describe("a member's prices", () => {
  let retail: { id: number };
  let distributors: { id: number };
  beforeAll(async () => {
    retail = await createList({ name: 'Дребно 12,5', discountPercent: 12.5 });
    distributors = await createList({
      name: 'Дистрибутори 25',
      discountPercent: 25,
      prices: [{ variantId: cat.twins.v20, netPrice: 17.5 }],
    });
  });

  it('sees each variant at the fixed net price, else the retail net less the discount, rounded half-up', async () => {
    const m = await member(retail.id);
    const res = await m.get('/api/products?limit=50');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/private|no-store/);
    const triples = res.body.products.find((p: { id: number }) => p.id === cat.triples.id);
    // 30,00 with VAT → 25,00 net; less 12,5 % = 21,875 → 21,88 (the price rounded half-up).
    expect(variantOf(triples, cat.triples.variant).tradePrice).toBe(21.88);
    expect(triples.tradePrice).toBe(21.88);
    expect(triples.pricesInclude).toBe('net');
    // The retail price stays what it is.
    expect(triples.price).toBe(30);

    const d = await member(distributors.id);
    const one = await d.get(`/api/products/${cat.twins.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['cache-control']).toMatch(/private|no-store/);
    // 24,90 → 20,75 net, less 25 % = 15,5625 → 15,56; 20 mg has a fixed 17,50.
    expect(variantOf(one.body.product, cat.twins.v0).tradePrice).toBe(15.56);
    expect(variantOf(one.body.product, cat.twins.v20).tradePrice).toBe(17.5);
    // The slug answers the same.
    expect(variantOf((await d.get('/api/products/twins-plodov-miks')).body.product, cat.twins.v20).tradePrice).toBe(17.5);
    // A member without a list buys at the retail net price.
    const plain = await member(null);
    expect(variantOf((await plain.get(`/api/products/${cat.twins.id}`)).body.product, cat.twins.v0).tradePrice).toBe(20.75);
  });

  it('is never shown to guests, consumers or members of a company that is not approved', async () => {
    const viewers = [
      shop.browser(),
      await shop.signedIn('customer'),
      await member(retail.id, 'suspended'),
      await member(retail.id, 'pending'),
    ];
    for (const b of viewers) {
      for (const url of [
        '/api/products?limit=50',
        `/api/products/${cat.twins.id}`,
        '/api/products?search=TWINS',
        '/api/products?category=none',
      ]) {
        const res = await b.get(url);
        expect(JSON.stringify(res.body)).not.toMatch(/tradePrice|pricesInclude/);
      }
    }
    // A guest's answer taken while members ask stays the guest's.
    await (await member(retail.id)).get('/api/products?limit=50');
    expect(JSON.stringify((await shop.browser().get('/api/products?limit=50')).body)).not.toMatch(/tradePrice/);
  });

  it('is kept per price list: members of two lists get their own, and an edit shows at once', async () => {
    const a1 = await member(retail.id);
    const a2 = await member(retail.id);
    const b1 = await member(distributors.id);
    const url = `/api/products?limit=50&sort=name`;
    const price = async (b: Browser) => (await b.get(url)).body.products.find((p: { id: number }) => p.id === cat.triples.id).tradePrice;
    expect(await price(a1)).toBe(21.88);
    expect(await price(b1)).toBe(18.75);
    expect(await price(a2)).toBe(21.88);
    // A fixed price added to the retailers' list shows at once.
    const saved = await admin.put(`/api/admin/price-lists/${retail.id}`, { prices: [{ variantId: cat.triples.variant, netPrice: 20 }] });
    expect(saved.status).toBe(200);
    expect(await price(a1)).toBe(20);
    expect(await price(b1)).toBe(18.75);
    // So does a new retail price.
    expect((await admin.put(`/api/admin/products/${cat.triples.id}`, { price: 36 })).status).toBe(200);
    expect(await price(b1)).toBe(22.5);
    // And the company moved to another list.
    await admin.put(`/api/admin/price-lists/${retail.id}`, { prices: [] });
    await Company.query()
      .patch({ priceListId: distributors.id } as Partial<Company>)
      .findById(a2.companyId);
    expect(await price(a2)).toBe(22.5);
  });
});

describe("a member's session answered early", () => {
  it('stops at once when the company is suspended, and when the member signs out', async () => {
    const list = await createList({ name: 'Ранни отговори', discountPercent: 10 });
    const m = await member(list.id);
    const url = '/api/products?limit=50';
    const has = async (b: Browser) => JSON.stringify((await b.get(url)).body).includes('tradePrice');
    // The first answer sets the hint cookie; the next ones are answered before the session is read.
    expect(await has(m)).toBe(true);
    expect(await has(m)).toBe(true);
    expect(await has(m)).toBe(true);
    await Company.query()
      .patch({ status: 'suspended' } as Partial<Company>)
      .findById(m.companyId);
    expect(await has(m)).toBe(false);
    await Company.query()
      .patch({ status: 'approved' } as Partial<Company>)
      .findById(m.companyId);
    expect(await has(m)).toBe(true);
    expect(await has(m)).toBe(true);
    expect((await m.post('/api/auth/logout')).status).toBeLessThan(300);
    expect(await has(m)).toBe(false);
  });

  it('is never given to a guest who forges the hint cookie', async () => {
    const guest = shop.browser();
    const res = await guest.get('/api/products?limit=50').set('cookie', 'vs_trade=1');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/tradePrice/);
  });
});

describe('pack sizes', () => {
  it('are saved from the form body and the plain call, 1 when not given, and kept when not sent', async () => {
    const spec = await admin.post('/api/admin/products/create', {
      name: 'Течност на кашон',
      price: 12,
      variants: [
        { name: '10 ml', sku: 'PACK-10', stock: 100, packSize: 10 },
        { name: 'Единична', sku: 'PACK-1', stock: 100 },
      ],
    });
    expect(spec.status).toBe(201);
    expect(spec.body.product.variants.map((v: { packSize: number }) => v.packSize)).toEqual([10, 1]);
    const id = spec.body.product.id;

    // The admin's form sends the record back whole: a new size is saved; one not sent is kept.
    const record = (await admin.get(`/api/admin/products/${id}`)).body;
    const form = await admin.put(`/api/admin/products/${id}`, {
      ...record,
      variants: [
        { ...record.variants[0], packSize: 20 },
        { ...record.variants[1], packSize: undefined },
      ],
    });
    expect(form.status).toBe(200);
    expect(form.body.variants.map((v: { packSize: number }) => v.packSize)).toEqual([20, 1]);
    expect((await Variant.query().findOne({ sku: 'PACK-10' }))!.packSize).toBe(20);

    // Every visitor may see it (it is not a price).
    await admin.put(`/api/products/${id}/updateStatus`, { status: 'active' });
    const seen = await shop.browser().get(`/api/products/${id}`);
    expect(seen.body.product.variants[0].packSize).toBe(20);

    const bad = await admin.put(`/api/admin/products/${id}`, { variants: [{ ...record.variants[0], packSize: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty(['variants.0.packSize'], PRICE_LIST_TEXTS.packSizeInvalid);
  });

  it('are read from the CSV import (optional column „Опаковка“) and kept when the file has none', async () => {
    const file = (lines: string[][]) => Buffer.from('\uFEFF' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n', 'utf8');
    const send = (body: Buffer) =>
      admin.agent.post('/api/admin/import/products').set('x-csrf-token', admin.csrfToken).attach('file', body, 'nalichnosti.csv');
    const withPack = await send(
      file([
        ['Продукт', 'Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност', 'Опаковка'],
        ['Течност за кашон', 'technost-za-kashon', '10 ml', 'CSV-PACK', '9,90', '50', '10'],
      ]),
    );
    expect(withPack.status).toBe(200);
    expect((await Variant.query().findOne({ sku: 'CSV-PACK' }))!.packSize).toBe(10);
    const without = await send(
      file([
        ['SKU', 'Наличност'],
        ['CSV-PACK', '60'],
      ]),
    );
    expect(without.status).toBe(200);
    expect(await Variant.query().findOne({ sku: 'CSV-PACK' })).toMatchObject({ packSize: 10, stock: 60 });
    const bad = await send(
      file([
        ['SKU', 'Опаковка'],
        ['CSV-PACK', '0'],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(PRICE_LIST_TEXTS.packSizeInvalid);
    // The inventory (and its export) shows it.
    const rows = await admin.get('/api/admin/inventory?filter={"q":"CSV-PACK"}&range=[0,9]');
    expect(rows.body[0].packSize).toBe(10);
  });
});
