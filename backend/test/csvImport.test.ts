// CSV import of products, variants and stock: the admin's own export read back (BOM, `;`,
// Bulgarian headers, decimal comma), a dry run that says what each row does and changes nothing,
// errors by row and column, all or nothing, the shop serving the new prices, the limits.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, stockOf } from './fixtures';
import { API, IMPORT } from '@domain/messages';
import { PRODUCT_VARIANTS_MAX } from '@domain/schemas/catalogue';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, IMPORT_ROWS_MAX } from '@domain/limits';
import { AuditLog, Category, Product, Variant } from '../src/models';
import type { ImportReport, ImportRow } from '@domain/api';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  await Category.query().insert({ name: 'Течности', slug: 'technosti', position: 0 } as Partial<Category>);
  admin = await shop.signedIn('admin');
});

/** A file as the admin's inventory export writes it: BOM, `;`, CRLF, Bulgarian headers. */
const exportLike = (lines: string[][]) => Buffer.from('\uFEFF' + lines.map((l) => l.join(';')).join('\r\n') + '\r\n', 'utf8');
const HEADER = ['Продукт', 'Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност', 'Статус', 'Категория'];

const send = (b: Browser, file: Buffer, dryRun: boolean, name = 'nalichnosti.csv') =>
  b.agent
    .post(`/api/admin/import/products${dryRun ? '?dryRun=1' : ''}`)
    .set('x-csrf-token', b.csrfToken)
    .attach('file', file, name);
const rowOf = (report: ImportReport, sku: string) => report.rows.find((r) => r.sku === sku) as ImportRow;

const goodFile = () =>
  exportLike([
    HEADER,
    ['TWINS Плодов микс', 'twins-plodov-miks', '0 mg', 'TW-0', '29,90', '100', 'Активен', ''],
    ['TWINS Плодов микс', 'twins-plodov-miks', '20 mg', 'TW-20', '29,90', '2', 'Активен', ''],
    ['TRIPLES Ментол', 'triples-mentol', 'Стандартен', 'TR-1', '30,00', '80', 'Активен', ''],
    ['TWINS Лимитиран', 'twins-limitiran', 'Стандартен', 'LT-1', '20,00', '3', 'Активен', ''],
    ['', '', '', '', '', '', '', ''],
    ['Течност Ягода 10 мл', '', '0 mg', 'LQ-STR-0', '12,50', '40', 'Активен', 'Течности'],
    ['Течност Ягода 10 мл', '', '12 mg', 'LQ-STR-12', '13,50', '25', 'Активен', 'Течности'],
  ]);

