import { shopForThisFile, TestShop, allKeys } from './helpers';
import { API } from '@domain/messages';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const ids: Record<string, number> = {};
let twinsCat: number;
let iceCat: number;

const base = (over: Record<string, unknown> = {}) => ({
  name: 'Продукт',
  price: 10,
  status: 'active',
  description: '',
  variants: [{ name: '0 mg', sku: `SKU-${Math.random().toString(36).slice(2, 8)}`, stock: 5 }],
  ...over,
});

async function make(key: string, over: Record<string, unknown>) {
  const res = await admin.post('/api/admin/products/create', base(over));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  ids[key] = res.body.product.id;
  return res.body.product;
}

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
  twinsCat = (await admin.post('/api/admin/categories/create', { name: 'TWINS', parentId: null })).body.category.id;
  iceCat = (await admin.post('/api/admin/categories/create', { name: 'TWINS Ice', parentId: twinsCat })).body.category.id;
  const other = (await admin.post('/api/admin/categories/create', { name: 'Аксесоари', parentId: null })).body.category.id;
  await make('twins', {
    name: 'VAP SOLO TWINS',
    slug: 'vap-solo-twins',
    price: 27.9,
    categoryId: twinsCat,
    description: 'Два вкуса: Ягода и Диня.',
    nicotineMgMl: 20,
    volumeMl: 4,
    featured: true,
    variants: [
      { name: '0 mg', sku: 'VS-TW-0', stock: 10, nicotineMgMl: 0 },
      { name: '20 mg', sku: 'VS-TW-20', stock: 3, price: 29.9 },
    ],
    attributes: [
      { name: 'Вкус 1', values: ['Ягода', 'Диня'] },
      { name: 'Вкус 2', values: [{ value: 'Мента' }, 'Ягода'] },
    ],
    images: [{ url: '/uploads/demo/twins.svg', alt: 'TWINS' }],
  });
  await make('ice', { name: 'TWINS Ice', price: 29.9, categoryId: iceCat, description: 'Ледена мента.' });
  await make('cable', { name: 'Кабел USB-C', price: 9.9, categoryId: other });
  await make('case', { name: 'Калъф', price: 14.5, categoryId: other });
  await make('draft', { name: 'Скрит продукт', price: 5, status: 'draft', categoryId: other });
});

