// „Чакат одобрение“: an owner sees the orders their buyers placed above their limits (who placed
// each, its total and date) and approves or declines them on the account page and on the order's
// own page. A decline needs its reason; an approval the prices moved under shows the new total and
// is sent again with it. What was done is said in a live region and the order leaves the list.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../App';
import { clearToasts } from '../../state/toast';
import { clearCookies, mockFetch, type Call } from '../../test/fetchMock';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { MEMBER_TEXT } from '@domain/companyMembers';

const owner = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};

const held = {
  id: 41,
  number: 'VS-10041',
  status: 'awaiting_approval',
  statusLabel: 'Чака одобрение',
  allowedTransitions: ['cancelled'],
  paymentStatus: 'unpaid',
  paymentMethod: 'bank_transfer',
  customer: { firstName: 'Иван', lastName: 'Иванов', email: 'ivan@firma.bg', phone: '0888123456' },
  shipping: { method: 'address', city: 'София', postcode: '1000', address: 'ул. Витоша 1' },
  items: [],
  itemCount: 30,
  subtotal: 1200,
  discountCode: null,
  discountTotal: 0,
  shippingTotal: 0,
  total: 1440,
  currency: 'EUR',
  note: '',
  trackingNumber: '',
  events: [],
  payments: [],
  deliveredAt: null,
  withdrawnAt: null,
  stockRestored: false,
  createdAt: '2026-11-27T09:00:00Z',
  updatedAt: '2026-11-27T09:00:00Z',
  companyId: 3,
  pricesInclude: 'net',
  placedBy: { id: 7, name: 'Иван Иванов' },
};
const placed = { ...held, id: 40, number: 'VS-10040', status: 'pending', statusLabel: 'Нова', placedBy: { id: 5, name: 'Петър Петров' } };

function signedIn(role: 'owner' | 'buyer', routes: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user: owner } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { body: { currency: 'EUR', dualCurrency: false } },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/orders': { body: { orders: [held, placed] } },
    'GET /api/orders/41': { body: { order: held } },
    'GET /api/trade/company': {
      body: {
        company: {
          id: 3,
          name: 'Фирма ООД',
          status: 'approved',
          requirePurchaseOrderNumber: false,
          shops: [],
          members: [],
          invitations: [],
          you: { id: role === 'owner' ? 5 : 7, role, orderLimit: role === 'owner' ? null : 500 },
        },
      },
    },
    ...(routes as Record<string, { status?: number; body?: unknown }>),
  });
}