describe('a dry run', () => {
  it('reads the export (BOM, ;, Bulgarian headers, decimal comma) and says what each row would do, changing nothing', async () => {
    const res = await send(admin, goodFile(), true);
    expect(res.status).toBe(200);
    const report = res.body as ImportReport;
    expect(report).toEqual(
      expect.objectContaining({
        dryRun: true,
        applied: false,
        counts: { createProduct: 1, createVariant: 1, update: 3, unchanged: 1, error: 0 },
      }),
    );
    expect(report.message).toBe(IMPORT.dryRunDone(6));
    expect(rowOf(report, 'TW-0')).toEqual(
      expect.objectContaining({ row: 2, action: 'update', changes: [{ field: 'price', from: 24.9, to: 29.9 }] }),
    );
    expect(rowOf(report, 'TW-20')).toEqual(
      expect.objectContaining({ row: 3, action: 'update', changes: [{ field: 'price', from: 26.9, to: 29.9 }] }),
    );
    expect(rowOf(report, 'TR-1')).toEqual(
      expect.objectContaining({ row: 4, action: 'update', changes: [{ field: 'stock', from: 100, to: 80 }] }),
    );
    expect(rowOf(report, 'LT-1')).toEqual(expect.objectContaining({ row: 5, action: 'unchanged', changes: [] }));
    // Row 6 is empty and skipped; the row numbers stay those a spreadsheet shows.
    expect(rowOf(report, 'LQ-STR-0')).toEqual(
      expect.objectContaining({
        row: 7,
        action: 'createProduct',
        productSlug: 'technost-yagoda-10-ml',
        changes: [
          { field: 'price', from: null, to: 12.5 },
          { field: 'stock', from: null, to: 40 },
          { field: 'category', from: null, to: 'Течности' },
          { field: 'status', from: null, to: 'active' },
        ],
      }),
    );
    expect(rowOf(report, 'LQ-STR-12')).toEqual(
      expect.objectContaining({
        row: 8,
        action: 'createVariant',
        changes: [
          { field: 'price', from: null, to: 13.5 },
          { field: 'stock', from: null, to: 25 },
        ],
      }),
    );
    expect(report.columns).toEqual({ used: HEADER, ignored: [] });
    // Nothing changed.
    expect(await stockOf(cat.triples.variant)).toBe(100);
    expect((await Product.query().findById(cat.twins.id))!.price).toBe(2490);
    expect(await Variant.query().where('sku', 'LQ-STR-0').resultSize()).toBe(0);
    expect(await AuditLog.query().where({ entity: 'products', action: 'import' }).resultSize()).toBe(0);
  });

  it('gives every error with its row, its column and the reason, in Bulgarian; applying such a file changes nothing', async () => {
    const file = exportLike([
      HEADER,
      ['TWINS Плодов микс', 'twins-plodov-miks', '0 mg', 'TW-0', '29,9O', '100', '', ''],
      ['TRIPLES Ментол', 'triples-mentol', 'Стандартен', 'TR-1', '30,00', '-5', '', ''],
      ['TRIPLES Ментол', 'triples-mentol', 'Стандартен', 'TR-1', '30,00', '7', '', ''],
      ['Нов продукт', '', 'Стандартен', 'NEW-1', '10,00', '1', '', 'Няма такава'],
      ['TWINS Лимитиран', 'triples-mentol', 'Стандартен', 'LT-1', '20,00', '2,5', 'Продаваем', ''],
      ['', '', '', '', '5,00', '1', '', ''],
      ['TWINS Плодов микс', 'twins-plodov-miks', '20 mg', 'TW-20', '26,90', '12', '', ''],
    ]);
    const dry = await send(admin, file, true);
    expect(dry.status).toBe(200);
    const report = dry.body as ImportReport;
    expect(report.counts).toEqual({ createProduct: 0, createVariant: 0, update: 1, unchanged: 0, error: 6 });
    expect(report.message).toBe(IMPORT.hasErrors(6));
    const errorsOf = (row: number) => report.rows.find((r) => r.row === row)!.errors;
    expect(errorsOf(2)).toEqual([{ column: 'Цена', message: IMPORT.priceInvalid('29,9O') }]);
    expect(errorsOf(3)).toEqual([{ column: 'Наличност', message: IMPORT.stockNegative }]);
    expect(errorsOf(4)).toEqual([{ column: 'SKU', message: IMPORT.skuRepeated('TR-1', 3) }]);
    expect(errorsOf(5)).toEqual([{ column: 'Категория', message: IMPORT.categoryUnknown('Няма такава') }]);
    expect(errorsOf(6)).toEqual(
      expect.arrayContaining([
        { column: 'Наличност', message: IMPORT.stockNotWhole('2,5') },
        { column: 'Статус', message: IMPORT.statusUnknown('Продаваем') },
        { column: 'Адрес (slug)', message: IMPORT.skuOnOtherProduct('LT-1', 'twins-limitiran') },
      ]),
    );
    expect(errorsOf(7)).toEqual([{ column: 'SKU', message: IMPORT.skuMissing }]);
    expect(report.rows.find((r) => r.row === 8)).toEqual(
      expect.objectContaining({ action: 'update', changes: [{ field: 'stock', from: 2, to: 12 }] }),
    );

    const applied = await send(admin, file, false);
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe(IMPORT.hasErrors(6));
    expect(applied.body.applied).toBe(false);
    expect(applied.body.rows).toHaveLength(7);
    expect(await stockOf(cat.twins.v20)).toBe(2); // the good row was not applied either
    expect(await Variant.query().where('sku', 'NEW-1').resultSize()).toBe(0);
  });

  it('asks for what a new product or variant needs, and refuses two different values for one product', async () => {
    const file = exportLike([
      HEADER,
      ['Без цена', '', 'Стандартен', 'NP-1', '', '1', '', ''],
      ['', 'triples-mentol', '', 'TR-NEW', '31,00', '1', '', ''],
      ['', '', 'Стандартен', 'NOBODY-1', '5,00', '1', '', ''],
      ['TRIPLES Ментол', 'triples-mentol', 'Стандартен', 'TR-1', '30,00', '100', 'Активен', ''],
      ['TRIPLES Ментол', 'triples-mentol', 'Двоен', 'TR-9', '30,00', '100', 'Чернова', ''],
    ]);
    const report = (await send(admin, file, true)).body as ImportReport;
    expect(rowOf(report, 'NP-1').errors).toEqual([{ column: 'Цена', message: IMPORT.newProductPrice }]);
    expect(rowOf(report, 'TR-NEW').errors).toEqual([{ column: 'Вариант', message: IMPORT.newVariantName }]);
    expect(rowOf(report, 'NOBODY-1').errors).toEqual([{ column: 'Продукт', message: IMPORT.newProductName }]);
    expect(rowOf(report, 'TR-1').action).toBe('unchanged');
    expect(rowOf(report, 'TR-9').errors).toEqual([{ column: 'Статус', message: IMPORT.differsFromRow(5) }]);
  });

  it('refuses what the product schema refuses of a save, in its words: a line break in a quoted name, too many variants', async () => {
    const broken = exportLike([
      HEADER,
      ['"Течност\nМента"', 'technost-menta', 'Стандартен', 'LB-1', '10,00', '1', '', ''],
      ['Течност Малина', 'technost-malina', '"3\nmg"', 'LB-2', '10,00', '1', '', ''],
    ]);
    const report = (await send(admin, broken, true)).body as ImportReport;
    expect(rowOf(report, 'LB-1').errors).toEqual([{ column: 'Продукт', message: API.singleLine }]);
    expect(rowOf(report, 'LB-2').errors).toEqual([{ column: 'Вариант', message: API.singleLine }]);

    const many = exportLike([
      HEADER,
      ...Array.from({ length: PRODUCT_VARIANTS_MAX + 1 }, (_, i) => [
        'Много варианти',
        'mnogo-varianti',
        `В${i}`,
        `MANY-${i}`,
        '1,00',
        '0',
        '',
        '',
      ]),
    ]);
    const manyReport = (await send(admin, many, true)).body as ImportReport;
    expect(manyReport.counts.error).toBe(1);
    expect(rowOf(manyReport, 'MANY-0').errors).toEqual([{ column: '', message: API.atMost(PRODUCT_VARIANTS_MAX) }]);
  });

  it('reads a comma-separated file with quoted decimal commas, and one saved by Excel in Windows-1251', async () => {
    const comma = Buffer.from('SKU,Цена,Наличност\r\nTR-1,"31,50",100\r\n', 'utf8');
    const res = await send(admin, comma, true);
    expect(res.status).toBe(200);
    expect(rowOf(res.body, 'TR-1').changes).toEqual([{ field: 'price', from: 30, to: 31.5 }]);
    // "SKU;Цена;Наличност" in Windows-1251 (what "CSV (разделен със запетаи)" writes).
    const cp1251 = Buffer.concat([
      Buffer.from('SKU;'),
      Buffer.from([0xd6, 0xe5, 0xed, 0xe0]),
      Buffer.from(';'),
      Buffer.from([0xcd, 0xe0, 0xeb, 0xe8, 0xf7, 0xed, 0xee, 0xf1, 0xf2]),
      Buffer.from('\r\nTR-1;30;90\r\n'),
    ]);
    const legacy = await send(admin, cp1251, true);
    expect(legacy.status).toBe(200);
    expect(legacy.body.columns.used).toEqual(['SKU', 'Цена', 'Наличност']);
    expect(rowOf(legacy.body, 'TR-1').changes).toEqual([{ field: 'stock', from: 100, to: 90 }]);
  });
});

