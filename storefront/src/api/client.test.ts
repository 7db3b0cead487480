import { api, browserLocation, setCsrfToken, shouldRedirectOn401, TOKEN_KEY } from './client';
import { clearToasts, subscribeToasts, Toast } from '../state/toast';
import { mockFetch } from '../test/fetchMock';

let toasts: Toast[] = [];
let unsubscribe: () => void;
beforeEach(() => {
  clearToasts();
  unsubscribe = subscribeToasts((t) => (toasts = t));
  localStorage.clear();
  setCsrfToken('');
});
afterEach(() => unsubscribe());

describe('the HTTP client', () => {
  it('sends credentials and JSON to /api, the bearer token when stored, the CSRF token on mutations only', async () => {
    const { calls } = mockFetch({ 'GET /api/products': { body: { products: [] } }, 'POST /api/auth/login': { body: { user: {} } } });
    localStorage.setItem(TOKEN_KEY, 'vs_secret');
    setCsrfToken('csrf-123');
    await api.get('/products');
    await api.post('/auth/login', { email: 'a@b.bg', password: 'x' });
    expect(calls[0]).toEqual(expect.objectContaining({ method: 'GET', url: '/api/products', credentials: 'include' }));
    expect(calls[0].headers.Authorization).toBe('Bearer vs_secret');
    expect(calls[0].headers['x-csrf-token']).toBeUndefined();
    expect(calls[1].headers['x-csrf-token']).toBe('csrf-123');
    expect(calls[1].headers['Content-Type']).toBe('application/json');
    expect(calls[1].body).toEqual({ email: 'a@b.bg', password: 'x' });
  });

  it('sends /api/... paths as written', async () => {
    const { calls } = mockFetch({ 'GET /api/cart': { body: { cartItems: [] } } });
    await api.get('/api/cart', { absolute: true });
    expect(calls[0].url).toBe('/api/cart');
  });

  it('shows the server’s message as an error toast, else the default', async () => {
    mockFetch({
      'POST /api/auth/login': { status: 401, body: { message: 'Грешен имейл или парола.' } },
      'POST /api/auth/register': { status: 500, body: {} },
    });
    await expect(api.post('/auth/login', {}, { errorMessage: 'Влизането не бе успешно.' })).rejects.toThrow('Грешен имейл или парола.');
    expect(toasts.map((t) => t.text)).toEqual(['Грешен имейл или парола.']);
    await expect(api.post('/auth/register', {}, { errorMessage: 'Регистрацията не бе успешна.' })).rejects.toThrow(
      'Регистрацията не бе успешна.',
    );
    expect(toasts.map((t) => [t.kind, t.text])).toContainEqual(['error', 'Регистрацията не бе успешна.']);
  });

  it('redirects to /signin on a 401 from a protected path, never from /signin or /register', async () => {
    mockFetch({ 'GET /api/orders': { status: 401, body: { message: 'Моля, влезте в профила си.' } } });
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const path = jest.spyOn(browserLocation, 'path');
    for (const [where, redirected] of [
      ['/account', true],
      ['/admin/orders', true],
      ['/products', false],
      ['/signin', false],
      ['/register', false],
    ] as const) {
      assign.mockClear();
      path.mockReturnValue(where);
      await expect(api.get('/orders', { silent: true })).rejects.toThrow();
      expect([where, assign.mock.calls.length]).toEqual([where, redirected ? 1 : 0]);
      if (redirected) expect(assign).toHaveBeenCalledWith('/signin');
    }
  });

  it('knows the protected prefixes', () => {
    expect(
      ['/admin', '/admin/dashboard', '/admin/settings', '/admin/orders/5', '/admin/products', '/account'].every(shouldRedirectOn401),
    ).toBe(true);
    expect(['/', '/cart', '/products', '/signin', '/register'].some(shouldRedirectOn401)).toBe(false);
  });
});
