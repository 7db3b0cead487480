import { shopForThisFile, TestShop } from './helpers';
import { API } from '@domain/messages';
import { Product } from '../src/models/Product';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

async function create(name: string, parentId: number | null = null) {
  const res = await admin.post('/api/admin/categories/create', { name, parentId });
  expect(res.status).toBe(201);
  return res.body.category;
}

describe('categories', () => {
  it('are created with the fixed message, a Latin slug from the Bulgarian name, and listed publicly', async () => {
    const res = await admin.post('/api/admin/categories/create', { name: 'Аксесоари', parentId: null });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.categoryCreated);
    expect(res.body.category).toMatchObject({ name: 'Аксесоари', slug: 'aksesoari', parentId: null, productCount: 0 });
    const again = await create('Аксесоари');
    expect(again.slug).toBe('aksesoari-2');
    const child = await create('Кабели', res.body.category.id);
    expect(child.parentId).toBe(res.body.category.id);

    const list = await shop.browser().get('/api/categories');
    expect(list.status).toBe(200);
    const names = list.body.categories.map((c: any) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Аксесоари', 'Кабели']));
    for (const c of list.body.categories)
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'name', 'slug', 'parentId', 'position', 'productCount']));
  });

  it('count only active products for shoppers and every product for staff', async () => {
    const cat = await create('TWINS');
    await Product.query().insert({ name: 'A', slug: 'a-active', price: 100, status: 'active', categoryId: cat.id } as any);
    await Product.query().insert({ name: 'B', slug: 'b-draft', price: 100, status: 'draft', categoryId: cat.id } as any);
    const pub = (await shop.browser().get('/api/categories')).body.categories.find((c: any) => c.id === cat.id);
    expect(pub.productCount).toBe(1);
    const staff = (await admin.get(`/api/admin/categories/${cat.id}`)).body;
    expect(staff.productCount).toBe(2);
    const del = await admin.delete(`/api/admin/categories/${cat.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(API.categoryHasProducts);
  });

  it('count what the category’s list shows: its subcategories’ active products too', async () => {
    const top = await create('Течности за броене');
    const sub = await create('Соли за броене', top.id);
    const leaf = await create('Ментол за броене', sub.id);
    const add = (slug: string, status: string, categoryId: number) =>
      Product.query().insert({ name: slug, slug, price: 100, status, categoryId } as any);
    await add('t1', 'active', top.id);
    await add('s1', 'active', sub.id);
    await add('s2', 'archived', sub.id);
    await add('l1', 'active', leaf.id);
    await add('l2', 'draft', leaf.id);
    const counts = new Map((await shop.browser().get('/api/categories')).body.categories.map((c: any) => [c.id, c.productCount]));
    expect([counts.get(top.id), counts.get(sub.id), counts.get(leaf.id)]).toEqual([3, 2, 1]);
    // The same numbers the product list answers for each category.
    for (const c of [top, sub, leaf]) {
      const list = await shop.browser().get(`/api/products?category=${c.slug}`).expect(200);
      expect(list.body.total).toBe(counts.get(c.id));
    }
    const staff = (await admin.get(`/api/admin/categories/${top.id}`)).body;
    expect(staff.productCount).toBe(5);
  });

  it('update with the plain fields answers the message; a category cannot go under itself or its child', async () => {
    const top = await create('Течности');
    const mid = await create('Соли', top.id);
    const leaf = await create('Ментол', mid.id);
    const ok = await admin.put(`/api/admin/categories/${leaf.id}`, { categoryName: 'Ментолови', parentCategoryId: top.id });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(API.categoryUpdated);
    expect(ok.body.category).toMatchObject({ id: leaf.id, name: 'Ментолови', parentId: top.id });
    for (const parent of [top.id, mid.id]) {
      const cycle = await admin.put(`/api/admin/categories/${top.id}`, { categoryName: 'Течности', parentCategoryId: parent });
      expect(cycle.status).toBe(400);
      expect(cycle.body.message).toBe(API.categoryCycle);
    }
    const toTop = await admin.put(`/api/admin/categories/${mid.id}`, { categoryName: 'Соли', parentCategoryId: null });
    expect(toTop.body.category.parentId).toBeNull();
  });

  it('refuse bad input, unknown parents and unknown ids', async () => {
    expect((await admin.post('/api/admin/categories/create', { name: '' })).status).toBe(400);
    expect((await admin.post('/api/admin/categories/create', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await admin.post('/api/admin/categories/create', { name: 'X', parentId: 'abc' })).status).toBe(400);
    expect((await admin.post('/api/admin/categories/create', { name: 'X', colour: 'red' })).status).toBe(400);
    const orphan = await admin.post('/api/admin/categories/create', { name: 'X', parentId: 99999 });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe(API.parentNotFound);
    expect((await admin.put('/api/admin/categories/99999', { categoryName: 'X' })).status).toBe(404);
    expect((await admin.delete('/api/admin/categories/99999')).status).toBe(404);
    expect((await admin.put('/api/admin/categories/abc', { categoryName: 'X' })).status).toBe(400);
  });

  it('cannot be deleted while they have subcategories; deleting answers the record and message', async () => {
    const parent = await create('Родител');
    const child = await create('Дете', parent.id);
    const refused = await admin.delete(`/api/admin/categories/${parent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(API.categoryHasChildren);
    const gone = await admin.delete(`/api/admin/categories/${child.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: child.id, name: 'Дете', message: API.categoryDeleted });
    expect((await admin.delete(`/api/admin/categories/${parent.id}`)).status).toBe(200);
  });

  it('are admin-only for changes', async () => {
    const guest = shop.browser();
    await guest.csrf();
    expect((await guest.post('/api/admin/categories/create', { name: 'X' })).status).toBe(401);
    const customer = await shop.signedIn();
    expect((await customer.post('/api/admin/categories/create', { name: 'X' })).status).toBe(403);
    expect((await customer.put('/api/admin/categories/1', { categoryName: 'X' })).status).toBe(403);
    expect((await customer.delete('/api/admin/categories/1')).status).toBe(403);
  });
});

describe('categories in the react-admin dialect', () => {
  it('list, filter by name (Cyrillic) and parent, sort, page, and answer getMany', async () => {
    const root = await create('Главна');
    await create('Подкатегория едно', root.id);
    await create('Подкатегория две', root.id);
    const children = await admin.get(
      '/api/admin/categories?filter=' +
        encodeURIComponent(JSON.stringify({ parentId: root.id })) +
        '&sort=' +
        encodeURIComponent('["name","ASC"]') +
        '&range=[0,0]',
    );
    expect(children.body).toHaveLength(1);
    expect(children.body[0].name).toBe('Подкатегория две');
    expect(children.headers['content-range']).toBe('categories 0-0/2');
    const q = await admin.get('/api/admin/categories?filter=' + encodeURIComponent('{"q":"ГЛАВНА"}'));
    expect(q.body.map((c: any) => c.name)).toEqual(['Главна']);
    const many = await admin.get('/api/admin/categories?filter=' + encodeURIComponent(JSON.stringify({ id: [root.id] })));
    expect(many.body.map((c: any) => c.id)).toEqual([root.id]);
    expect((await admin.get('/api/admin/categories?sort=' + encodeURIComponent('["secret","ASC"]'))).status).toBe(400);
    expect((await admin.get('/api/admin/categories?filter=' + encodeURIComponent('{"secret":1}'))).status).toBe(400);
  });

  it('create, update (echoed record) and delete', async () => {
    const created = await admin.post('/api/admin/categories', { name: 'RA категория', position: 3 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'RA категория', position: 3, slug: 'ra-kategoriya' });
    const updated = await admin.put(`/api/admin/categories/${created.body.id}`, {
      ...created.body,
      name: 'RA нова',
      description: 'Описание',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'RA нова', description: 'Описание' });
    expect(updated.body.message).toBeUndefined();
    const deleted = await admin.delete(`/api/admin/categories/${created.body.id}`);
    expect(deleted.body.id).toBe(created.body.id);
  });
});