describe('applying', () => {
  it('writes every change in one go, the shop serves the new prices at once, and the audit log keeps it', async () => {
    // The shop's answers are cached: read them first, so the import has to drop them.
    const before = await shop.browser().get('/api/products/twins-plodov-miks');
    expect(before.body.product.variants.map((v: { price: number }) => v.price)).toEqual([24.9, 26.9]);
    expect(
      (await shop.browser().get('/api/products?limit=50')).body.products.find((p: { slug: string }) => p.slug === 'twins-plodov-miks')
        .price,
    ).toBe(24.9);

    const res = await send(admin, goodFile(), false);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ dryRun: false, applied: true, message: IMPORT.applied(5) }));

    const after = await shop.browser().get('/api/products/twins-plodov-miks');
    expect(after.body.product.price).toBe(29.9);
    expect(after.body.product.variants.map((v: { price: number }) => v.price)).toEqual([29.9, 29.9]);
    expect(
      (await shop.browser().get('/api/products?limit=50')).body.products.find((p: { slug: string }) => p.slug === 'twins-plodov-miks')
        .price,
    ).toBe(29.9);
    expect(await stockOf(cat.triples.variant)).toBe(80);

    const created = await shop.browser().get('/api/products/technost-yagoda-10-ml');
    expect(created.status).toBe(200);
    expect(created.body.product).toEqual(
      expect.objectContaining({
        name: 'Течност Ягода 10 мл',
        status: 'active',
        price: 12.5,
        category: expect.objectContaining({ name: 'Течности' }),
      }),
    );
    expect(created.body.product.variants.map((v: any) => [v.sku, v.name, v.price, v.stock])).toEqual([
      ['LQ-STR-0', '0 mg', 12.5, 40],
      ['LQ-STR-12', '12 mg', 13.5, 25],
    ]);
    // Found by its new SKU in the shop's search.
    expect((await shop.browser().get('/api/products?search=LQ-STR-12')).body.products.map((p: { slug: string }) => p.slug)).toEqual([
      'technost-yagoda-10-ml',
    ]);

    const audit = await AuditLog.query().where({ entity: 'products', action: 'import' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actorEmail).toBe(admin.email);
    expect((audit[0].after as any).counts).toEqual(expect.objectContaining({ createProduct: 1, update: 3 }));

    // The same file again: nothing left to change.
    const again = await send(admin, goodFile(), true);
    expect(again.body.counts).toEqual({ createProduct: 0, createVariant: 0, update: 0, unchanged: 6, error: 0 });
  });

  it('adds a new variant to an existing product and keeps a variant its own price where it differs', async () => {
    const file = exportLike([
      ['Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност', 'ID', 'Създаден'],
      ['triples-mentol', 'Двоен', 'TR-2', '55,00', '10', '999', '23.11.2026 14:05'],
    ]);
    const dry = await send(admin, file, true);
    expect(dry.body.columns).toEqual({ used: ['Адрес (slug)', 'Вариант', 'SKU', 'Цена', 'Наличност'], ignored: ['ID', 'Създаден'] });
    expect(rowOf(dry.body, 'TR-2').action).toBe('createVariant');
    expect((await send(admin, file, false)).status).toBe(200);
    const p = (await shop.browser().get('/api/products/triples-mentol')).body.product;
    expect(p.price).toBe(30);
    expect(p.variants.map((v: any) => [v.sku, v.price, v.stock])).toEqual([
      ['TR-1', 30, 80],
      ['TR-2', 55, 10],
    ]);
  });
});

