// A trade member's checkout and prepayment: a company overdue past the shop's days is told so and
// must tick „Предплащане по банков път“ to pay by bank transfer (the order then carries
// prepayment: true and is due today); any member may choose it; the server's refusal of a bank
// transfer on terms (409, errors.prepayment) is said on that choice.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { clearCookies, mockFetch, type Call } from '../test/fetchMock';
import { DUNNING_TEXT } from '@domain/dunning';
import { formatDate } from '@domain/dates';

const MEMBER = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  phone: '0888123456',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};
const line = { id: 1, productId: 9, variantId: 90, quantity: 10, personalization: '', attributes: [] };
const OFFICE = { id: 3, courier: 'econt', code: '1000', name: 'София Витоша', city: 'София', address: 'бул. „Витоша“ 100' };
const NOTICE = DUNNING_TEXT.prepaymentOnlyNotice(30);
const IN_14_DAYS = new Date(Date.now() + 14 * 86_400_000).toISOString();

function netQuote(body: { prepayment?: boolean }, held: boolean) {
  return {
    lines: [
      {
        productId: 9,
        variantId: 90,
        productName: 'Течност Мента',
        productSlug: 'mentha',
        variantName: '10 мл',
        image: null,
        attributes: [],
        personalization: '',
        quantity: 10,
        unitPrice: 8.5,
        lineTotal: 85,
        stock: 80,
      },
    ],
    subtotal: 102,
    discountTotal: 0,
    shippingMethod: 'econt_office',
    shippingTotal: 0,
    total: 102,
    currency: 'EUR',
    dualCurrency: false,
    freeShippingFrom: null,
    freeShippingMissing: null,
    shippingOptions: { econt_office: 0, speedy_office: 0, address: 0 },
    discount: null,
    pricesInclude: 'net',
    subtotalNet: 85,
    vatTotal: 17,
    shippingNet: 0,
    trade: {
      companyId: 3,
      companyName: 'Фирма ООД',
      paymentTermsDays: 14,
      paymentDueAt: body.prepayment ? new Date().toISOString() : IN_14_DAYS,
      prepayment: Boolean(body.prepayment),
      prepaymentOnly: held,
      prepaymentOnlyNotice: held ? NOTICE : null,
      minimumOrder: 0,
      creditLimit: null,
      unpaid: 300,
    },
  };
}

function api(held: boolean, order: (call: Call) => { status?: number; body?: unknown }) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user: MEMBER } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': {
      body: {
        cartItems: [{ ...line, productName: 'Течност Мента', unitPrice: 8.5, lineTotal: 85, available: true }],
        count: 10,
        subtotal: 85,
      },
    },
    'POST /api/checkout/quote': (c) => ({ body: netQuote(c.body, held) }),
    'GET /api/couriers/offices': { body: { offices: [OFFICE], demo: false } },
    'POST /api/orders/create': order,
  });
}

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
});

async function openCheckout() {
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText('Течност Мента · 10 мл × 10', {}, { timeout: 10_000 });
  await userEvent.type(screen.getByRole('combobox', { name: /Офис на Еконт/ }), 'Витоша');
  await userEvent.click(await screen.findByRole('option', { name: /София Витоша/ }));
  await userEvent.click(screen.getByLabelText('Потвърждавам, че съм навършил/а 18 години.'));
  await userEvent.click(screen.getByLabelText(/Приемам/));
}

const order = () => screen.getByRole('button', { name: 'Поръчка с задължение за плащане' });

test('a company held to prepayment is told so, must tick prepayment for a bank transfer, and orders with prepayment: true', async () => {
  const { calls } = api(true, () => ({ status: 201, body: { message: 'Поръчката е приета.', order: { id: 77 } } }));
  await openCheckout();
  expect(screen.getAllByRole('status').some((s) => s.textContent === NOTICE)).toBe(true);
  await userEvent.click(screen.getByLabelText(/Банков превод/));
  const prepayment = screen.getByLabelText(DUNNING_TEXT.prepaymentLabel);
  expect(prepayment).toBeRequired();
  expect(prepayment).not.toBeChecked();

  await userEvent.click(order());
  expect(prepayment).toHaveAttribute('aria-invalid', 'true');
  expect(prepayment).toHaveAccessibleDescription('Отбележете „Предплащане по банков път“ или изберете наложен платеж.');
  expect(prepayment).toHaveFocus();
  expect(calls.some((c) => c.url === '/api/orders/create')).toBe(false);

  await userEvent.click(prepayment);
  // Due today: said beside the choice, and the quote is asked again for it.
  expect(prepayment).toHaveAccessibleDescription(`Падеж: днес (${formatDate(new Date())}). Изпращаме след получаване на плащането.`);
  await waitFor(() => expect(calls.some((c) => c.url === '/api/checkout/quote' && c.body.prepayment === true)).toBe(true));
  await userEvent.click(order());
  await waitFor(() => expect(calls.some((c) => c.url === '/api/orders/create')).toBe(true));
  expect(calls.find((c) => c.url === '/api/orders/create')!.body).toEqual(
    expect.objectContaining({ paymentMethod: 'bank_transfer', prepayment: true }),
  );
});

test('any member may prepay a bank transfer; the server’s refusal of one on terms is said on the choice', async () => {
  const refusal = DUNNING_TEXT.prepaymentOnly(30, '300,00 €');
  const { calls } = api(false, () => ({ status: 409, body: { message: refusal, errors: { prepayment: refusal } } }));
  await openCheckout();
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  // Cash on delivery: nothing to prepay.
  expect(screen.queryByLabelText(DUNNING_TEXT.prepaymentLabel)).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText(/Банков превод/));
  const prepayment = screen.getByLabelText(DUNNING_TEXT.prepaymentLabel);
  expect(prepayment).not.toBeRequired();

  await userEvent.click(order());
  await waitFor(() => expect(calls.some((c) => c.url === '/api/orders/create')).toBe(true));
  expect(calls.find((c) => c.url === '/api/orders/create')!.body.prepayment).toBeUndefined();
  await waitFor(() => expect(prepayment).toHaveAttribute('aria-invalid', 'true'));
  expect(prepayment).toHaveAccessibleDescription(refusal);
});
