// „Служители“ on the account page: an owner sees the company's members and open invitations,
// changes a member's role and limit in place (typed with a decimal comma), removes one only after a
// confirmation, cancels an invitation and invites by e-mail, with what was done said in a live
// region and every refusal tied to its field; a buyer sees their own role and limit.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../App';
import { clearToasts } from '../../state/toast';
import { clearCookies, mockFetch, type Call } from '../../test/fetchMock';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { MEMBER_TEXT } from '@domain/companyMembers';
import { FORM } from '@domain/messages';

const owner = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};

const members = [
  { id: 5, email: 'office@firma.bg', firstName: 'Петър', lastName: 'Петров', role: 'owner', orderLimit: null },
  { id: 7, email: 'ivan@firma.bg', firstName: 'Иван', lastName: 'Иванов', role: 'buyer', orderLimit: 500 },
];
const invitations = [
  {
    id: 21,
    email: 'maria@firma.bg',
    role: 'buyer',
    orderLimit: null,
    createdAt: '2026-11-20T09:00:00Z',
    expiresAt: '2026-12-04T09:00:00Z',
  },
];

function company(you: { id: number; role: string; orderLimit: number | null }, extra: object = {}) {
  return {
    company: {
      id: 3,
      name: 'Фирма ООД',
      status: 'approved',
      requirePurchaseOrderNumber: false,
      shops: [],
      members,
      invitations,
      you,
      ...extra,
    },
  };
}

function signedIn(routes: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user: owner } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { body: { currency: 'EUR', dualCurrency: false } },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/orders': { body: { orders: [] } },
    'GET /api/trade/statement': { status: 404 },
    'GET /api/trade/company': { body: company({ id: 5, role: 'owner', orderLimit: null }) },
    ...(routes as Record<string, { status?: number; body?: unknown }>),
  });
}

function openAccount() {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={['/account']}>
      <App />
    </MemoryRouter>,
  );
}