describe('refusals', () => {
  it('a file over the size limit (413 saying the limit), too many rows, no SKU column, no file', async () => {
    const big = Buffer.concat([Buffer.from('SKU;Наличност\r\n'), Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a')]);
    const tooBig = await send(admin, big, true);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(`Файлът е твърде голям (над ${IMPORT_MAX_MB} MB).`);

    const many = Buffer.from('SKU;Наличност\r\n' + Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) => `S-${i};1`).join('\r\n'));
    const tooMany = await send(admin, many, true);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe(IMPORT.tooManyRows);

    const noSku = await send(
      admin,
      exportLike([
        ['Продукт', 'Цена'],
        ['X', '1,00'],
      ]),
      true,
    );
    expect(noSku.status).toBe(400);
    expect(noSku.body.message).toBe(IMPORT.noSkuColumn);

    const none = await admin.agent.post('/api/admin/import/products?dryRun=1').set('x-csrf-token', admin.csrfToken).field('x', '1');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(IMPORT.fileMissing);
  });

  it('is for admins, with the CSRF header', async () => {
    const customer = await shop.signedIn();
    expect((await send(customer, goodFile(), true)).status).toBe(403);
    const guest = shop.browser();
    await guest.csrf();
    expect((await send(guest, goodFile(), true)).status).toBe(401);
    expect((await admin.agent.post('/api/admin/import/products?dryRun=1').attach('file', goodFile(), 'x.csv')).status).toBe(403);
  });
});
