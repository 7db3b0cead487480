// A member's checkout: the company's shops are offered for delivery to an address (the order then
// names the shop, not an address typed in), and the buyer's purchase-order number goes with the
// order; a company that requires one is told so on the field before anything is sent.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { saveQuickOrder } from '../state/quickOrder';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';

const MEMBER = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  phone: '0888123456',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};
const COMPANY = {
  id: 3,
  name: 'Фирма ООД',
  status: 'approved',
  requirePurchaseOrderNumber: false,
  shops: [
    { id: 41, name: 'Вейп Център Варна', city: 'Варна', address: 'ул. Славянска 10', phone: '' },
    { id: 42, name: 'Склад Пловдив', city: 'Пловдив', address: 'бул. Марица 5', phone: '' },
  ],
};
const netQuote = {
  lines: [
    {
      productId: 1,
      variantId: 10,
      productName: 'Течност Мента',
      productSlug: 'mint',
      variantName: '10 ml',
      image: null,
      attributes: [],
      personalization: '',
      quantity: 50,
      unitPrice: 5.2,
      lineTotal: 260,
      stock: 500,
      sku: 'LQ-M',
      packSize: 10,
    },
  ],
  subtotal: 312,
  discountTotal: 0,
  shippingMethod: 'address',
  shippingTotal: 0,
  total: 312,
  currency: 'BGN',
  dualCurrency: false,
  freeShippingFrom: null,
  freeShippingMissing: null,
  shippingOptions: { econt_office: 0, speedy_office: 0, address: 0 },
  discount: null,
  pricesInclude: 'net',
  subtotalNet: 260,
  vatTotal: 52,
  shippingNet: 0,
  trade: {
    companyId: 3,
    companyName: 'Фирма ООД',
    paymentTermsDays: 14,
    paymentDueAt: '2026-12-12T10:00:00Z',
    minimumOrder: 0,
    creditLimit: null,
    unpaid: 0,
  },
};

function api(company = COMPANY) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/auth/me': { body: { user: MEMBER } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/trade/company': { body: { company } },
    'POST /api/checkout/quote': { body: netQuote },
    'POST /api/orders/create': { status: 201, body: { message: 'ok', order: { id: 77 } } },
    'GET /api/orders/77': { status: 404 },
  });
}

beforeEach(() => {
  clearCookies();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
  saveQuickOrder([{ productId: 1, variantId: 10, quantity: 50 }]);
});

const open = () =>
  render(
    <MemoryRouter initialEntries={['/checkout?trade=1']}>
      <App />
    </MemoryRouter>,
  );

async function confirmAndOrder() {
  await userEvent.click(screen.getByLabelText('Потвърждавам, че съм навършил/а 18 години.'));
  await userEvent.click(screen.getByLabelText(/Приемам/));
  await userEvent.click(screen.getByRole('button', { name: 'Поръчка с задължение за плащане' }));
}

test("delivery to one of the company's shops sends the shop, and the purchase-order number goes with the order", async () => {
  const { calls } = api();
  open();
  await screen.findByText(/^312,00\sлв\.$/, {}, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('radio', { name: /^До адрес/ }));
  const shops = await screen.findByRole('group', { name: T.companyShopLabel });
  expect(screen.getByRole('radio', { name: T.otherAddress })).toBeChecked();
  expect(screen.getByLabelText('Град', { exact: true })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: /Вейп Център Варна/ }));
  // The shop's address stands for the address: no city or street to type.
  expect(shops).toHaveTextContent('Варна, ул. Славянска 10');
  expect(screen.queryByLabelText('Град', { exact: true })).toBeNull();
  await userEvent.type(screen.getByLabelText(/Номер на поръчка на клиента/), '  ПО-117 ');
  await confirmAndOrder();
  await waitFor(() => expect(calls.some((c) => c.url === '/api/orders/create')).toBe(true));
  const order = calls.find((c) => c.url === '/api/orders/create')!.body;
  expect(order.shipping).toEqual({ method: 'address', companyShopId: 41 });
  expect(order.purchaseOrderNumber).toBe('ПО-117');
  expect(order.items).toEqual([expect.objectContaining({ productId: 1, variantId: 10, quantity: 50 })]);
});

test('a company that requires a purchase-order number is told so on the field, and nothing is sent', async () => {
  const { calls } = api({ ...COMPANY, requirePurchaseOrderNumber: true });
  open();
  await screen.findByText(/^312,00\sлв\.$/, {}, { timeout: 10_000 });
  const po = await screen.findByLabelText(/Номер на поръчка на клиента/);
  await userEvent.click(screen.getByRole('radio', { name: /^До адрес/ }));
  await userEvent.click(await screen.findByRole('radio', { name: /Склад Пловдив/ }));
  await confirmAndOrder();
  expect(await screen.findByText(T.purchaseOrderRequired)).toBeInTheDocument();
  expect(po).toHaveAttribute('aria-invalid', 'true');
  expect(po).toHaveFocus();
  expect(calls.some((c) => c.url === '/api/orders/create')).toBe(false);
});
