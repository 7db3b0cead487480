import { shopForThisFile, TestShop, allKeys, SECRET_KEYS } from './helpers';
import { API } from '@domain/messages';

let admin: Awaited<ReturnType<TestShop['signedIn']>>;
const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
  await shop.user('customer', { email: 'ivan.petrov@example.bg', firstName: 'Иван', lastName: 'Петров' });
  await shop.user('customer', { email: 'maria@example.bg', firstName: 'Мария', lastName: 'Андреева' });
});

const noSecrets = (body: unknown) => expect(allKeys(body).filter((k) => SECRET_KEYS.includes(k))).toEqual([]);

describe('who may call the users API', () => {
  it.each([
    ['get', '/api/admin/users'],
    ['get', '/api/admin/user/1'],
    ['post', '/api/admin/users/create'],
    ['put', '/api/admin/user/1'],
    ['delete', '/api/admin/user/1'],
    ['get', '/api/admin/admins'],
  ])('%s %s: 401 for a guest, 403 for a customer', async (method, url) => {
    const guest = shop.browser();
    await guest.csrf();
    const g = await (guest as any)[method](url, method === 'get' || method === 'delete' ? undefined : {});
    expect(g.status).toBe(401);
    const customer = await shop.signedIn();
    const c = await (customer as any)[method](url, method === 'get' || method === 'delete' ? undefined : {});
    expect(c.status).toBe(403);
    expect(c.body.message).toBe(API.adminsOnly);
  });
});