function open(path: string) {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={[path]}>
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

test('an owner approves a held order: it leaves the list, is said so, and the orders show it placed', async () => {
  // The server's answer: the order's fields, and the same order with a message beside them.
  const placed = { ...held, status: 'pending', statusLabel: 'Нова' };
  const { calls } = signedIn('owner', {
    'POST /api/trade/orders/41/approve': { body: { ...placed, order: placed, message: MEMBER_TEXT.approved('VS-10041') } },
  });
  open('/account');
  const section = await screen.findByRole('region', { name: 'Чакат одобрение' });
  const row = within(section).getByRole('listitem');
  expect(within(row).getByRole('link', { name: 'VS-10041' })).toHaveAttribute('href', '/account/orders/41');
  expect(row).toHaveTextContent('27.11.2026 г. · Поръчал: Иван Иванов');
  expect(row).toHaveTextContent(/1440,00\s€/);
  // Only the held one is here.
  expect(within(section).queryByText('VS-10040')).not.toBeInTheDocument();
  const orders = screen.getByRole('region', { name: 'Моите поръчки' });
  expect(within(orders).getByRole('link', { name: /VS-10041/ })).toHaveTextContent('Чака одобрение');

  await userEvent.click(within(row).getByRole('button', { name: 'Одобри поръчка VS-10041' }));
  await waitFor(() => expect(within(section).queryByRole('listitem')).not.toBeInTheDocument());
  expect(sent(calls, 'POST', '/api/trade/orders/41/approve')[0]).toMatchObject({
    body: {},
    headers: expect.objectContaining({ 'x-csrf-token': 'tok' }),
  });
  expect(within(section).getByRole('status')).toHaveTextContent(MEMBER_TEXT.approved('VS-10041'));
  expect(within(section).getByRole('heading', { name: 'Чакат одобрение' })).toHaveFocus();
  expect(within(section).getByText('Няма поръчки, които чакат одобрение.')).toBeInTheDocument();
  expect(within(orders).getByRole('link', { name: /VS-10041/ })).toHaveTextContent('Нова');
});

test('prices moved: the new total is shown and the owner approves it knowingly', async () => {
  let approvals = 0;
  const { calls } = signedIn('owner', {
    'POST /api/trade/orders/41/approve': () =>
      ++approvals === 1
        ? { status: 409, body: { message: 'Цените са променени.', quote: { total: 1512.3, currency: 'EUR', lines: [] } } }
        : { body: { ...held, status: 'pending', statusLabel: 'Нова' } },
  });
  open('/account');
  const section = await screen.findByRole('region', { name: 'Чакат одобрение' });
  await userEvent.click(within(section).getByRole('button', { name: 'Одобри поръчка VS-10041' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(/Новата сума е 1512,30\s€\./);
  const again = within(section).getByRole('button', { name: 'Одобри с новата сума' });
  expect(again).toHaveFocus();
  await userEvent.click(again);
  await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(MEMBER_TEXT.approved('VS-10041')));
  expect(sent(calls, 'POST', '/api/trade/orders/41/approve').map((c) => c.body)).toEqual([{}, { expectedTotal: 1512.3 }]);
});

test('a decline needs its reason, said on the field, then sends it', async () => {
  const cancelled = { ...held, status: 'cancelled', statusLabel: 'Отказана' };
  const { calls } = signedIn('owner', {
    'POST /api/trade/orders/41/decline': { body: { ...cancelled, order: cancelled, message: MEMBER_TEXT.declined('VS-10041') } },
  });
  open('/account');
  const section = await screen.findByRole('region', { name: 'Чакат одобрение' });
  const opener = within(section).getByRole('button', { name: 'Откажи поръчка VS-10041' });
  await userEvent.click(opener);
  const dialog = within(section).getByRole('dialog', { name: 'Отказ на поръчка VS-10041' });
  const reason = within(dialog).getByLabelText('Причина за отказа');
  expect(reason).toHaveFocus();
  // Escape closes it, back to its button.
  fireEvent.keyDown(reason, { key: 'Escape' });
  expect(within(section).queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();

  await userEvent.click(opener);
  const box = within(section).getByRole('dialog');
  await userEvent.click(within(box).getByRole('button', { name: 'Откажи поръчката' }));
  expect(within(box).getByLabelText('Причина за отказа')).toHaveAccessibleDescription(MEMBER_TEXT.declineReasonRequired);
  expect(within(box).getByLabelText('Причина за отказа')).toHaveFocus();
  expect(sent(calls, 'POST', '/api/trade/orders/41/decline')).toHaveLength(0);

  await userEvent.type(within(box).getByLabelText('Причина за отказа'), 'Не е в бюджета');
  await userEvent.click(within(box).getByRole('button', { name: 'Откажи поръчката' }));
  await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(MEMBER_TEXT.declined('VS-10041')));
  expect(sent(calls, 'POST', '/api/trade/orders/41/decline')[0].body).toEqual({ reason: 'Не е в бюджета' });
  expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
});

test("the server's refusal of a reason is said on the field", async () => {
  signedIn('owner', {
    'POST /api/trade/orders/41/decline': {
      status: 400,
      body: { message: 'Невалидни данни.', errors: { reason: MEMBER_TEXT.declineReasonRequired } },
    },
  });
  open('/account');
  const section = await screen.findByRole('region', { name: 'Чакат одобрение' });
  await userEvent.click(within(section).getByRole('button', { name: 'Откажи поръчка VS-10041' }));
  await userEvent.type(within(section).getByLabelText('Причина за отказа'), '   .');
  await userEvent.click(within(section).getByRole('button', { name: 'Откажи поръчката' }));
  await waitFor(() =>
    expect(within(section).getByLabelText('Причина за отказа')).toHaveAccessibleDescription(MEMBER_TEXT.declineReasonRequired),
  );
});

test('a buyer has no list of orders to approve', async () => {
  signedIn('buyer');
  open('/account');
  expect(await screen.findByRole('region', { name: 'Служители' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Чакат одобрение' })).not.toBeInTheDocument();
});

test("on the held order's page an owner approves it, and the page shows it placed", async () => {
  const { calls } = signedIn('owner', {
    'POST /api/trade/orders/41/approve': { body: { order: { ...held, status: 'pending', statusLabel: 'Нова' } } },
  });
  open('/account/orders/41');
  const panel = await screen.findByRole('region', { name: 'Поръчката чака одобрение' });
  expect(screen.getByText('Поръчал: Иван Иванов')).toBeInTheDocument();
  await waitFor(() => expect(panel).toHaveTextContent('Поръчката надхвърля лимита на купувача и чака вашето одобрение.'));
  // Nothing to pay before it is approved.
  expect(screen.queryByRole('region', { name: 'Плащане с банков превод' })).not.toBeInTheDocument();
  await userEvent.click(await within(panel).findByRole('button', { name: 'Одобри поръчка VS-10041' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Поръчката чака одобрение' })).not.toBeInTheDocument());
  expect(sent(calls, 'POST', '/api/trade/orders/41/approve')).toHaveLength(1);
  expect(screen.getByTestId('live-polite')).toHaveTextContent(MEMBER_TEXT.approved('VS-10041'));
  expect(screen.getByText('Нова')).toBeInTheDocument();
});

test("on the held order's page a buyer is told it waits, with nothing to decide", async () => {
  signedIn('buyer');
  open('/account/orders/41');
  const panel = await screen.findByRole('region', { name: 'Поръчката чака одобрение' });
  await waitFor(() => expect(panel).toHaveTextContent('Поръчката надхвърля лимита ви и чака одобрение от собственик на фирмата.'));
  expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
});

test("checkout's confirmation of an order above the limit says it waits for approval", async () => {
  signedIn('buyer');
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={[{ pathname: '/orders/41', state: { justPlaced: true } }]}>
      <App />
    </MemoryRouter>,
  );
  const thanks = await screen.findByRole('heading', { name: 'Поръчката е изпратена за одобрение' });
  expect(thanks.parentElement).toHaveTextContent(MEMBER_TEXT.heldForApproval('VS-10041'));
  expect(screen.queryByText('Благодарим Ви за поръчката!')).not.toBeInTheDocument();
});
