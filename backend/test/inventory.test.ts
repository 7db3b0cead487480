// Stock at a glance: every variant in one list, changed in place, audited; bad stock refused.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, stockOf } from './fixtures';
import { API } from '@domain/messages';
import { AuditLog, Variant } from '../src/models';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
const list = async (filter: object = {}, sort = '["productName","ASC"]') => {
  const res = await admin.get(
    `/api/admin/inventory?range=[0,49]&sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(res.status).toBe(200);
  return res;
};

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

it('lists every variant with its product, SKU, stock and price', async () => {
  const res = await list();
  expect(res.headers['content-range']).toBe('inventory 0-3/4');
  expect(res.body.find((r: any) => r.sku === 'TW-20')).toEqual(
    expect.objectContaining({ id: cat.twins.v20, productName: 'TWINS Плодов микс', variantName: '20 mg', stock: 2, price: 26.9 }),
  );
  expect((await list({ q: 'triples' })).body.map((r: any) => r.sku)).toEqual(['TR-1']);
  // The columns the import reads back go out too: the pack size and the variant's own nicotine.
  await Variant.query()
    .findById(cat.twins.v20)
    .patch({ nicotineMgMl: 1.5 } as Partial<Variant>);
  const rows = (await list()).body as Array<{ sku: string; packSize: number; nicotineMgMl: number | null }>;
  expect(rows.find((r) => r.sku === 'TW-20')).toEqual(expect.objectContaining({ packSize: 1, nicotineMgMl: 1.5 }));
  expect(rows.find((r) => r.sku === 'TR-1')).toEqual(expect.objectContaining({ nicotineMgMl: null }));
  expect((await list({ q: 'tr-1' })).body.map((r: any) => r.sku)).toEqual(['TR-1']);
  expect((await list({ lowStock: true })).body.map((r: any) => r.sku).sort()).toEqual(['LT-1', 'TW-20']);
});

it('changes the stock in place and keeps it in the audit log', async () => {
  const res = await admin.put(`/api/admin/inventory/${cat.twins.v20}`, { id: cat.twins.v20, sku: 'TW-20', stock: 40 });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(expect.objectContaining({ stock: 40, message: API.stockSaved }));
  expect(await stockOf(cat.twins.v20)).toBe(40);
  expect(
    await AuditLog.query()
      .where({ entity: 'inventory', entityId: String(cat.twins.v20) })
      .resultSize(),
  ).toBe(1);
});

it('refuses negative or fractional stock, unknown variants and strangers', async () => {
  for (const stock of [-1, 2.5, 'много']) {
    const res = await admin.put(`/api/admin/inventory/${cat.triples.variant}`, { stock });
    expect(res.status).toBe(400);
    expect(res.body.errors.stock).toBeTruthy();
  }
  expect(await stockOf(cat.triples.variant)).toBe(100);
  expect((await admin.put('/api/admin/inventory/999999', { stock: 1 })).status).toBe(404);
  const customer = await shop.signedIn();
  expect((await customer.put(`/api/admin/inventory/${cat.triples.variant}`, { stock: 0 })).status).toBe(403);
});
