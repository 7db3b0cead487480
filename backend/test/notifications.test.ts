// Staff notifications: the react-admin resource /api/admin/notifications, the unread badge,
// mark-all-read, and the notice a new customer's registration leaves.
import { shopForThisFile, Browser } from './helpers';
import { API } from '@domain/messages';
import { Notification } from '../src/models';

let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

const FIELDS = ['createdAt', 'id', 'isRead', 'link', 'message', 'type'];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const list = (query: string) => admin.get(`/api/admin/notifications?${query}`);
const q = (o: object) => encodeURIComponent(JSON.stringify(o));

/** A fixed set, written with the model: two read, three unread, of several types and ages. */
async function seed() {
  await Notification.query().delete();
  const rows: Array<Partial<Notification>> = [
    { type: 'order', message: 'Нова поръчка VS-1001', link: '/admin/orders/1', isRead: true, createdAt: minutesAgo(1) },
    {
      type: 'contact',
      message: 'Запитване от Вейп Бургас ООД',
      link: '/admin/contact-messages/1',
      isRead: false,
      createdAt: minutesAgo(50),
    },
    {
      type: 'low_stock',
      message: 'Ниска наличност: TWINS Плодов микс',
      link: '/admin/products/1',
      isRead: false,
      createdAt: minutesAgo(10),
    },
    { type: 'order', message: 'Нова поръчка VS-1002', link: '/admin/orders/2', isRead: false, createdAt: minutesAgo(30) },
    { type: 'customer', message: 'Нов клиент: ivan@example.bg', link: '/admin/users/9', isRead: true, createdAt: minutesAgo(5) },
  ];
  const out: Notification[] = [];
  for (const r of rows) out.push(await Notification.query().insert(r));
  return out;
}

describe('who may call it', () => {
  it.each([
    ['get', '/api/admin/notifications'],
    ['get', '/api/admin/notifications/unread-count'],
    ['post', '/api/admin/notifications/read-all'],
    ['get', '/api/admin/notifications/1'],
    ['put', '/api/admin/notifications/1'],
    ['delete', '/api/admin/notifications/1'],
  ])('%s %s: 401 for a guest, 403 for a customer', async (method, url) => {
    const guest = shop.browser();
    await guest.csrf();
    const body = method === 'put' ? { isRead: true } : undefined;
    expect((await (guest as any)[method](url, body)).status).toBe(401);
    const customer = await shop.signedIn();
    const res = await (customer as any)[method](url, body);
    expect([res.status, res.body.message]).toEqual([403, API.adminsOnly]);
  });
});

describe('the list', () => {
  let rows: Notification[];
  beforeAll(async () => {
    rows = await seed();
  });

  it('puts unread first, newest first within each, with Content-Range and only the public fields', async () => {
    const res = await list('range=[0,9]');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('notifications 0-4/5');
    expect(res.body.map((n: any) => n.message)).toEqual([
      'Ниска наличност: TWINS Плодов микс',
      'Нова поръчка VS-1002',
      'Запитване от Вейп Бургас ООД',
      'Нова поръчка VS-1001',
      'Нов клиент: ivan@example.bg',
    ]);
    for (const n of res.body) expect(Object.keys(n).sort()).toEqual(FIELDS);
    expect(res.body[0]).toEqual({
      id: rows[2].id,
      type: 'low_stock',
      message: 'Ниска наличност: TWINS Плодов микс',
      link: '/admin/products/1',
      isRead: false,
      createdAt: rows[2].createdAt,
    });
  });

  it('pages with range', async () => {
    const res = await list('range=[1,2]');
    expect(res.headers['content-range']).toBe('notifications 1-2/5');
    expect(res.body.map((n: any) => n.message)).toEqual(['Нова поръчка VS-1002', 'Запитване от Вейп Бургас ООД']);
  });

  it('sorts by the allowed fields', async () => {
    const byAge = await list(`sort=${q(['createdAt', 'ASC'])}&range=[0,9]`);
    expect(byAge.body.map((n: any) => n.id)).toEqual([rows[1], rows[3], rows[2], rows[4], rows[0]].map((r) => r.id));
    const byType = await list(`sort=${q(['type', 'DESC'])}&range=[0,9]`);
    expect(byType.body.map((n: any) => n.type)).toEqual(['order', 'order', 'low_stock', 'customer', 'contact']);
    const readFirst = await list(`sort=${q(['isRead', 'DESC'])}&range=[0,9]`);
    expect(readFirst.body.slice(0, 2).every((n: any) => n.isRead)).toBe(true);
    const byId = await list(`sort=${q(['id', 'DESC'])}&range=[0,9]`);
    expect(byId.body.map((n: any) => n.id)).toEqual(rows.map((r) => r.id).reverse());
  });

  it('filters by text in the message, by type and by read state', async () => {
    const text = await list(`filter=${q({ q: 'VS-100' })}&range=[0,9]`);
    expect(text.headers['content-range']).toBe('notifications 0-1/2');
    expect(text.body.map((n: any) => n.message).sort()).toEqual(['Нова поръчка VS-1001', 'Нова поръчка VS-1002']);
    const cyrillic = await list(`filter=${q({ q: 'Бургас' })}&range=[0,9]`);
    expect(cyrillic.body.map((n: any) => n.type)).toEqual(['contact']);
    const orders = await list(`filter=${q({ type: 'order' })}&range=[0,9]`);
    expect(orders.body.map((n: any) => n.message)).toEqual(['Нова поръчка VS-1002', 'Нова поръчка VS-1001']);
    const unread = await list(`filter=${q({ isRead: false })}&range=[0,9]`);
    expect(unread.headers['content-range']).toBe('notifications 0-2/3');
    expect(unread.body.every((n: any) => n.isRead === false)).toBe(true);
    const read = await list(`filter=${q({ isRead: true, type: 'customer' })}&range=[0,9]`);
    expect(read.body.map((n: any) => n.id)).toEqual([rows[4].id]);
    const many = await list(`filter=${q({ id: [rows[0].id, rows[1].id] })}`);
    expect(many.body.map((n: any) => n.id).sort()).toEqual([rows[0].id, rows[1].id].sort());
  });

  it('refuses unknown sorts and filters, bad types and bad ranges with 400', async () => {
    const sort = await list(`sort=${q(['message', 'ASC'])}`);
    expect([sort.status, sort.body.message]).toEqual([400, API.invalidSort]);
    const filter = await list(`filter=${q({ link: '/admin' })}`);
    expect([filter.status, filter.body.message]).toEqual([400, API.invalidFilter]);
    const type = await list(`filter=${q({ type: 'spam' })}`);
    expect([type.status, type.body.message]).toEqual([400, API.invalidFilter]);
    const range = await list('range=[5,1]');
    expect([range.status, range.body.message]).toEqual([400, API.invalidRange]);
    expect((await list('filter={oops')).status).toBe(400);
  });
});

