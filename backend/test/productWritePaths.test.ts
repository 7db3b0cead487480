// One save for products: the staff's form, the plain create call, the CSV import and
// duplication all go through the catalogue's one save, so the tobacco directive's limits (here a
// variant of 25 mg/ml, above the 20 mg/ml allowed) refuse a product whichever way it comes.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue } from './fixtures';
import { API, CATALOGUE, IMPORT } from '@domain/messages';
import { Product, Variant } from '../src/models';
import { settled, subscribe } from '../src/platform/events';
import type { ImportReport, ImportRow } from '@domain/api';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };

const TOO_STRONG = CATALOGUE.variantNicotineTooStrong(25, 20);

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

/** TWINS as the shop answers it: its variants' names, SKUs, prices and stock. */
async function twinsVariants() {
  return (await Variant.query().where('productId', cat.twins.id).orderBy(['position', 'id'])).map((v) => [v.name, v.sku, v.price, v.stock]);
}

describe("the staff's form", () => {
  it('refuses adding a 25 mg/ml variant to TWINS (PUT), and TWINS stays as it was', async () => {
    const before = await twinsVariants();
    const record = (await admin.get(`/api/admin/products/${cat.twins.id}`)).body;
    const res = await admin.put(`/api/admin/products/${cat.twins.id}`, {
      ...record,
      variants: [...record.variants, { name: 'Силен', sku: 'TW-25', price: 24.9, stock: 5, nicotineMgMl: 25 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TOO_STRONG, errors: { 'variants.2.nicotineMgMl': TOO_STRONG } });
    expect(await twinsVariants()).toEqual(before);
  });

  it('refuses a new product with a 25 mg/ml variant through the plain create call and the react-admin create', async () => {
    const count = await Product.query().resultSize();
    const body = { name: 'TWINS Силен', price: 24.9, variants: [{ name: 'Силен', sku: 'STRONG-25', stock: 5, nicotineMgMl: 25 }] };
    const spec = await admin.post('/api/admin/products/create', body);
    expect(spec.status).toBe(400);
    expect(spec.body).toEqual({ message: TOO_STRONG, errors: { 'variants.0.nicotineMgMl': TOO_STRONG } });
    const ra = await admin.post('/api/admin/products', body);
    expect(ra.status).toBe(400);
    expect(ra.body.errors).toEqual({ 'variants.0.nicotineMgMl': TOO_STRONG });
    expect(await Product.query().resultSize()).toBe(count);
    expect(await Variant.query().findOne({ sku: 'STRONG-25' })).toBeUndefined();
  });

  it('lets two variants swap SKUs and keeps a variant that did not change as it was', async () => {
    const made = (
      await admin.post('/api/admin/products', {
        name: 'TWINS Размяна',
        price: 20,
        variants: [
          { name: '0 mg', sku: 'SWAP-A', stock: 1 },
          { name: '20 mg', sku: 'SWAP-B', stock: 2 },
          { name: '10 mg', sku: 'SWAP-C', stock: 3 },
        ],
      })
    ).body;
    const [a, b, c] = made.variants;
    const res = await admin.put(`/api/admin/products/${made.id}`, { variants: [{ ...a, sku: 'SWAP-B' }, { ...b, sku: 'SWAP-A' }, c] });
    expect(res.status).toBe(200);
    expect(res.body.variants.map((v: any) => [v.id, v.name, v.sku, v.stock])).toEqual([
      [a.id, '0 mg', 'SWAP-B', 1],
      [b.id, '20 mg', 'SWAP-A', 2],
      [c.id, '10 mg', 'SWAP-C', 3],
    ]);
  });

  it('declares product.saved once the save has committed, and not for a refused one', async () => {
    const saved: number[] = [];
    subscribe('product.saved', 'test', ({ productId }) => void saved.push(productId));
    const ok = await admin.put(`/api/admin/products/${cat.triples.id}`, { seoTitle: 'TRIPLES' });
    expect(ok.status).toBe(200);
    const refused = await admin.put(`/api/admin/products/${cat.triples.id}`, {
      variants: [{ name: 'Стандартен', sku: 'TR-1', stock: 1, nicotineMgMl: 25 }],
    });
    expect(refused.status).toBe(400);
    await settled();
    expect(saved).toEqual([cat.triples.id]);
  });
});

describe('the CSV import', () => {
  const exportLike = (lines: string[][]) => Buffer.from('\uFEFF' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n', 'utf8');
  const send = (file: Buffer, dryRun: boolean) =>
    admin.agent
      .post(`/api/admin/import/products${dryRun ? '?dryRun=1' : ''}`)
      .set('x-csrf-token', admin.csrfToken)
      .attach('file', file, 'nalichnosti.csv');
  const rowOf = (report: ImportReport, sku: string) => report.rows.find((r) => r.sku === sku) as ImportRow;
  const file = () =>
    exportLike([
      ['Продукт', 'Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност', 'Никотин (mg/ml)'],
      ['TWINS Плодов микс', 'twins-plodov-miks', '25 mg', 'TW-25', '24,90', '5', '25'],
      ['TRIPLES Ментол', 'triples-mentol', 'Стандартен', 'TR-1', '30,00', '90', ''],
    ]);

  it('lists the 25 mg/ml variant as a row error in the dry run, with the same Bulgarian text', async () => {
    const res = await send(file(), true);
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(rowOf(report, 'TW-25')).toEqual(
      expect.objectContaining({ row: 2, action: 'error', errors: [{ column: 'Никотин (mg/ml)', message: TOO_STRONG }] }),
    );
    expect(rowOf(report, 'TR-1')).toEqual(expect.objectContaining({ action: 'update', errors: [] }));
    expect(report.counts).toEqual({ createProduct: 0, createVariant: 0, update: 1, unchanged: 0, error: 1 });
    expect(report.message).toBe(IMPORT.hasErrors(1));
  });

  it('saves nothing of such a file: TWINS unchanged, no 25 mg/ml variant, the other row not applied either', async () => {
    const before = await twinsVariants();
    const res = await send(file(), false);
    expect(res.status).toBe(400);
    expect(rowOf(res.body, 'TW-25').errors).toEqual([{ column: 'Никотин (mg/ml)', message: TOO_STRONG }]);
    expect(await Variant.query().findOne({ sku: 'TW-25' })).toBeUndefined();
    expect(await twinsVariants()).toEqual(before);
    expect((await Variant.query().findById(cat.triples.variant))!.stock).toBe(100);
  });

  it('refuses giving an existing variant 25 mg/ml the same way; its name alone says nothing', async () => {
    const rename = exportLike([
      ['SKU', 'Никотин (mg/ml)'],
      ['TW-20', '25'],
    ]);
    const dry = await send(rename, true);
    expect(rowOf(dry.body, 'TW-20')).toEqual(
      expect.objectContaining({ action: 'error', errors: [{ column: 'Никотин (mg/ml)', message: TOO_STRONG }] }),
    );
    expect((await send(rename, false)).status).toBe(400);
    expect((await Variant.query().findById(cat.twins.v20))!.nicotineMgMl).toBeNull();
    // A name declaring 25 mg is only a name.
    const named = exportLike([
      ['SKU', 'Вариант'],
      ['TW-0', '25 mg'],
    ]);
    expect(rowOf((await send(named, true)).body, 'TW-0')).toEqual(expect.objectContaining({ action: 'update', errors: [] }));
  });

  it("reads a variant's strength with a decimal comma, lists the change, and keeps it where the file has none", async () => {
    const strength = exportLike([
      ['SKU', 'Никотин (mg/ml)'],
      ['TW-20', '1,5'],
      ['TW-0', 'много'],
    ]);
    const dry = (await send(strength, true)).body as ImportReport;
    expect(rowOf(dry, 'TW-20')).toEqual(
      expect.objectContaining({ action: 'update', changes: [{ field: 'nicotineMgMl', from: null, to: 1.5 }], errors: [] }),
    );
    expect(rowOf(dry, 'TW-0').errors).toEqual([{ column: 'Никотин (mg/ml)', message: IMPORT.nicotineInvalid('много') }]);
    const good = exportLike([
      ['SKU', 'Никотин (mg/ml)'],
      ['TW-20', '1,5'],
    ]);
    expect((await send(good, false)).status).toBe(200);
    expect((await Variant.query().findById(cat.twins.v20))!.nicotineMgMl).toBe(1.5);
    // A file without the column (a price change) leaves it as it is.
    const price = exportLike([
      ['SKU', 'Цена'],
      ['TW-20', '25,90'],
    ]);
    expect((await send(price, false)).status).toBe(200);
    expect((await Variant.query().findById(cat.twins.v20))!.nicotineMgMl).toBe(1.5);
  });

  it('saves a good file through the same save: the prices are the ones a shopper then pays', async () => {
    // TW-20 down to 20,00: TWINS now starts at 20,00; TW-0, not in the file, keeps its 24,90.
    const res = await send(
      exportLike([
        ['SKU', 'Цена'],
        ['TW-20', '20,00'],
      ]),
      false,
    );
    expect(res.status).toBe(200);
    const shown = (await shop.browser().get('/api/products/twins-plodov-miks')).body.product;
    expect(shown.price).toBe(20);
    expect(shown.variants.map((v: any) => [v.sku, v.price])).toEqual([
      ['TW-0', 24.9],
      ['TW-20', 20],
    ]);
  });

  it('refuses a new product with a 25 mg/ml variant', async () => {
    const created = exportLike([
      ['Продукт', 'Вариант', 'SKU', 'Цена', 'Никотин (mg/ml)'],
      ['Течност Силна', 'Силна', 'LQ-25', '9,90', '25'],
    ]);
    const dry = await send(created, true);
    expect(rowOf(dry.body, 'LQ-25')).toEqual(
      expect.objectContaining({ action: 'error', errors: [{ column: 'Никотин (mg/ml)', message: TOO_STRONG }] }),
    );
    expect((await send(created, false)).status).toBe(400);
    expect(await Variant.query().findOne({ sku: 'LQ-25' })).toBeUndefined();
  });
});

describe('duplication', () => {
  it('refuses to copy a product holding a value the save refuses (written into the database directly), with the text', async () => {
    const source = (
      await admin.post('/api/admin/products', {
        name: 'TWINS Лед',
        price: 24.9,
        kind: 'device',
        tankCount: 2,
        nicotineMgMl: 20,
        volumeMl: 4,
        variants: [
          { name: '0 mg', sku: 'ICE-0', stock: 1, nicotineMgMl: 0 },
          { name: '20 mg', sku: 'ICE-20', stock: 1, nicotineMgMl: 20 },
        ],
      })
    ).body;
    expect(source.id).toBeGreaterThan(0);
    // As an old row or a hand-made change could hold it: no save ever let it in (4 ml in one tank).
    await shop.app.knex('products').where({ id: source.id }).update({ tank_count: 1 });
    const count = await Product.query().resultSize();
    const res = await admin.post(`/api/admin/products/${source.id}/duplicate`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CATALOGUE.tankTooBig(2, 4), errors: { volumeMl: CATALOGUE.tankTooBig(2, 4) } });
    expect(await Product.query().resultSize()).toBe(count);
    expect(await Variant.query().findOne({ sku: 'ICE-20-COPY' })).toBeUndefined();
  });
});

describe('a change that sends the variants', () => {
  it('refuses a variant without its SKU, name and stock with 400 and the field, and the product stays as it was', async () => {
    const before = await admin.get(`/api/admin/products/${cat.twins.id}`);
    const res = await admin.put(`/api/admin/products/${cat.twins.id}`, { variants: [{ stock: 3 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors['variants.0.sku']).toBe(API.required);
    const after = await admin.get(`/api/admin/products/${cat.twins.id}`);
    expect(after.body.variants).toEqual(before.body.variants);
  });
});