describe('the shop catalogue', () => {
  it('lists active products with the documented shape, prices as decimals, sorted by price', async () => {
    const res = await shop.browser().get('/api/products');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(res.body.products.map((p: any) => p.price)).toEqual([9.9, 14.5, 27.9, 29.9]);
    const twins = res.body.products.find((p: any) => p.slug === 'vap-solo-twins');
    expect(twins).toMatchObject({
      name: 'VAP SOLO TWINS',
      status: 'active',
      price: 27.9,
      categoryId: twinsCat,
      category: { id: twinsCat, name: 'TWINS', slug: 'twins' },
      nicotineMgMl: 20,
      volumeMl: 4,
      featured: true,
      stock: 13,
      inStock: true,
      images: [{ id: expect.any(Number), url: '/uploads/demo/twins.svg', alt: 'TWINS' }],
    });
    expect(twins.variants).toEqual([
      // packSize: trade quantities are multiples of it; 1 when not given. nicotineMgMl: the
      // variant's own strength; null when not given (the product's).
      { id: expect.any(Number), name: '0 mg', sku: 'VS-TW-0', price: 27.9, stock: 10, packSize: 1, nicotineMgMl: 0 },
      { id: expect.any(Number), name: '20 mg', sku: 'VS-TW-20', price: 29.9, stock: 3, packSize: 1, nicotineMgMl: null },
    ]);
    expect(twins.attributes.map((a: any) => [a.name, a.values.map((v: any) => v.value)])).toEqual([
      ['Вкус 1', ['Ягода', 'Диня']],
      ['Вкус 2', ['Мента', 'Ягода']],
    ]);
    expect(allKeys(res.body)).not.toContain('searchText');
  });

  it('sorts by -price, name and newest', async () => {
    const get = async (sort: string) => (await shop.browser().get(`/api/products?sort=${sort}`)).body.products.map((p: any) => p.name);
    expect(await get('-price')).toEqual(['TWINS Ice', 'VAP SOLO TWINS', 'Калъф', 'Кабел USB-C']);
    expect(await get('name')).toEqual(['TWINS Ice', 'VAP SOLO TWINS', 'Кабел USB-C', 'Калъф']);
    expect((await get('newest'))[0]).toBe('Калъф');
  });

  it('pages: limit and page, total stays', async () => {
    const p2 = await shop.browser().get('/api/products?limit=3&page=2');
    expect(p2.body).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(p2.body.products.map((p: any) => p.price)).toEqual([29.9]);
  });

  it('filters by price range and by category id or slug including subcategories', async () => {
    const range = await shop.browser().get('/api/products?minPrice=10&maxPrice=28');
    expect(range.body.products.map((p: any) => p.price)).toEqual([14.5, 27.9]);
    for (const c of [String(twinsCat), 'twins']) {
      const res = await shop.browser().get(`/api/products?category=${c}`);
      expect(res.body.products.map((p: any) => p.name).sort()).toEqual(['TWINS Ice', 'VAP SOLO TWINS']);
    }
    const ice = await shop.browser().get('/api/products?category=twins-ice');
    expect(ice.body.products.map((p: any) => p.name)).toEqual(['TWINS Ice']);
    const unknown = await shop.browser().get('/api/products?category=no-such');
    expect(unknown.body).toMatchObject({ products: [], total: 0 });
  });

  it('searches case-insensitively in Cyrillic over name, description and SKU', async () => {
    const names = async (q: string) =>
      (await shop.browser().get('/api/products?search=' + encodeURIComponent(q))).body.products.map((p: any) => p.name).sort();
    expect(await names('ягода')).toEqual(['VAP SOLO TWINS']);
    expect(await names('КАЛЪФ')).toEqual(['Калъф']);
    expect(await names('vs-tw-20')).toEqual(['VAP SOLO TWINS']);
    expect(await names('ледена')).toEqual(['TWINS Ice']);
    expect(await names('100%')).toEqual([]);
  });

  it('forgives: Latin for Cyrillic and back, Bulgarian spellings of Latin names, one typo a word', async () => {
    const names = async (q: string) =>
      (await shop.browser().get('/api/products?search=' + encodeURIComponent(q))).body.products.map((p: any) => p.name).sort();
    expect(await names('yagoda')).toEqual(['VAP SOLO TWINS']); // a flavour, in Latin letters
    expect(await names('Dinya')).toEqual(['VAP SOLO TWINS']);
    expect(await names('kalaf')).toEqual(['Калъф']); // ъ is "a" in the official system
    expect(await names('ledena menta')).toEqual(['TWINS Ice']); // the description, word by word
    expect(await names('туинс')).toEqual(['TWINS Ice', 'VAP SOLO TWINS']); // TWINS as a Bulgarian writes it
    expect(await names('кабел')).toEqual(['Кабел USB-C']);
    expect(await names('ягда')).toEqual(['VAP SOLO TWINS']); // a letter missing
    expect(await names('твинс')).toEqual(['TWINS Ice', 'VAP SOLO TWINS']); // a wrong letter
    expect(await names('калъфф')).toEqual(['Калъф']); // a letter too many
    expect(await names('скрит')).toEqual([]); // drafts stay hidden
    expect(await names('zzzzzz')).toEqual([]);
  });

  it.each([
    'limit=-1',
    'limit=0',
    'limit=1000',
    'limit=abc',
    'page=0',
    'minPrice=abc',
    'maxPrice=-3',
    'minPrice=50&maxPrice=10',
    'sort=bogus',
    'sort=price&sort=name',
  ])('answers 400, never 500, to %s', async (q) => {
    const res = await shop.browser().get(`/api/products?${q}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('shows one product by slug or id; drafts are 404 for shoppers but visible to admins', async () => {
    const bySlug = await shop.browser().get('/api/products/vap-solo-twins');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.product.id).toBe(ids.twins);
    expect((await shop.browser().get(`/api/products/${ids.twins}`)).body.product.slug).toBe('vap-solo-twins');
    const hidden = await shop.browser().get(`/api/products/${ids.draft}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(API.productNotFound);
    expect((await admin.get(`/api/products/${ids.draft}`)).body.product.status).toBe('draft');
    expect((await shop.browser().get('/api/products')).body.products.map((p: any) => p.id)).not.toContain(ids.draft);
    expect((await shop.browser().get('/api/products/no-such-product')).status).toBe(404);
  });
});

describe('creating, changing and deleting products', () => {
  it('creates with the message, a slug from the name and a default variant when none is given', async () => {
    const res = await admin.post('/api/admin/products/create', { name: 'Течност Ягода', price: '12.50', status: 'active' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.productCreated);
    expect(res.body.product).toMatchObject({ slug: 'technost-yagoda', price: 12.5, status: 'active' });
    expect(res.body.product.variants).toHaveLength(1);
    expect(res.body.product.variants[0]).toMatchObject({ name: 'Стандартен', stock: 0, price: 12.5 });
  });

  it.each([
    [{ price: 'abc' }, 'price'],
    [{ price: -1 }, 'price'],
    [{ nicotineMgMl: 25 }, 'nicotineMgMl'],
    [{ variants: [{ name: 'A', sku: 'NEG-1', stock: -1 }] }, 'variants.0.stock'],
    [{ variants: [{ name: 'A', sku: 'bad sku!', stock: 1 }] }, 'variants.0.sku'],
    [{ images: [{ url: 'javascript:alert(1)' }] }, 'images.0.url'],
    [{ attributes: [{ name: 'Вкус', values: [42] }] }, 'attributes.0.values.0'],
    [{ colour: 'red' }, 'colour'],
    [{ status: 'sold' }, 'status'],
  ])('refuses %j with 400 naming the field', async (over, field) => {
    const res = await admin.post('/api/admin/products/create', base(over));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('refuses an unknown category (400), a taken SKU or slug (409), and duplicate SKUs in one request (400)', async () => {
    expect((await admin.post('/api/admin/products/create', base({ categoryId: 99999 }))).status).toBe(400);
    const sku = await admin.post('/api/admin/products/create', base({ variants: [{ name: 'A', sku: 'VS-TW-0', stock: 1 }] }));
    expect(sku.status).toBe(409);
    expect(sku.body.message).toBe(API.skuTaken);
    const slug = await admin.post('/api/admin/products/create', base({ slug: 'vap-solo-twins' }));
    expect(slug.status).toBe(409);
    expect(slug.body.message).toBe(API.slugTaken);
    const twice = await admin.post(
      '/api/admin/products/create',
      base({
        variants: [
          { name: 'A', sku: 'DUP-1', stock: 1 },
          { name: 'B', sku: 'DUP-1', stock: 1 },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect((await admin.post('/api/admin/products/create', '{"name":')).status).toBe(400);
  });

  it('updates in the react-admin way: the echoed record, variants upserted by id, missing ones removed; a kept variant keeps its stock', async () => {
    const record = (await admin.get(`/api/admin/products/${ids.twins}`)).body;
    const [keep] = record.variants;
    const res = await admin.put(`/api/admin/products/${ids.twins}`, {
      ...record,
      price: 28.9,
      variants: [
        { ...keep, stock: 50 },
        { name: '10 mg', sku: 'VS-TW-10', price: null, stock: 7, nicotineMgMl: 10 },
      ],
      attributes: [{ name: 'Вкус 1', values: [{ id: 1, value: 'Манго' }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeUndefined();
    expect(res.body.price).toBe(28.9);
    expect(res.body.variants).toEqual([
      // The form's stock figure is not written (stock moves through the inventory); a new
      // variant's is its first stock.
      { id: keep.id, name: '0 mg', sku: 'VS-TW-0', price: 28.9, stock: keep.stock, packSize: 1, nicotineMgMl: 0 },
      { id: expect.any(Number), name: '10 mg', sku: 'VS-TW-10', price: 28.9, stock: 7, packSize: 1, nicotineMgMl: 10 },
    ]);
    expect(res.body.attributes).toEqual([{ id: expect.any(Number), name: 'Вкус 1', values: [{ id: expect.any(Number), value: 'Манго' }] }]);
    expect(res.body.images).toHaveLength(1);
    // The search follows the change.
    const found = await shop.browser().get('/api/products?search=vs-tw-10');
    expect(found.body.products.map((p: any) => p.id)).toEqual([ids.twins]);
  });

  it('refuses a variant id of another product and an unknown product', async () => {
    const other = (await admin.get(`/api/admin/products/${ids.cable}`)).body.variants[0];
    const res = await admin.put(`/api/admin/products/${ids.case}`, { variants: [{ ...other }] });
    expect(res.status).toBe(400);
    expect((await admin.put('/api/admin/products/99999', { name: 'X' })).status).toBe(404);
    expect((await admin.delete('/api/admin/products/99999')).status).toBe(404);
  });

  it('changes the status through the dedicated call with the message; shoppers see the effect', async () => {
    const res = await admin.put(`/api/products/${ids.case}/updateStatus`, { status: 'draft' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.productStatusUpdated('draft'));
    expect(res.body.product.status).toBe('draft');
    expect((await shop.browser().get(`/api/products/${ids.case}`)).status).toBe(404);
    expect((await admin.put(`/api/products/${ids.case}/updateStatus`, { status: 'gone' })).status).toBe(400);
    expect((await admin.put('/api/products/99999/updateStatus', { status: 'active' })).status).toBe(404);
    await admin.put(`/api/products/${ids.case}/updateStatus`, { status: 'active' });
  });

  it('is admin-only: 401 for guests and 403 for customers, the status call included', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const customer = await shop.signedIn();
    for (const [method, url, body] of [
      ['post', '/api/admin/products/create', base()],
      ['put', `/api/admin/products/${ids.cable}`, { name: 'X' }],
      ['delete', `/api/admin/products/${ids.cable}`, undefined],
      ['put', `/api/products/${ids.cable}/updateStatus`, { status: 'draft' }],
    ] as const) {
      expect((await (guest as any)[method](url, body)).status).toBe(401);
      expect((await (customer as any)[method](url, body)).status).toBe(403);
    }
  });

  it('deletes, answering the record and the message', async () => {
    const p = await make('temp', { name: 'За изтриване', price: 1 });
    const res = await admin.delete(`/api/admin/products/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, name: 'За изтриване', message: API.productDeleted });
    expect((await admin.get(`/api/admin/products/${p.id}`)).status).toBe(404);
  });
});

describe('products in the react-admin dialect', () => {
  const ra = (q: Record<string, unknown>) =>
    admin.get(
      '/api/admin/products?' +
        Object.entries(q)
          .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
          .join('&'),
    );

  it('lists every status with Content-Range, sorted and paged', async () => {
    const res = await ra({ sort: ['price', 'ASC'], range: [0, 1], filter: {} });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.headers['content-range']).toMatch(/^products 0-1\/\d+$/);
    const all = await ra({ range: [0, 99], filter: { status: 'draft' } });
    expect(all.body.map((p: any) => p.id)).toContain(ids.draft);
  });

  it('filters by q, categoryId (with subcategories), price range, low stock and ids', async () => {
    const names = async (filter: object) => (await ra({ range: [0, 99], sort: ['name', 'ASC'], filter })).body.map((p: any) => p.name);
    expect(await names({ q: 'ЯГОДА' })).toEqual(['VAP SOLO TWINS', 'Течност Ягода']); // in the description or name
    expect(await names({ q: 'манго' })).toEqual(['VAP SOLO TWINS']); // a flavour it offers
    expect(await names({ q: 'мента' })).toEqual(['TWINS Ice']); // no longer offered by TWINS
    expect(await names({ categoryId: twinsCat })).toEqual(['TWINS Ice', 'VAP SOLO TWINS']);
    expect(await names({ price_gte: 10, price_lte: 15 })).toEqual(['Калъф', 'Течност Ягода']);
    expect(await names({ lowStock: true })).toEqual(expect.arrayContaining(['Калъф', 'Кабел USB-C']));
    expect(await names({ id: [ids.cable, ids.ice] })).toEqual(['TWINS Ice', 'Кабел USB-C']);
  });

  it('refuses unknown sort and filter fields and bad values with 400', async () => {
    expect((await ra({ sort: ['searchText', 'ASC'] })).status).toBe(400);
    expect((await ra({ filter: { secret: 1 } })).status).toBe(400);
    expect((await ra({ filter: { price_gte: 'cheap' } })).status).toBe(400);
    expect((await ra({ filter: { categoryId: 'x' } })).status).toBe(400);
  });

  it('creates with POST answering the record', async () => {
    const res = await admin.post('/api/admin/products', base({ name: 'RA продукт' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'RA продукт', id: expect.any(Number) });
  });
});

it('lists products for a shopper without the texts only their own page shows; the product answers them', async () => {
  const made = await make('texts', {
    name: 'Продукт с описание',
    description: 'Дълго описание за страницата на продукта',
    seoTitle: 'Заглавие за търсачки',
    seoDescription: 'Описание за търсачки',
  });
  const shopper = shop.browser();
  const listed = (await shopper.get('/api/products?limit=100&sort=name').expect(200)).body.products.find((p: any) => p.id === made.id);
  expect(listed).toMatchObject({ name: 'Продукт с описание', slug: made.slug });
  for (const text of ['description', 'seoTitle', 'seoDescription']) expect(listed).not.toHaveProperty(text);
  const own = (await shopper.get(`/api/products/${made.slug}`).expect(200)).body.product;
  expect(own).toMatchObject({
    description: 'Дълго описание за страницата на продукта',
    seoTitle: 'Заглавие за търсачки',
    seoDescription: 'Описание за търсачки',
  });
});
