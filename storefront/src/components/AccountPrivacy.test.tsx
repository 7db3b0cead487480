// The account's „Лични данни“: the downloads, and closing the account with the password.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { PRIVACY } from '@domain/messages';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { TOKEN_KEY } from '../api/client';
import { SCROLL_KEY } from './RouteChange';
import { CHECKOUT_FORM_KEY as CHECKOUT_KEY_NAMED, DISCOUNT_KEY as DISCOUNT_KEY_NAMED } from './PrivacyText';
import { CHECKOUT_FORM_KEY } from '../state/checkoutForm';
import { DISCOUNT_KEY } from '../pages/CartPage';

const user = { id: 3, email: 'ivan@example.bg', firstName: 'Иван', lastName: 'Петров', role: 'customer' };

function signedInApi(close: (body: any) => { status?: number; body?: unknown }) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/orders': { body: { orders: [] } },
    'POST /api/account/close': (c) => close(c.body),
  });
}

function renderAt(path: string) {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

it('offers the data as JSON and CSV downloads from the API', async () => {
  signedInApi(() => ({ status: 500 }));
  renderAt('/account');
  const json = await screen.findByRole('link', { name: 'Изтегли моите данни' });
  expect(json).toHaveAttribute('href', '/api/account/data?format=json');
  expect(json).toHaveAttribute('download');
  expect(screen.getByRole('link', { name: 'Като таблица (CSV)' })).toHaveAttribute('href', '/api/account/data?format=csv');
});

it('closes the account only with the right password, then shows the sign-in page', async () => {
  const { calls } = signedInApi((body) =>
    body.password === 'moyata-parola'
      ? { body: { message: PRIVACY.accountClosed } }
      : { status: 400, body: { message: PRIVACY.wrongPassword, errors: { password: PRIVACY.wrongPassword } } },
  );
  renderAt('/account');
  await userEvent.click(await screen.findByRole('button', { name: 'Закрий профила' }));
  const field = screen.getByLabelText('Парола за потвърждение');

  await userEvent.click(screen.getByRole('button', { name: 'Закрий профила окончателно' }));
  expect(screen.getByRole('alert')).toHaveTextContent(PRIVACY.passwordNeeded);
  expect(calls.some((c) => c.url === '/api/account/close')).toBe(false);

  await userEvent.type(field, 'greshna');
  await userEvent.click(screen.getByRole('button', { name: 'Закрий профила окончателно' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(PRIVACY.wrongPassword);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(PRIVACY.wrongPassword);

  await userEvent.clear(field);
  await userEvent.type(field, 'moyata-parola');
  await userEvent.click(screen.getByRole('button', { name: 'Закрий профила окончателно' }));
  expect(await screen.findByText(PRIVACY.accountClosed)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
  const close = calls.find((c) => c.url === '/api/account/close' && c.body.password === 'moyata-parola')!;
  expect(close.headers['x-csrf-token']).toBe('tok');
  await waitFor(() => expect(screen.getByRole('link', { name: 'Вход' })).toBeInTheDocument());
});

it('the privacy page names every cookie and storage the shop uses, and links to the account', async () => {
  expect([CHECKOUT_KEY_NAMED, DISCOUNT_KEY_NAMED]).toEqual([CHECKOUT_FORM_KEY, DISCOUNT_KEY]);
  mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
    'GET /api/settings': { status: 404 },
  });
  renderAt('/privacy');
  await screen.findByRole('heading', { name: 'Поверителност', level: 1 });
  for (const name of [
    'sid',
    'sid.rev',
    'csrf',
    'vs_trade',
    'cart',
    AGE_CONFIRMED_KEY,
    CHECKOUT_FORM_KEY,
    DISCOUNT_KEY,
    SCROLL_KEY,
    TOKEN_KEY,
  ]) {
    expect(screen.getAllByText(name, { selector: 'code' }).length).toBeGreaterThan(0);
  }
  expect(screen.getByText(/10 години от поръчката/)).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'профила си' })[0]).toHaveAttribute('href', '/account');
});
