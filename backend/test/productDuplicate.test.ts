// Duplicating a product: POST /api/admin/products/:id/duplicate makes a draft copy
// with a new slug and SKUs, the same category, figures, kind, flavours and pictures, no stock.
import { shopForThisFile, TestShop } from './helpers';
import { API, CATALOGUE } from '@domain/messages';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
let source: any;
let categoryId: number;

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
  categoryId = (await admin.post('/api/admin/categories/create', { name: 'TWINS', parentId: null })).body.category.id;
  source = (
    await admin.post('/api/admin/products', {
      name: 'VAP SOLO TWINS',
      slug: 'vap-solo-twins',
      price: 27.9,
      compareAtPrice: 32.9,
      status: 'active',
      featured: true,
      categoryId,
      description: 'Два вкуса в едно устройство.',
      kind: 'device',
      tankCount: 2,
      nicotineMgMl: 20,
      volumeMl: 4,
      weightGrams: 80,
      seoTitle: 'TWINS',
      seoDescription: 'Два вкуса',
      variants: [
        { name: '0 mg', sku: 'VS-TW-0', stock: 10, nicotineMgMl: 0 },
        { name: '20 mg', sku: 'VS-TW-20', stock: 3, price: 29.9, nicotineMgMl: 20 },
      ],
      attributes: [
        { name: 'Вкус 1', values: ['Ягода', 'Диня'] },
        { name: 'Вкус 2', values: ['Мента', 'Ягода'] },
      ],
      images: [
        { url: '/uploads/demo/twins.svg', alt: 'TWINS' },
        { url: '/uploads/demo/twins-flavours.svg', alt: 'Вкусове' },
      ],
    })
  ).body;
});

describe('duplicating a product', () => {
  let copy: any;

  it('makes a draft copy with "(копие)", new slug and SKUs, no stock, everything else the same', async () => {
    const res = await admin.post(`/api/admin/products/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    copy = res.body;
    expect(copy.message).toBe(CATALOGUE.productDuplicated);
    expect(copy).toMatchObject({
      name: 'VAP SOLO TWINS (копие)',
      slug: 'vap-solo-twins-kopie',
      status: 'draft',
      featured: false,
      price: 27.9,
      compareAtPrice: 32.9,
      categoryId,
      description: 'Два вкуса в едно устройство.',
      kind: 'device',
      tankCount: 2,
      nicotineMgMl: 20,
      volumeMl: 4,
      weightGrams: 80,
      seoTitle: 'TWINS',
      seoDescription: 'Два вкуса',
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.variants.map((v: any) => [v.name, v.sku, v.price, v.stock, v.nicotineMgMl])).toEqual([
      ['0 mg', 'VS-TW-0-COPY', 27.9, 0, 0],
      ['20 mg', 'VS-TW-20-COPY', 29.9, 0, 20],
    ]);
    expect(copy.attributes.map((a: any) => [a.name, a.values.map((v: any) => v.value)])).toEqual([
      ['Вкус 1', ['Ягода', 'Диня']],
      ['Вкус 2', ['Мента', 'Ягода']],
    ]);
    expect(copy.images.map((i: any) => [i.url, i.alt])).toEqual([
      ['/uploads/demo/twins.svg', 'TWINS'],
      ['/uploads/demo/twins-flavours.svg', 'Вкусове'],
    ]);
  });

  it('leaves the original as it was, and keeps the copy out of the shop', async () => {
    const original = (await admin.get(`/api/admin/products/${source.id}`)).body;
    expect(original).toMatchObject({ name: 'VAP SOLO TWINS', status: 'active', stock: 13 });
    expect(original.variants.map((v: any) => v.sku)).toEqual(['VS-TW-0', 'VS-TW-20']);
    expect((await shop.browser().get(`/api/products/${copy.slug}`)).status).toBe(404);
    // Found by staff under its new SKU.
    const found = await admin.get(`/api/admin/products?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ q: 'VS-TW-0-COPY' }))}`);
    expect(found.body.map((p: any) => p.id)).toEqual([copy.id]);
  });

  it('picks the next free slug and SKUs for a second copy', async () => {
    const again = await admin.post(`/api/admin/products/${source.id}/duplicate`);
    expect(again.status).toBe(201);
    expect(again.body.slug).toBe('vap-solo-twins-kopie-2');
    expect(again.body.variants.map((v: any) => v.sku)).toEqual(['VS-TW-0-COPY2', 'VS-TW-20-COPY2']);
    // A copy of the copy.
    const third = await admin.post(`/api/admin/products/${copy.id}/duplicate`);
    expect(third.body.name).toBe('VAP SOLO TWINS (копие) (копие)');
    expect(third.body.variants.map((v: any) => v.sku)).toEqual(['VS-TW-0-COPY-COPY', 'VS-TW-20-COPY-COPY']);
  });

  it('is in the audit log as a duplicate of the original', async () => {
    const log = await admin.get(`/api/admin/audit-log?range=[0,49]&filter=${encodeURIComponent(JSON.stringify({ entity: 'products' }))}`);
    const row = log.body.find((r: any) => r.action === 'duplicate' && r.entityId === String(source.id));
    expect(row).toBeDefined();
    expect(row.before.name).toBe('VAP SOLO TWINS');
    expect(row.after.name).toBe('VAP SOLO TWINS (копие)');
  });

  it('answers 404 for an unknown product and 400 for a bad id, changing nothing', async () => {
    const before = (await admin.get('/api/admin/products?range=[0,0]')).headers['content-range'];
    const missing = await admin.post('/api/admin/products/99999/duplicate');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(API.productNotFound);
    expect((await admin.post('/api/admin/products/abc/duplicate')).status).toBe(400);
    expect((await admin.get('/api/admin/products?range=[0,0]')).headers['content-range']).toBe(before);
  });

  it('is for admins only: 401 for guests, 403 for customers', async () => {
    const guest = shop.browser();
    await guest.csrf();
    expect((await guest.post(`/api/admin/products/${source.id}/duplicate`)).status).toBe(401);
    const customer = await shop.signedIn('customer');
    expect((await customer.post(`/api/admin/products/${source.id}/duplicate`)).status).toBe(403);
  });
});
