// Flavour lists: staff name a list of flavours once and pick it on products; the
// resource is admin-only, checked, and every change is in the audit log.
import { shopForThisFile, TestShop } from './helpers';
import { CATALOGUE } from '@domain/messages';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;

const TWINS = ['Ягода', 'Диня', 'Мента', 'Манго', 'Боровинка', 'Праскова', 'Грозде', 'Лимон', 'Кола', 'Ананас'];

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

describe('flavour lists', () => {
  let id: number;

  it('creates a list of ten flavours, trimmed, and answers it with the message', async () => {
    const res = await admin.post('/api/admin/flavour-lists', { name: '  Вкусове TWINS ', flavours: TWINS.map((f) => ` ${f} `) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Вкусове TWINS',
      flavours: TWINS,
      flavourCount: 10,
      message: CATALOGUE.flavourListCreated,
    });
    id = res.body.id;
    expect((await admin.get(`/api/admin/flavour-lists/${id}`)).body).toMatchObject({ name: 'Вкусове TWINS', flavours: TWINS });
  });

  it('lists in the react-admin dialect, by name', async () => {
    await admin.post('/api/admin/flavour-lists', { name: 'Ледени вкусове', flavours: ['Ледена мента', 'Диня с лед'] });
    const res = await admin.get('/api/admin/flavour-lists?sort=["name","ASC"]&range=[0,24]&filter={}');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('flavour-lists 0-1/2');
    expect(res.body.map((l: any) => [l.name, l.flavourCount])).toEqual([
      ['Вкусове TWINS', 10],
      ['Ледени вкусове', 2],
    ]);
  });

  it('edits the flavours (the react-admin record echoed back) and the change is audited', async () => {
    const record = (await admin.get(`/api/admin/flavour-lists/${id}`)).body;
    const res = await admin.put(`/api/admin/flavour-lists/${id}`, { ...record, flavours: [...TWINS, 'Кафе'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flavourCount: 11, message: CATALOGUE.flavourListUpdated });
    const log = await admin.get(
      `/api/admin/audit-log?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ entity: 'flavour-lists' }))}`,
    );
    const update = log.body.find((r: any) => r.action === 'update' && r.entityId === String(id));
    expect(update.before.flavours).toHaveLength(10);
    expect(update.after.flavours).toHaveLength(11);
  });

  it.each([
    [{ name: '', flavours: ['Мента'] }, 'name', 'Полето е задължително.'],
    [{ name: 'Празен', flavours: [] }, 'flavours', CATALOGUE.flavourListEmpty],
    [{ name: 'Два пъти', flavours: ['Мента', 'мента '] }, 'flavours.1', CATALOGUE.flavourTwice('мента')],
    [{ name: 'Празен вкус', flavours: ['Мента', '  '] }, 'flavours.1', 'Полето е задължително.'],
    [{ name: 'Не текст', flavours: [42] }, 'flavours.0', 'Трябва да е текст.'],
    [{ name: 'Много', flavours: Array.from({ length: 101 }, (_, i) => `Вкус ${i}`) }, 'flavours', 'Стойността трябва да е най-много 100.'],
    [{ name: 'Ред\nнов', flavours: ['Мента'] }, 'name', 'Полето трябва да е на един ред (без нов ред).'],
    [{ name: 'Непознато', flavours: ['Мента'], colour: 'red' }, 'colour', 'Непознато поле.'],
  ])('refuses %j with 400 on %s', async (body, field, text) => {
    const res = await admin.post('/api/admin/flavour-lists', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(text);
  });

  it('refuses a second list of the same name, whatever the letter case (409), on create and rename', async () => {
    const twice = await admin.post('/api/admin/flavour-lists', { name: 'вкусове twins', flavours: ['Мента'] });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: CATALOGUE.flavourListNameTaken, errors: { name: CATALOGUE.flavourListNameTaken } });
    const other = (await admin.get('/api/admin/flavour-lists?range=[0,24]')).body.find((l: any) => l.name === 'Ледени вкусове');
    expect((await admin.put(`/api/admin/flavour-lists/${other.id}`, { name: 'ВКУСОВЕ TWINS' })).status).toBe(409);
    // Keeping its own name is no clash.
    expect((await admin.put(`/api/admin/flavour-lists/${id}`, { name: 'Вкусове TWINS' })).status).toBe(200);
  });

  it('answers 404 for an unknown list and 400 for a bad id', async () => {
    const missing = await admin.get('/api/admin/flavour-lists/9999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CATALOGUE.flavourListNotFound);
    expect((await admin.put('/api/admin/flavour-lists/9999', { name: 'X' })).status).toBe(404);
    expect((await admin.get('/api/admin/flavour-lists/abc')).status).toBe(400);
  });

  it('is for admins only: 401 for guests, 403 for customers', async () => {
    const guest = shop.browser();
    await guest.csrf();
    expect((await guest.get('/api/admin/flavour-lists')).status).toBe(401);
    expect((await guest.post('/api/admin/flavour-lists', { name: 'X', flavours: ['Y'] })).status).toBe(401);
    const customer = await shop.signedIn('customer');
    expect((await customer.get('/api/admin/flavour-lists')).status).toBe(403);
    expect((await customer.post('/api/admin/flavour-lists', { name: 'X', flavours: ['Y'] })).status).toBe(403);
    expect((await customer.delete(`/api/admin/flavour-lists/${id}`)).status).toBe(403);
  });

  it("fills a product's flavours: the form sends the list's values as the product's chambers", async () => {
    // What the admin's "Вкусове" picker does: the list's flavours become the values of the
    // product's "Вкус N" attributes, stored as the product's own (editable afterwards).
    const list = (await admin.get(`/api/admin/flavour-lists/${id}`)).body;
    const res = await admin.post('/api/admin/products', {
      name: 'TWINS с вкусове',
      price: 27.9,
      kind: 'device',
      tankCount: 2,
      nicotineMgMl: 20,
      volumeMl: 4,
      variants: [{ name: '20 mg', sku: 'FL-TW-20', stock: 3 }],
      attributes: [
        { name: 'Вкус 1', values: list.flavours },
        { name: 'Вкус 2', values: list.flavours.slice(0, 3) },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.attributes.map((a: any) => [a.name, a.values.length])).toEqual([
      ['Вкус 1', 11],
      ['Вкус 2', 3],
    ]);
    // Changing the list later does not change the product.
    await admin.put(`/api/admin/flavour-lists/${id}`, { flavours: ['Само мента'] });
    expect((await admin.get(`/api/admin/products/${res.body.id}`)).body.attributes[0].values).toHaveLength(11);
  });

  it('deletes a list, answering it with the message', async () => {
    const res = await admin.delete(`/api/admin/flavour-lists/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, message: CATALOGUE.flavourListDeleted });
    expect((await admin.get(`/api/admin/flavour-lists/${id}`)).status).toBe(404);
  });
});