const sent = (calls: Call[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

test('an owner sees the members with their roles and limits, and the open invitations', async () => {
  signedIn();
  openAccount();
  const section = await screen.findByRole('region', { name: 'Служители' });
  const rows = within(section).getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent('Петър Петров');
  expect(rows[0]).toHaveTextContent('(вие)');
  expect(rows[0]).toHaveTextContent('Собственик · без лимит');
  expect(rows[1]).toHaveTextContent('ivan@firma.bg');
  expect(rows[1]).toHaveTextContent(/Купувач · Лимит: 500,00\s€ без ДДС/);
  expect(within(section).getByRole('heading', { name: 'Отворени покани' })).toBeInTheDocument();
  expect(rows[2]).toHaveTextContent('maria@firma.bg');
  expect(rows[2]).toHaveTextContent('изтича на 04.12.2026');
});

test('an invitation is sent with the role and the limit typed with a comma, and said in the live region', async () => {
  const { calls } = signedIn({
    'POST /api/trade/members': {
      status: 201,
      body: {
        invitation: {
          id: 22,
          email: 'nova@firma.bg',
          role: 'buyer',
          orderLimit: 1200.5,
          createdAt: '2026-11-28T09:00:00Z',
          expiresAt: '2026-12-12T09:00:00Z',
        },
      },
    },
  });
  openAccount();
  const section = await screen.findByRole('region', { name: 'Служители' });
  const form = within(section).getByRole('form', { name: 'Покани служител' });
  expect(within(form).getByLabelText('Роля')).toHaveValue('buyer');
  // A wrong address and an unreadable limit are said on their fields, and nothing is sent.
  await userEvent.type(within(form).getByLabelText('Имейл'), 'nova@');
  await userEvent.type(within(form).getByLabelText('Лимит на поръчка без ДДС (€)'), '12,345');
  await userEvent.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
  expect(within(form).getByLabelText('Имейл')).toHaveAccessibleDescription(FORM.invalidEmail);
  expect(within(form).getByLabelText('Имейл')).toHaveFocus();
  expect(within(form).getByLabelText('Лимит на поръчка без ДДС (€)')).toHaveAccessibleDescription(
    expect.stringContaining(FORM.invalidMoney),
  );
  expect(sent(calls, 'POST', '/api/trade/members')).toHaveLength(0);

  await userEvent.type(within(form).getByLabelText('Имейл'), 'firma.bg');
  await userEvent.clear(within(form).getByLabelText('Лимит на поръчка без ДДС (€)'));
  await userEvent.type(within(form).getByLabelText('Лимит на поръчка без ДДС (€)'), '1 200,50');
  await userEvent.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
  await waitFor(() => expect(sent(calls, 'POST', '/api/trade/members')).toHaveLength(1));
  expect(sent(calls, 'POST', '/api/trade/members')[0]).toMatchObject({
    body: { email: 'nova@firma.bg', role: 'buyer', orderLimit: 1200.5 },
    headers: expect.objectContaining({ 'x-csrf-token': 'tok' }),
  });
  expect(await within(section).findByRole('status')).toHaveTextContent(MEMBER_TEXT.invitationSent('nova@firma.bg'));
  expect(within(section).getByText('nova@firma.bg')).toBeInTheDocument();
  expect(within(form).getByLabelText('Имейл')).toHaveValue('');
});

test("the server's refusal of an address is said on the e-mail field", async () => {
  signedIn({
    'POST /api/trade/members': { status: 400, body: { message: 'Невалидни данни.', errors: { email: MEMBER_TEXT.memberElsewhere } } },
  });
  openAccount();
  const form = await screen.findByRole('form', { name: 'Покани служител' });
  await userEvent.type(within(form).getByLabelText('Имейл'), 'drug@druga.bg');
  await userEvent.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
  const email = within(form).getByLabelText('Имейл');
  await waitFor(() => expect(email).toHaveAccessibleDescription(MEMBER_TEXT.memberElsewhere));
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();
});

test('too many open invitations are said on the form', async () => {
  signedIn({ 'POST /api/trade/members': { status: 409, body: { message: MEMBER_TEXT.invitationsFull(20) } } });
  openAccount();
  const form = await screen.findByRole('form', { name: 'Покани служител' });
  await userEvent.type(within(form).getByLabelText('Имейл'), 'nova@firma.bg');
  await userEvent.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(MEMBER_TEXT.invitationsFull(20));
});

test("a member's role and limit are changed in place; the last owner's refusal is said on the role", async () => {
  let answer: { status?: number; body: unknown } = {
    status: 400,
    body: { message: 'Невалидни данни.', errors: { role: MEMBER_TEXT.lastOwner } },
  };
  const { calls } = signedIn({ 'PUT /api/trade/members/5': () => answer, 'PUT /api/trade/members/7': () => answer });
  openAccount();
  const section = await screen.findByRole('region', { name: 'Служители' });

  // The owner makes themselves a buyer: the server refuses, on the role.
  await userEvent.click(within(section).getByRole('button', { name: 'Промени Петър Петров' }));
  const mine = within(section).getByRole('form', { name: 'Промени Петър Петров' });
  expect(within(mine).getByLabelText('Роля')).toHaveFocus();
  await userEvent.selectOptions(within(mine).getByLabelText('Роля'), 'buyer');
  await userEvent.click(within(mine).getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(within(mine).getByLabelText('Роля')).toHaveAccessibleDescription(MEMBER_TEXT.lastOwner));
  expect(sent(calls, 'PUT', '/api/trade/members/5')[0].body).toEqual({ role: 'buyer', orderLimit: null });
  await userEvent.click(within(mine).getByRole('button', { name: 'Отказ' }));
  expect(within(section).getByRole('button', { name: 'Промени Петър Петров' })).toHaveFocus();

  // A buyer's limit raised, typed with a comma.
  answer = { body: { member: { ...members[1], orderLimit: 750.25 } } };
  await userEvent.click(within(section).getByRole('button', { name: 'Промени Иван Иванов' }));
  const his = within(section).getByRole('form', { name: 'Промени Иван Иванов' });
  const limit = within(his).getByLabelText('Лимит на поръчка без ДДС (€)');
  expect(limit).toHaveValue('500,00');
  await userEvent.clear(limit);
  await userEvent.type(limit, '750,25');
  await userEvent.click(within(his).getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(sent(calls, 'PUT', '/api/trade/members/7')).toHaveLength(1));
  expect(sent(calls, 'PUT', '/api/trade/members/7')[0].body).toEqual({ role: 'buyer', orderLimit: 750.25 });
  expect(await within(section).findByText(/Лимит: 750,25\s€ без ДДС/)).toBeInTheDocument();
  expect(within(section).getByRole('status')).toHaveTextContent(MEMBER_TEXT.memberSaved);
  expect(within(section).getByRole('button', { name: 'Промени Иван Иванов' })).toHaveFocus();
});

test('a member is removed only after the confirmation, and an invitation is cancelled', async () => {
  const { calls } = signedIn({
    'DELETE /api/trade/members/7': { body: { ok: true } },
    'DELETE /api/trade/invitations/21': { body: { ok: true } },
  });
  openAccount();
  const section = await screen.findByRole('region', { name: 'Служители' });
  await userEvent.click(within(section).getByRole('button', { name: 'Премахни Иван Иванов' }));
  const confirm = within(section).getByRole('alertdialog', { name: 'Да премахнем ли Иван Иванов?' });
  expect(within(confirm).getByRole('heading')).toHaveFocus();
  // Escape closes it and nothing is sent.
  fireEvent.keyDown(confirm, { key: 'Escape' });
  expect(within(section).queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Премахни Иван Иванов' })).toHaveFocus();
  expect(sent(calls, 'DELETE', '/api/trade/members/7')).toHaveLength(0);

  await userEvent.click(within(section).getByRole('button', { name: 'Премахни Иван Иванов' }));
  await userEvent.click(within(within(section).getByRole('alertdialog')).getByRole('button', { name: 'Премахни' }));
  await waitFor(() => expect(within(section).queryByText('ivan@firma.bg')).not.toBeInTheDocument());
  expect(sent(calls, 'DELETE', '/api/trade/members/7')).toHaveLength(1);
  expect(within(section).getByRole('status')).toHaveTextContent(MEMBER_TEXT.memberRemoved);

  await userEvent.click(within(section).getByRole('button', { name: 'Отмени поканата за maria@firma.bg' }));
  await waitFor(() => expect(within(section).queryByText('maria@firma.bg')).not.toBeInTheDocument());
  expect(sent(calls, 'DELETE', '/api/trade/invitations/21')).toHaveLength(1);
  expect(within(section).getByRole('status')).toHaveTextContent('Поканата за maria@firma.bg е отменена.');
});

test('a buyer sees their own role and from what amount an owner approves', async () => {
  signedIn({ 'GET /api/trade/company': { body: company({ id: 7, role: 'buyer', orderLimit: 500 }, { invitations: [] }) } });
  openAccount();
  const section = await screen.findByRole('region', { name: 'Служители' });
  expect(section).toHaveTextContent('Вашата роля във фирмата: Купувач.');
  expect(within(section).getByText(/Поръчки над 500,00\s€ без ДДС чакат одобрение от собственик\./)).toBeInTheDocument();
  expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Чакат одобрение' })).not.toBeInTheDocument();
});

test('a customer without a company has no members section', async () => {
  const { calls } = signedIn({ 'GET /api/auth/me': { body: { user: { ...owner, company: undefined } } } });
  openAccount();
  expect(await screen.findByRole('heading', { name: 'Моите поръчки' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Служители' })).not.toBeInTheDocument();
  expect(calls.some((c) => c.url === '/api/trade/company')).toBe(false);
});

test('an owner is invited without a limit: only a buyer has one', async () => {
  const { calls } = signedIn({
    'POST /api/trade/members': {
      status: 201,
      body: {
        invitation: {
          id: 23,
          email: 'sobst@firma.bg',
          role: 'owner',
          orderLimit: null,
          createdAt: '2026-11-28T09:00:00Z',
          expiresAt: '2026-12-12T09:00:00Z',
        },
      },
    },
  });
  openAccount();
  const form = await screen.findByRole('form', { name: 'Покани служител' });
  await userEvent.type(within(form).getByLabelText('Лимит на поръчка без ДДС (€)'), '300');
  await userEvent.selectOptions(within(form).getByLabelText('Роля'), 'owner');
  expect(within(form).queryByLabelText('Лимит на поръчка без ДДС (€)')).not.toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('Имейл'), 'sobst@firma.bg');
  await userEvent.click(within(form).getByRole('button', { name: 'Изпрати поканата' }));
  await waitFor(() => expect(sent(calls, 'POST', '/api/trade/members')).toHaveLength(1));
  expect(sent(calls, 'POST', '/api/trade/members')[0].body).toEqual({ email: 'sobst@firma.bg', role: 'owner', orderLimit: null });
});
