// The mailed link's page confirms the address and says so; a refused link says why. The profile of
// an unproven account tells what that means and sends the link again, the answer read out.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { EMAIL_OWNERSHIP } from '@domain/messages';

const user = { id: 7, email: 'nov@example.bg', firstName: 'Нов', lastName: 'Клиент', role: 'customer', emailVerified: false };

function api(extra: Parameters<typeof mockFetch>[0], signedIn = false) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: signedIn } },
    'GET /api/auth/me': { body: { user } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/orders': { body: { orders: [] } },
    'GET /api/cart': { body: { cartItems: [] } },
    'POST /api/cart/preview': { body: { cartItems: [], count: 0, subtotal: 0 } },
    ...extra,
  });
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
});

const open = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <App />
    </MemoryRouter>,
  );

test('the link confirms the address once and says so', async () => {
  const { calls } = api({ 'POST /api/auth/verify-email': { body: { message: EMAIL_OWNERSHIP.verified } } });
  open('/verify-email?token=abcdefghijklmnop');
  const answer = await screen.findByText(EMAIL_OWNERSHIP.verified, { selector: 'p' });
  expect(answer).toHaveAttribute('role', 'status');
  await waitFor(() => expect(answer).toHaveFocus());
  expect(calls.filter((c) => c.url.endsWith('/api/auth/verify-email')).map((c) => c.body)).toEqual([{ token: 'abcdefghijklmnop' }]);
});

test('a signed-in browser sends the link with its CSRF token', async () => {
  const { calls } = api({ 'POST /api/auth/verify-email': { body: { message: EMAIL_OWNERSHIP.changed } } }, true);
  // The page is on screen before the start-up has the token (as after a server-rendered load).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/csrf-token')) await held;
    return answer(url, init);
  }) as typeof fetch;
  open('/verify-email?token=abcdefghijklmnop');
  await screen.findByText(EMAIL_OWNERSHIP.checking);
  release();
  expect(await screen.findByText(EMAIL_OWNERSHIP.changed, { selector: 'p' })).toBeInTheDocument();
  const sent = calls.filter((c) => c.url.endsWith('/api/auth/verify-email'));
  expect(sent).toHaveLength(1);
  expect(sent[0].headers['x-csrf-token']).toBe('tok');
});

test('a used or expired link is refused, with the way to a new one', async () => {
  api({ 'POST /api/auth/verify-email': { status: 400, body: { message: EMAIL_OWNERSHIP.linkInvalid } } });
  open('/verify-email?token=abcdefghijklmnop');
  expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_OWNERSHIP.linkInvalid);
  const card = (await screen.findByRole('alert')).closest('.card') as HTMLElement;
  expect(within(card).getByRole('link', { name: EMAIL_OWNERSHIP.toSignIn })).toHaveAttribute('href', '/signin');
});

test('the profile of an unproven account sends the link again and reads out the answer', async () => {
  const { calls } = api({ 'POST /api/account/email/resend': { body: { message: EMAIL_OWNERSHIP.linkSent } } }, true);
  open('/account');
  expect(await screen.findByRole('heading', { name: EMAIL_OWNERSHIP.unverifiedTitle })).toBeInTheDocument();
  const button = screen.getByRole('button', { name: EMAIL_OWNERSHIP.resend });
  await userEvent.click(button);
  expect(await screen.findByText(EMAIL_OWNERSHIP.linkSent, { selector: 'p' })).toBeInTheDocument();
  await waitFor(() => expect(document.getElementById('live-polite')).toHaveTextContent(EMAIL_OWNERSHIP.linkSent));
  expect(button).toHaveFocus();
  expect(calls.filter((c) => c.url.endsWith('/api/account/email/resend'))).toHaveLength(1);
});