describe('the plain dialect', () => {
  it('creates a user from the user object or { user } and answers 201 with the message', async () => {
    const res = await admin.post('/api/admin/users/create', {
      email: 'New.One@Example.bg',
      password: 'dobra-parola',
      firstName: 'Нов',
      lastName: 'Клиент',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.userCreated);
    expect(res.body.user).toMatchObject({ email: 'new.one@example.bg', role: 'customer', firstName: 'Нов' });
    noSecrets(res.body);
    const wrapped = await admin.post('/api/admin/users/create', {
      user: { email: 'wrapped@example.bg', password: 'dobra-parola', role: 'admin' },
    });
    expect(wrapped.status).toBe(201);
    expect(wrapped.body.user.role).toBe('admin');
  });

  it('refuses bad input with 400 naming the field and a taken e-mail with 409', async () => {
    const bad = await admin.post('/api/admin/users/create', { email: 'nope', password: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'password']);
    expect((await admin.post('/api/admin/users/create', { email: 'a@b.bg', password: 'dobra-parola', isVip: true })).status).toBe(400);
    expect((await admin.post('/api/admin/users/create', { email: 'a@b.bg', password: 'dobra-parola', role: 'owner' })).status).toBe(400);
    expect((await admin.post('/api/admin/users/create', '{bad json')).status).toBe(400);
    const dup = await admin.post('/api/admin/users/create', { email: 'IVAN.PETROV@example.bg', password: 'dobra-parola' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(API.emailTaken);
  });

  it('lists with paging, total, search (Cyrillic, any case) and sorts', async () => {
    const page = await admin.get('/api/admin/users?page=1&limit=2');
    expect(page.status).toBe(200);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    expect(page.body).toMatchObject({ page: 1, limit: 2 });
    noSecrets(page.body);

    const found = await admin.get('/api/admin/users?search=' + encodeURIComponent('иван'));
    expect(found.body.users.map((u: any) => u.email)).toContain('ivan.petrov@example.bg');
    expect(found.body.users.every((u: any) => /иван/i.test(`${u.firstName} ${u.lastName} ${u.email}`) || u.email.includes('ivan'))).toBe(
      true,
    );
    const byEmailPart = await admin.get('/api/admin/users?search=MARIA');
    expect(byEmailPart.body.users.map((u: any) => u.email)).toEqual(['maria@example.bg']);

    const byDate = (await admin.get('/api/admin/users?limit=100')).body.users.map((u: any) => u.createdAt);
    expect(byDate).toEqual([...byDate].sort().reverse());
    const byEmail = (await admin.get('/api/admin/users?limit=100&sort=email')).body.users.map((u: any) => u.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byName = (await admin.get('/api/admin/users?limit=100&sort=name')).body.users.map((u: any) => u.lastName);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each(['sort=password', 'limit=0', 'limit=-5', 'limit=101', 'limit=abc', 'page=0', 'page=x', 'limit=1&limit=2'])(
    'answers 400 to %s',
    async (q) => {
      const res = await admin.get(`/api/admin/users?${q}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    },
  );

  it('reads, updates and deletes one user; 404 for unknown, 400 for a bad id', async () => {
    const u = await shop.user();
    const got = await admin.get(`/api/admin/user/${u.id}`);
    expect(got.body.user.email).toBe(u.email);
    noSecrets(got.body);
    const upd = await admin.put(`/api/admin/user/${u.id}`, { firstName: 'Ново', phone: '+359 88 000 0000' });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe(API.userUpdated);
    expect(upd.body.user).toMatchObject({ firstName: 'Ново', phone: '+359 88 000 0000', email: u.email });
    // The new password works.
    expect((await admin.put(`/api/admin/user/${u.id}`, { password: 'sasvsem-nova' })).status).toBe(200);
    await shop.browser().signIn(u.email, 'sasvsem-nova');

    const del = await admin.delete(`/api/admin/user/${u.id}`);
    expect(del.body.message).toBe(API.userDeleted);
    expect((await admin.get(`/api/admin/user/${u.id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/user/999999')).status).toBe(404);
    expect((await admin.get('/api/admin/user/abc')).status).toBe(400);
    expect((await admin.put('/api/admin/user/999999', { firstName: 'X' })).status).toBe(404);
  });

  it('signs a deleted user out', async () => {
    const customer = await shop.signedIn();
    expect((await customer.get('/api/auth/me')).status).toBe(200);
    await admin.delete(`/api/admin/user/${customer.userId}`);
    expect((await customer.get('/api/auth/me')).status).toBe(401);
  });

  it('never lets an admin delete or demote themself', async () => {
    const del = await admin.delete(`/api/admin/user/${admin.userId}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(API.cannotDeleteSelf);
    const demote = await admin.put(`/api/admin/user/${admin.userId}`, { role: 'customer' });
    expect(demote.status).toBe(403);
    expect(demote.body.message).toBe(API.cannotDemoteSelf);
    expect((await admin.put(`/api/admin/users/${admin.userId}`, { role: 'customer' })).status).toBe(403);
    expect((await admin.delete(`/api/admin/admins/${admin.userId}`)).status).toBe(403);
    expect((await admin.get('/api/auth/me')).body.user.role).toBe('admin');
  });
});

describe('the react-admin dialect', () => {
  it('lists as an array with Content-Range, filters and sorts', async () => {
    const res = await admin.get(
      '/api/admin/users?sort=' + encodeURIComponent('["email","ASC"]') + '&range=[0,1]&filter=' + encodeURIComponent('{"role":"customer"}'),
    );
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(2);
    expect(res.body.every((u: any) => u.role === 'customer')).toBe(true);
    expect(res.headers['content-range']).toMatch(/^users 0-1\/\d+$/);
    noSecrets(res.body);
    const q = await admin.get('/api/admin/users?filter=' + encodeURIComponent('{"q":"андреева"}'));
    expect(q.body.map((u: any) => u.email)).toEqual(['maria@example.bg']);
  });

  it('answers getMany (filter by ids) and refuses unknown sort or filter fields', async () => {
    const all = (await admin.get('/api/admin/users?range=[0,9]')).body;
    const ids = all.slice(0, 2).map((u: any) => u.id);
    const many = await admin.get('/api/admin/users?filter=' + encodeURIComponent(JSON.stringify({ id: ids })));
    expect(many.body.map((u: any) => u.id).sort()).toEqual([...ids].sort());
    expect((await admin.get('/api/admin/users?sort=' + encodeURIComponent('["passwordHash","ASC"]') + '&range=[0,9]')).status).toBe(400);
    expect((await admin.get('/api/admin/users?filter=' + encodeURIComponent('{"passwordHash":"x"}'))).status).toBe(400);
    expect((await admin.get('/api/admin/users?range=[5,1]')).status).toBe(400);
    expect((await admin.get('/api/admin/users?range=nope')).status).toBe(400);
  });

  it('creates, reads, updates (ignoring echoed read-only fields) and deletes', async () => {
    const created = await admin.post('/api/admin/users', { email: 'ra@example.bg', password: 'dobra-parola', firstName: 'Ра' });
    expect(created.status).toBe(201);
    expect(created.body.id).toEqual(expect.any(Number));
    const record = (await admin.get(`/api/admin/users/${created.body.id}`)).body;
    const updated = await admin.put(`/api/admin/users/${record.id}`, { ...record, lastName: 'Админов' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: record.id, lastName: 'Админов' });
    expect((await admin.put(`/api/admin/users/${record.id}`, { ...record, hacked: 1 })).status).toBe(400);
    const deleted = await admin.delete(`/api/admin/users/${record.id}`);
    expect(deleted.body.id).toBe(record.id);
    expect((await admin.get(`/api/admin/users/${record.id}`)).status).toBe(404);
  });

  it('manages admins: add new, promote a customer, remove rights without deleting the user', async () => {
    const fresh = await admin.post('/api/admin/admins', { email: 'staff@example.bg', password: 'dobra-parola', firstName: 'Служител' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.role).toBe('admin');
    const customer = await shop.user();
    // A customer becomes an admin with a new strong password (the stored one may be weak).
    const promoted = await admin.post('/api/admin/admins', { email: customer.email, password: 'chetiri-sluchaini-dumi' });
    expect(promoted.body).toMatchObject({ id: customer.id, role: 'admin' });
    const noPassword = await admin.post('/api/admin/admins', { email: 'unknown-new@example.bg' });
    expect(noPassword.status).toBe(400);

    const list = await admin.get('/api/admin/admins?range=[0,99]');
    expect(list.body.every((u: any) => u.role === 'admin')).toBe(true);
    expect(list.body.map((u: any) => u.email)).toEqual(expect.arrayContaining(['staff@example.bg', customer.email]));
    expect(list.headers['content-range']).toMatch(/^admins /);

    const removed = await admin.delete(`/api/admin/admins/${customer.id}`);
    expect(removed.body).toMatchObject({ id: customer.id, role: 'customer' });
    expect((await admin.get(`/api/admin/user/${customer.id}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/admins/${customer.id}`)).status).toBe(404);
  });
});
