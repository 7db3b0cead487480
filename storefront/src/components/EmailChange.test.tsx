// „Смяна на имейла“ on the profile: a new address with the current password; the answer is read
// out and the card says which address waits for its link (after a reload too); refusals sit under
// the field they are about, which takes focus.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { clearToasts } from '../state/toast';
import { API, EMAIL_OWNERSHIP, FORM, PRIVACY } from '@domain/messages';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';

const user = { id: 5, email: 'staro@example.bg', firstName: 'Мария', lastName: 'Иванова', role: 'customer', emailVerified: true };

function signedInApi(change: Parameters<typeof mockFetch>[0][string], me: Record<string, unknown> = user) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user: me } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/orders': { body: { orders: [] } },
    'PUT /api/account/email': change,
  });
}

async function openForm() {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={['/account']}>
      <App />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: EMAIL_OWNERSHIP.changeOpen }));
  const address = screen.getByLabelText(EMAIL_OWNERSHIP.newAddress);
  const password = screen.getByLabelText(EMAIL_OWNERSHIP.currentPassword, { selector: '#email-change-password' });
  return { address, password, send: () => userEvent.click(screen.getByRole('button', { name: EMAIL_OWNERSHIP.changeSubmit })) };
}

const changes = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'PUT' && c.url === '/api/account/email');

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

it('asks for the new address with the password, reads out the answer and shows the address waiting', async () => {
  const { calls } = signedInApi((c) => ({
    body: { message: EMAIL_OWNERSHIP.changeLinkSent, pendingEmail: c.body.email },
  }));
  const { address, password, send } = await openForm();
  expect(address).toHaveFocus();
  await userEvent.type(address, 'novo@example.bg');
  await userEvent.type(password, 'moyata-parola');
  await send();

  expect(await screen.findByText(EMAIL_OWNERSHIP.pendingChange('novo@example.bg'))).toBeInTheDocument();
  expect(screen.getByText(EMAIL_OWNERSHIP.changeLinkSent, { selector: 'p' })).toBeInTheDocument();
  await waitFor(() => expect(document.getElementById('live-polite')).toHaveTextContent(EMAIL_OWNERSHIP.changeLinkSent));
  // The form closes; focus goes back to the button that opened it. The profile's address stays.
  expect(screen.queryByLabelText(EMAIL_OWNERSHIP.newAddress)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: EMAIL_OWNERSHIP.changeOpen })).toHaveFocus();
  expect(screen.getByText('staro@example.bg')).toBeInTheDocument();
  const [sent] = changes(calls) as unknown as { body: unknown; headers: Record<string, string> }[];
  expect(sent.body).toEqual({ email: 'novo@example.bg', password: 'moyata-parola' });
  expect(sent.headers['x-csrf-token']).toBe('tok');
});

it('shows the address still waiting for its link after a reload', async () => {
  signedInApi({ status: 500 }, { ...user, pendingEmail: 'chaka@example.bg' });
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={['/account']}>
      <App />
    </MemoryRouter>,
  );
  expect(await screen.findByText(EMAIL_OWNERSHIP.pendingChange('chaka@example.bg'))).toBeInTheDocument();
});

it('ties a refused address to its field and focuses it', async () => {
  signedInApi({ status: 409, body: { message: API.emailTaken, errors: { email: API.emailTaken } } });
  const { address, password, send } = await openForm();
  await userEvent.type(address, 'zaet@example.bg');
  await userEvent.type(password, 'moyata-parola');
  await send();

  await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
  expect(address).toHaveAccessibleDescription(API.emailTaken);
  expect(address).toHaveFocus();
  expect(password).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(/Чака потвърждение/)).not.toBeInTheDocument();
});

it('ties a 400 with field errors to the field it names', async () => {
  signedInApi({ status: 400, body: { message: API.invalidInput, errors: { email: EMAIL_OWNERSHIP.sameAddress } } });
  const { address, password, send } = await openForm();
  await userEvent.type(address, 'staro@example.bg');
  await userEvent.type(password, 'moyata-parola');
  await send();

  await waitFor(() => expect(address).toHaveAccessibleDescription(EMAIL_OWNERSHIP.sameAddress));
  expect(address).toHaveAttribute('aria-invalid', 'true');
  expect(address).toHaveFocus();
});

it('a wrong password is said at the password field, which takes focus', async () => {
  const { calls } = signedInApi({
    status: 400,
    body: { message: API.wrongCurrentPassword, errors: { password: API.wrongCurrentPassword } },
  });
  const { address, password, send } = await openForm();
  await userEvent.type(address, 'novo@example.bg');
  await userEvent.type(password, 'greshna');
  await send();

  await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
  expect(password).toHaveAccessibleDescription(API.wrongCurrentPassword);
  expect(password).toHaveFocus();
  expect(address).not.toHaveAttribute('aria-invalid', 'true');
  expect(changes(calls)).toHaveLength(1);
  expect(screen.queryByText(/Чака потвърждение/)).not.toBeInTheDocument();
});

it('checks both fields before sending, and focuses the first one wrong', async () => {
  const { calls } = signedInApi({ status: 500 });
  const { address, password, send } = await openForm();
  await userEvent.type(address, 'ne-e-adres');
  await send();

  expect(address).toHaveAccessibleDescription(FORM.invalidEmail);
  expect(password).toHaveAccessibleDescription(PRIVACY.passwordNeeded);
  expect(address).toHaveFocus();
  expect(changes(calls)).toHaveLength(0);
});

it('a refusal about no field (too many links) is shown beside the button and read out', async () => {
  signedInApi({ status: 429, body: { message: EMAIL_OWNERSHIP.tooManyLinks } });
  const { address, password, send } = await openForm();
  await userEvent.type(address, 'novo@example.bg');
  await userEvent.type(password, 'moyata-parola');
  await send();

  expect(await screen.findByText(EMAIL_OWNERSHIP.tooManyLinks, { selector: 'p' })).toBeInTheDocument();
  await waitFor(() => expect(document.getElementById('live-assertive')).toHaveTextContent(EMAIL_OWNERSHIP.tooManyLinks));
});
