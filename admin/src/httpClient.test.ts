import { mockFetch } from './test/fetchMock';
import { httpClient, setCsrfToken, TOKEN_KEY } from './httpClient';
import { i18nProvider } from './i18nProvider';
import { createDataProvider } from './dataProvider';

beforeEach(() => setCsrfToken(null));

test('a change is sent with the session cookie and the CSRF token fetched first', async () => {
  const { calls } = mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok-1' } },
    'PUT /api/admin/orders/7': { body: { id: 7, status: 'confirmed' } },
  });
  const { json } = await httpClient('/api/admin/orders/7', { method: 'PUT', body: JSON.stringify({ status: 'confirmed' }) });
  expect(json).toEqual({ id: 7, status: 'confirmed' });
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.credentials).toBe('include');
  expect(put.headers['x-csrf-token']).toBe('tok-1');
});

test('reads are sent with credentials and without a CSRF round trip', async () => {
  const { calls } = mockFetch({ 'GET /api/admin/orders/counts': { body: { counts: { pending: 3 } } } });
  const counts = await createDataProvider().orderCounts();
  expect(counts).toEqual({ pending: 3 });
  expect(calls).toHaveLength(1);
  expect(calls[0].credentials).toBe('include');
});

test('a stale CSRF token is refetched once and the change retried', async () => {
  let token = 0;
  const { calls } = mockFetch({
    'GET /api/csrf-token': () => ({ body: { csrfToken: `tok-${++token}` } }),
    'POST /api/admin/notifications/read-all': (c) =>
      c.headers['x-csrf-token'] === 'tok-2'
        ? { body: { message: 'Всички нотификации са отбелязани като прочетени.' } }
        : { status: 403, body: { message: 'Невалиден или липсващ CSRF токен. Презаредете страницата и опитайте отново.' } },
  });
  const answer = await createDataProvider().readAllNotifications();
  expect(answer.message).toBe('Всички нотификации са отбелязани като прочетени.');
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers['x-csrf-token'])).toEqual(['tok-1', 'tok-2']);
});

test("the server's Bulgarian message is the error's message", async () => {
  mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 't' } },
    'PUT /api/admin/orders/1': { status: 409, body: { message: 'Поръчка със статус „Доставена“ не може да премине в „Нова“.' } },
  });
  await expect(
    createDataProvider().update('orders', { id: 1, data: { status: 'pending' }, previousData: { id: 1 } }),
  ).rejects.toMatchObject({
    status: 409,
    message: 'Поръчка със статус „Доставена“ не може да премине в „Нова“.',
  });
});

test('lists use the simple-rest dialect on /api/admin', async () => {
  const { calls } = mockFetch({
    'GET /api/admin/orders': { body: [{ id: 1, number: 'VS-1' }], headers: { 'Content-Range': 'orders 0-0/1' } },
  });
  const { data, total } = await createDataProvider().getList('orders', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { status: 'pending' },
  });
  expect(data).toEqual([{ id: 1, number: 'VS-1' }]);
  expect(total).toBe(1);
  const url = decodeURIComponent(calls[0].url);
  expect(url).toContain('sort=["createdAt","DESC"]');
  expect(url).toContain('range=[0,24]');
  expect(url).toContain('filter={"status":"pending"}');
});

test('product images chosen in the form are uploaded, then stored as { url, alt }', async () => {
  const { calls } = mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 't' } },
    'POST /api/admin/uploads': { body: { url: '/uploads/new.webp' } },
    'PUT /api/admin/products/3': (c) => ({ body: { id: 3, ...c.body } }),
  });
  const file = new File(['x'], 'new.webp', { type: 'image/webp' });
  await createDataProvider().update('products', {
    id: 3,
    data: {
      name: 'TWINS',
      images: [
        { url: '/uploads/old.webp', alt: 'old', src: '/uploads/old.webp' },
        { rawFile: file, src: 'blob:x', title: 'new.webp' },
      ],
      attributes: [{ id: 1, name: 'Вкус', values: [{ id: 2, value: 'Мента' }] }],
    },
    previousData: { id: 3 },
  });
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.body.images).toEqual([
    { url: '/uploads/old.webp', alt: 'old' },
    { url: '/uploads/new.webp', alt: 'TWINS' },
  ]);
  expect(put.body.attributes).toEqual([{ name: 'Вкус', values: ['Мента'] }]);
});

describe('the bearer token and default error texts', () => {
  afterEach(() => {
    localStorage.clear();
    return i18nProvider.changeLocale('bg');
  });

  test('the bearer token from local storage is sent when present, and only then', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/orders/counts': { body: { counts: {} } } });
    await httpClient('/api/admin/orders/counts');
    expect(calls[0].headers.authorization).toBeUndefined();
    localStorage.setItem(TOKEN_KEY, 'vs_staff_token');
    await httpClient('/api/admin/orders/counts');
    expect(calls[1].headers.authorization).toBe('Bearer vs_staff_token');
  });

  test("an answer without a message shows the call's default, never the status text", async () => {
    mockFetch({
      'GET /api/admin/users/4': { status: 500, body: {} },
      'GET /api/admin/products/9': { status: 500, body: {} },
      'DELETE /api/admin/products/9': { status: 500, body: {} },
      'DELETE /api/admin/orders/3': { status: 500, body: {} },
      'GET /api/auth/me': { status: 500, body: {} },
      'GET /api/csrf-token': { body: { csrfToken: 't' } },
    });
    const messageOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      );
    expect(await messageOf(httpClient('/api/admin/users/4'))).toBe('Неуспешно зареждане на потребителя.');
    await i18nProvider.changeLocale('en');
    expect(await messageOf(httpClient('/api/admin/users/4'))).toBe('Failed to get user');
    expect(await messageOf(httpClient('/api/admin/products/9'))).toBe('Failed to get product');
    expect(await messageOf(httpClient('/api/admin/products/9', { method: 'DELETE' }))).toBe('Failed to delete product');
    expect(await messageOf(httpClient('/api/admin/orders/3', { method: 'DELETE' }))).toBe('Failed to delete order');
    expect(await messageOf(httpClient('/api/auth/me'))).toBe('Failed to fetch user');
  });

  test("the server's message wins over the default", async () => {
    mockFetch({ 'GET /api/admin/users/4': { status: 404, body: { message: 'Потребителят не е намерен.' } } });
    await expect(httpClient('/api/admin/users/4')).rejects.toThrow('Потребителят не е намерен.');
  });
});
