// Signing in, registering, signing out and loading the user in the admin's language: with
// English chosen in the admin (react-admin's stored locale), the fixed English texts;
// registration sets the user and goes to /signin in either language.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from './toast';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { ADMIN_EN, STOREFRONT } from '@domain/messages';
import { ADMIN_LOCALE_KEY, interfaceLanguage } from './language';

const user = { id: 3, email: 'ivan@example.bg', firstName: 'Иван', lastName: 'Петров', role: 'customer' };

function renderAt(path: string) {
  localStorage.setItem('age-confirmed', 'yes');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

const inEnglish = () => localStorage.setItem(ADMIN_LOCALE_KEY, JSON.stringify('en'));

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

const signedOut = {
  'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
  'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
  'GET /api/settings': { status: 404 },
  'GET /api/orders': { body: { orders: [] } },
  'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
};

it('reads the admin’s stored language, Bulgarian otherwise', () => {
  expect(interfaceLanguage()).toBe('bg');
  inEnglish();
  expect(interfaceLanguage()).toBe('en');
  localStorage.setItem(ADMIN_LOCALE_KEY, 'not json');
  expect(interfaceLanguage()).toBe('bg');
});

it('in English: Login failed, then Login successful', async () => {
  inEnglish();
  mockFetch({
    ...signedOut,
    'POST /api/auth/login': (c) =>
      c.body.password === 'parola123'
        ? { body: { user, message: 'Вписахте се успешно.', csrfToken: 'tok2' } }
        : { status: 401, body: { message: 'Грешен имейл или парола.' } },
  });
  renderAt('/signin');
  await userEvent.type(await screen.findByLabelText('Имейл'), 'ivan@example.bg');
  await userEvent.type(screen.getByLabelText('Парола'), 'greshna');
  await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
  expect(await screen.findByText(ADMIN_EN.loginFailed)).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Парола'));
  await userEvent.type(screen.getByLabelText('Парола'), 'parola123');
  await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
  expect(await screen.findByText(ADMIN_EN.loginOk)).toBeInTheDocument();
  expect(screen.queryByText(STOREFRONT.loginOk)).toBeNull();
});

async function fillRegistration() {
  await userEvent.type(await screen.findByLabelText('Име'), 'Иван');
  await userEvent.type(screen.getByLabelText('Фамилия'), 'Петров');
  await userEvent.type(screen.getByLabelText('Имейл'), 'ivan@example.bg');
  await userEvent.type(screen.getByLabelText('Парола'), 'parola123');
  await userEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
}

it('in English: Registration failed; then Register successful, the user set, at /signin', async () => {
  inEnglish();
  let taken = true;
  mockFetch({
    ...signedOut,
    'POST /api/auth/register': () =>
      taken
        ? { status: 409, body: { message: 'Този имейл вече е регистриран.' } }
        : { status: 201, body: { user, message: 'Регистрацията бе успешна.', csrfToken: 'tok2' } },
  });
  renderAt('/register');
  await fillRegistration();
  expect(await screen.findByText(ADMIN_EN.registerFailed)).toBeInTheDocument();
  taken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
  expect(await screen.findByText(ADMIN_EN.registerOk)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Вход', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Профил' })).toHaveAttribute('href', '/account');
});

it('in Bulgarian: registration sets the user, shows its toast and stays on /signin', async () => {
  const { calls } = mockFetch({
    ...signedOut,
    'POST /api/auth/register': { status: 201, body: { user, message: 'Регистрацията бе успешна.', csrfToken: 'tok2' } },
  });
  renderAt('/register');
  await fillRegistration();
  expect(await screen.findByText(STOREFRONT.registerOk)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Вход', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Профил' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Вход' })).toBeNull();
  // The next call carries the new session's CSRF token.
  await userEvent.click(screen.getAllByRole('button', { name: 'Изход' })[0]);
  await waitFor(() => expect(calls.find((c) => c.url === '/api/auth/logout')?.headers['x-csrf-token']).toBe('tok2'));
});

it('in English: Failed to fetch user, and Logout failed', async () => {
  inEnglish();
  mockFetch({
    ...signedOut,
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { status: 500, body: {} },
  });
  const first = renderAt('/');
  expect(await screen.findByText(ADMIN_EN.fetchUserFailed)).toBeInTheDocument();
  first.unmount();
  clearToasts();

  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockFetch({
    ...signedOut,
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'POST /api/auth/logout': { status: 500, body: {} },
  });
  renderAt('/');
  await userEvent.click((await screen.findAllByRole('button', { name: 'Изход' }))[0]);
  expect(await screen.findByText(ADMIN_EN.logoutFailed)).toBeInTheDocument();
});