describe('one notification', () => {
  it('answers it, 404 when missing, 400 for a bad id', async () => {
    const [n] = await seed();
    const res = await admin.get(`/api/admin/notifications/${n.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toEqual(expect.objectContaining({ id: n.id, type: 'order', isRead: true }));
    const missing = await admin.get('/api/admin/notifications/999999');
    expect([missing.status, missing.body.message]).toEqual([404, API.notFound]);
    const bad = await admin.get('/api/admin/notifications/abc');
    expect([bad.status, bad.body.message]).toEqual([400, API.invalidId]);
  });

  it('changes only isRead; the read-only echoes are ignored, anything else is refused', async () => {
    const rows = await seed();
    const n = rows[1];
    const echo = { id: 1, type: 'order', message: 'подменено', link: '/x', createdAt: '2020-01-01T00:00:00.000Z', isRead: true };
    const res = await admin.put(`/api/admin/notifications/${n.id}`, echo);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: n.id, type: 'contact', message: n.message, link: n.link, isRead: true, createdAt: n.createdAt });
    expect((await Notification.query().findById(n.id))!.isRead).toBe(true);

    const back = await admin.put(`/api/admin/notifications/${n.id}`, { isRead: false });
    expect(back.body.isRead).toBe(false);

    const unknown = await admin.put(`/api/admin/notifications/${n.id}`, { isRead: true, priority: 'high' });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { priority: API.unknownField }]);
    const notBool = await admin.put(`/api/admin/notifications/${n.id}`, { isRead: 'може би' });
    expect([notBool.status, notBool.body.message]).toEqual([400, API.mustBeBoolean]);
    expect((await admin.put('/api/admin/notifications/999999', { isRead: true })).status).toBe(404);
  });

  it('deletes it and answers the deleted record', async () => {
    const rows = await seed();
    const res = await admin.delete(`/api/admin/notifications/${rows[3].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: rows[3].id, message: 'Нова поръчка VS-1002' }));
    expect((await admin.get(`/api/admin/notifications/${rows[3].id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/notifications/${rows[3].id}`)).status).toBe(404);
  });
});

describe('the badge and mark-all-read', () => {
  it('counts the unread ones and marks them all read, answering how many', async () => {
    await seed();
    const count = await admin.get('/api/admin/notifications/unread-count');
    expect([count.status, count.body]).toEqual([200, { count: 3 }]);
    const all = await admin.post('/api/admin/notifications/read-all');
    expect([all.status, all.body]).toEqual([200, { message: API.notificationsRead, count: 3 }]);
    expect((await admin.get('/api/admin/notifications/unread-count')).body).toEqual({ count: 0 });
    expect((await admin.post('/api/admin/notifications/read-all')).body.count).toBe(0);
    expect(await Notification.query().where('isRead', false).resultSize()).toBe(0);
  });
});

describe('a new customer', () => {
  it('registering leaves an unread notice linking to the new user', async () => {
    await Notification.query().delete();
    const b = shop.browser();
    await b.csrf();
    const reg = await b.post('/api/auth/register', {
      email: 'Nova.Klientka@Example.bg',
      password: 'parola-123',
      firstName: 'Нова',
      lastName: 'Клиентка',
    });
    expect(reg.status).toBe(201);
    const id = reg.body.user.id;

    expect((await admin.get('/api/admin/notifications/unread-count')).body).toEqual({ count: 1 });
    const res = await list('range=[0,9]');
    expect(res.headers['content-range']).toBe('notifications 0-0/1');
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        type: 'customer',
        link: `/admin/users/${id}`,
        isRead: false,
        message: expect.stringContaining('Нов клиент'),
      }),
    );
    expect(res.body[0].message).toContain('nova.klientka@example.bg');

    // A refused registration leaves nothing.
    await b
      .post('/api/auth/register', { email: 'nova.klientka@example.bg', password: 'parola-123', firstName: 'Нова', lastName: 'Клиентка' })
      .expect(409);
    expect((await admin.get('/api/admin/notifications/unread-count')).body).toEqual({ count: 1 });
  });
});
