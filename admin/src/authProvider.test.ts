import { API } from '@domain/messages';
import { authProvider, resetAuthCache } from './authProvider';
import { setCsrfToken } from './httpClient';
import { mockFetch } from './test/fetchMock';

beforeEach(() => {
  resetAuthCache();
  setCsrfToken(null);
});

const user = (role: 'admin' | 'customer') => ({ id: 1, email: 'a@b.bg', firstName: 'Мария', lastName: 'Петрова', role });

test('an administrator signs in with email and password (CSRF token sent)', async () => {
  const { calls } = mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'c1' } },
    'POST /api/auth/login': { body: { user: user('admin'), message: 'Вписахте се успешно.' } },
  });
  await authProvider.login({ email: 'a@b.bg', password: 'secret123' });
  const login = calls.find((c) => c.url === '/api/auth/login')!;
  expect(login.body).toEqual({ email: 'a@b.bg', password: 'secret123' });
  expect(login.headers['x-csrf-token']).toBe('c1');
  await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: 'Мария Петрова' });
});

test('a customer is refused in Bulgarian and signed out again', async () => {
  const { calls } = mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'c1' } },
    'POST /api/auth/login': { body: { user: user('customer'), message: 'Вписахте се успешно.' } },
    'POST /api/auth/logout': { body: {} },
  });
  await expect(authProvider.login({ email: 'a@b.bg', password: 'secret123' })).rejects.toThrow(API.adminsOnly);
  expect(API.adminsOnly).toBe('Достъпът е само за администратори.');
  expect(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST')).toBe(true);
});

test('a customer session from the shop does not open the panel: quietly back to /signin', async () => {
  mockFetch({ 'GET /api/auth/me': { body: { user: user('customer') } } });
  await expect(authProvider.checkAuth({})).rejects.toEqual({
    message: false,
    redirectTo: `${window.location.origin}/signin?next=%2Fadmin`,
  });
});

test('no session: the storefront sign-in page, coming back to this admin page, with no red error', async () => {
  window.history.pushState({}, '', '/admin/orders?filter=%7B%7D');
  mockFetch({ 'GET /api/auth/me': { status: 401, body: { message: 'Моля, влезте в профила си.' } } });
  const refusal = await authProvider.checkAuth({}).catch((e) => e);
  expect(refusal.message).toBe(false);
  const url = new URL(refusal.redirectTo);
  expect(url.pathname).toBe('/signin');
  expect(url.searchParams.get('next')).toBe('/admin/orders?filter=%7B%7D');
  window.history.pushState({}, '', '/');
});

test('signing out lands on /signin', async () => {
  mockFetch({ 'GET /api/csrf-token': { body: { csrfToken: 'c1' } }, 'POST /api/auth/logout': { body: {} } });
  expect(new URL(String(await authProvider.logout({}))).pathname).toBe('/signin');
});

test('a 401 from any call sends the person to the login page; other errors do not', async () => {
  await expect(authProvider.checkError({ status: 401 })).rejects.toBeTruthy();
  await expect(authProvider.checkError({ status: 409, body: { message: 'Конфликт' } })).resolves.toBeUndefined();
  await expect(authProvider.checkError({ status: 403, body: { message: API.cannotDemoteSelf } })).resolves.toBeUndefined();
  await expect(authProvider.checkError({ status: 403, body: { message: API.adminsOnly } })).rejects.toBeTruthy();
});
