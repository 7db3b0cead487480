// The invitation's page (/invitation/:token): the company, address, role and limit it offers and
// „Приеми поканата“; signed out, the ways to sign in or register come back here; each refusal
// (another address, an unproven one, expired, used, unknown) is said as the server says it.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { clearCookies, mockFetch, type Call } from '../test/fetchMock';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { MEMBER_TEXT } from '@domain/companyMembers';

const preview = {
  companyName: 'Фирма ООД',
  email: 'ivan@firma.bg',
  role: 'buyer',
  orderLimit: 500,
  expired: false,
  accepted: false,
};
const ivan = { id: 7, email: 'ivan@firma.bg', firstName: 'Иван', lastName: 'Иванов', role: 'customer' };

function shop(user: unknown, routes: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: Boolean(user) } },
    'GET /api/auth/me': user ? { body: { user } } : { status: 401 },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { body: { currency: 'EUR', dualCurrency: false } },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/trade/invitations/abc123': { body: preview },
    ...(routes as Record<string, { status?: number; body?: unknown }>),
  });
}

function open() {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={['/invitation/abc123']}>
      <App />
    </MemoryRouter>,
  );
}

const accepts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/trade/invitations/abc123/accept');

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

test('signed in with the invited address: the invitation is shown and accepted', async () => {
  const { calls } = shop(ivan, { 'POST /api/trade/invitations/abc123/accept': { body: { company: { id: 3, name: 'Фирма ООД' } } } });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Покана за фирма' })).toBeInTheDocument();
  expect(screen.getByText('Поканени сте да купувате за Фирма ООД.')).toBeInTheDocument();
  expect(screen.getByText('ivan@firma.bg')).toBeInTheDocument();
  expect(screen.getByText('Купувач')).toBeInTheDocument();
  expect(screen.getByText(/^500,00\s€ без ДДС$/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Приеми поканата' }));
  const joined = await screen.findByRole('status');
  expect(joined).toHaveTextContent(MEMBER_TEXT.joined('Фирма ООД'));
  expect(joined).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Към профила' })).toHaveAttribute('href', '/account');
  expect(accepts(calls)).toHaveLength(1);
  expect(accepts(calls)[0].headers).toEqual(expect.objectContaining({ 'x-csrf-token': 'tok' }));
});

test('signed out: sign-in and registration links come back to the invitation', async () => {
  const { calls } = shop(null);
  open();
  expect(await screen.findByText('Влезте с ivan@firma.bg, за да приемете поканата.')).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Вход' })).toHaveAttribute(
    'href',
    `/signin?next=${encodeURIComponent('/invitation/abc123')}`,
  );
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Регистрация' })).toHaveAttribute(
    'href',
    `/register?next=${encodeURIComponent('/invitation/abc123')}`,
  );
  expect(screen.queryByRole('button', { name: 'Приеми поканата' })).not.toBeInTheDocument();
  expect(accepts(calls)).toHaveLength(0);
});

test('a session that ended meanwhile (401) gets the links to sign in', async () => {
  shop(ivan, { 'POST /api/trade/invitations/abc123/accept': { status: 401, body: { message: 'Необходим е вход.' } } });
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Приеми поканата' }));
  expect(await screen.findByText('Влезте с ivan@firma.bg, за да приемете поканата.')).toHaveFocus();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Вход' })).toHaveAttribute(
    'href',
    `/signin?next=${encodeURIComponent('/invitation/abc123')}`,
  );
});

test.each([
  [403, MEMBER_TEXT.invitationOtherEmail('ivan@firma.bg')],
  [403, MEMBER_TEXT.invitationUnproven],
  [409, MEMBER_TEXT.invitationExpired],
  [409, MEMBER_TEXT.invitationUsed],
])('a refusal (%i) is said as the server says it: %s', async (status, message) => {
  shop({ ...ivan, email: 'drug@firma.bg' }, { 'POST /api/trade/invitations/abc123/accept': { status, body: { message } } });
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Приеми поканата' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(message);
  await waitFor(() => expect(alert).toHaveFocus());
});

test('an expired or used invitation says so and offers nothing to accept', async () => {
  shop(ivan, { 'GET /api/trade/invitations/abc123': { body: { ...preview, expired: true } } });
  open();
  expect(await screen.findByRole('alert')).toHaveTextContent(MEMBER_TEXT.invitationExpired);
  expect(screen.queryByRole('button', { name: 'Приеми поканата' })).not.toBeInTheDocument();
});

test('an unknown invitation is not found', async () => {
  shop(ivan, { 'GET /api/trade/invitations/abc123': { status: 404, body: { message: MEMBER_TEXT.invitationNotFound } } });
  open();
  expect(await screen.findByText(MEMBER_TEXT.invitationNotFound)).toBeInTheDocument();
});

test('registering from the invitation comes back to it', async () => {
  const { calls } = shop(null, {
    'POST /api/auth/register': { status: 201, body: { user: ivan, message: 'Регистрацията е успешна.', csrfToken: 'tok2' } },
  });
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={[`/register?next=${encodeURIComponent('/invitation/abc123')}`]}>
      <App />
    </MemoryRouter>,
  );
  expect(await within(await screen.findByRole('main')).findByRole('link', { name: 'Вход' })).toHaveAttribute(
    'href',
    `/signin?next=${encodeURIComponent('/invitation/abc123')}`,
  );
  await userEvent.type(screen.getByLabelText('Име'), 'Иван');
  await userEvent.type(screen.getByLabelText('Фамилия'), 'Иванов');
  await userEvent.type(screen.getByLabelText('Имейл'), 'ivan@firma.bg');
  await userEvent.type(screen.getByLabelText('Парола'), 'дълга-парола-123');
  await userEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
  expect(await screen.findByRole('button', { name: 'Приеми поканата' })).toBeInTheDocument();
  expect(calls.some((c) => c.url === '/api/trade/invitations/abc123')).toBe(true);
});
