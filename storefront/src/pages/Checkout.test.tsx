// The checkout page shows the server's quote and adds up nothing itself: the total on the page is
// the quote's, the order carries it as expectedTotal, and a 409 with a new quote shows the new
// total instead of ordering.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { writeCartCookie } from '../state/cartCookie';
import { clearCookies, mockFetch } from '../test/fetchMock';

const line = {
  id: 1,
  productId: 9,
  variantId: 90,
  quantity: 15,
  personalization: 'Мира',
  attributes: [{ attributeId: 1, attributeValueId: 11 }],
};
const quote = (total: number) => ({
  lines: [
    {
      productId: 9,
      variantId: 90,
      productName: 'Връзка за врат VAP SOLO',
      productSlug: 'vrazka',
      variantName: 'Черна',
      image: null,
      attributes: [{ attributeId: 1, attributeValueId: 11, name: 'Цвят', value: 'Черен' }],
      personalization: 'Мира',
      quantity: 15,
      unitPrice: 6.9,
      lineTotal: 103.5,
      stock: 60,
    },
  ],
  subtotal: 103.5,
  discountTotal: 10.35,
  shippingMethod: 'econt_office',
  shippingTotal: total - 93.15,
  total,
  currency: 'BGN',
  dualCurrency: true,
  freeShippingFrom: 100,
  freeShippingMissing: 6.85,
  shippingOptions: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
  discount: { code: 'WELCOME10', type: 'percent', value: 10, minSubtotal: 0 },
});

const OFFICE = { id: 3, courier: 'econt', code: '1000', name: 'София Витоша', city: 'София', address: 'бул. „Витоша“ 100' };

function api(order: (body: any) => { status?: number; body?: unknown }) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'POST /api/cart/preview': {
      body: {
        cartItems: [{ ...line, productName: 'Връзка за врат VAP SOLO', unitPrice: 6.9, lineTotal: 103.5, available: true }],
        count: 15,
        subtotal: 103.5,
      },
    },
    'POST /api/checkout/quote': { body: quote(99.05) },
    'GET /api/couriers/offices': { body: { offices: [OFFICE], demo: false } },
    'POST /api/orders/create': (c) => order(c.body),
  });
}

beforeEach(() => {
  clearCookies();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
  sessionStorage.setItem('discount-code', 'WELCOME10');
  writeCartCookie([line as any]);
});

async function fillAndOrder(phone = '0888123456') {
  const type = async (label: string, value: string) => userEvent.type(screen.getByLabelText(label, { exact: true }), value);
  await type('Име', 'Мария');
  await type('Фамилия', 'Иванова');
  await type('Имейл', 'maria@example.bg');
  await type('Телефон', phone);
  await userEvent.type(screen.getByRole('combobox', { name: /Офис на Еконт/ }), 'Витоша');
  await userEvent.click(await screen.findByRole('option', { name: /София Витоша/ }));
  await userEvent.click(screen.getByLabelText('Потвърждавам, че съм навършил/а 18 години.'));
  await userEvent.click(screen.getByLabelText(/Приемам/));
  await userEvent.click(screen.getByRole('button', { name: 'Поръчка с задължение за плащане' }));
}

test('shows the quote with flavours and inscription, and orders with the total it showed', async () => {
  const { calls } = api(() => ({
    status: 409,
    body: {
      message: 'Сумата на поръчката се промени и вече е 101,00 лв. / 51,64 €. Прегледайте новата сума и поръчайте отново.',
      quote: quote(101),
    },
  }));
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  // The page loads the cart, then the quote: wait for both on a busy machine.
  const total = await screen.findByText(/^99,05\sлв\.$/, {}, { timeout: 10_000 });
  expect(total.closest('#checkout-total')).not.toBeNull();
  expect(screen.getByText('Цвят: Черен')).toBeInTheDocument();
  expect(screen.getByText('Надпис: „Мира“')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      calls.some(
        (c) => c.url === '/api/checkout/quote' && c.body.discountCode === 'WELCOME10' && c.body.shipping.method === 'econt_office',
      ),
    ).toBe(true),
  );

  await fillAndOrder();
  await waitFor(() => expect(calls.some((c) => c.url === '/api/orders/create')).toBe(true));
  const sent = calls.find((c) => c.url === '/api/orders/create')!.body;
  expect(sent).toEqual(
    expect.objectContaining({ expectedTotal: 99.05, discountCode: 'WELCOME10', shipping: { method: 'econt_office', officeId: 3 } }),
  );
  // Refused with a new quote: the page shows the new total and the reason; nothing was ordered.
  expect(await screen.findByText(/^101,00\sлв\.$/, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getAllByRole('alert').some((a) => a.textContent?.startsWith('Сумата на поръчката се промени и вече е 101,00'))).toBe(true);
  expect(calls.filter((c) => c.url === '/api/orders/create')).toHaveLength(1);
});

test('a phone the courier could not call is refused on the page with the text the API uses, and nothing is sent', async () => {
  const { calls } = api(() => ({ status: 201, body: {} }));
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText(/^99,05\sлв\.$/, {}, { timeout: 10_000 });
  await fillAndOrder('12-34');
  expect(await screen.findByText('Въведете валиден телефонен номер.')).toBeInTheDocument();
  expect(screen.getByLabelText('Телефон', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.url === '/api/orders/create')).toBe(false);
});

test('an invalid order focuses its first field in error, and the 18+ and terms errors are tied to their checkboxes', async () => {
  const { calls } = api(() => ({ status: 201, body: {} }));
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText(/^99,05\sлв\.$/, {}, { timeout: 10_000 });
  const order = screen.getByRole('button', { name: 'Поръчка с задължение за плащане' });
  await waitFor(() => expect(order).not.toHaveAttribute('aria-disabled'));
  await userEvent.click(order);
  const first = screen.getByLabelText('Име', { exact: true });
  expect(first).toHaveFocus();
  expect(first).toHaveAccessibleDescription('Въведете име.');
  const age = screen.getByLabelText('Потвърждавам, че съм навършил/а 18 години.');
  expect(age).toHaveAttribute('aria-invalid', 'true');
  expect(age).toHaveAccessibleDescription('Потвърдете, че сте навършили 18 години.');
  const terms = screen.getByLabelText(/Приемам/);
  expect(terms).toHaveAttribute('aria-invalid', 'true');
  expect(terms).toHaveAccessibleDescription('Приемете общите условия, за да поръчате.');
  expect(calls.some((c) => c.url === '/api/orders/create')).toBe(false);

  // Picking an office removes its field: focus goes to the chosen office, which is announced.
  const picker = screen.getByRole('combobox', { name: /Офис на Еконт/ });
  await userEvent.type(picker, 'Витоша');
  await screen.findByRole('option', { name: /София Витоша/ });
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Избери друг офис' })).toHaveFocus();
  expect(screen.getByTestId('live-polite')).toHaveTextContent('Избран офис: София Витоша, София, бул. „Витоша“ 100');
});

test('sends one Idempotency-Key per checkout attempt and keeps it across a reload of the page', async () => {
  let answer: { status: number; body: unknown } = { status: 503, body: { message: 'Сървърът не отговори.' } };
  const { calls } = api(() => answer);
  const page = render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText(/^99,05\sлв\.$/, {}, { timeout: 10_000 });
  await fillAndOrder();
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/orders/create')).toHaveLength(1));
  const first = calls.find((c) => c.url === '/api/orders/create')!.headers['Idempotency-Key'];
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  // The answer never came; the shopper reloads the page and orders the same again.
  page.unmount();
  answer = { status: 201, body: { message: 'Поръчката е приета.', order: { id: 7, number: 'VS-10007' } } };
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByText(/^99,05\sлв\.$/, {}, { timeout: 10_000 });
  // The form came back with the reload; the 18+ and terms ticks are given anew.
  expect(screen.getByLabelText('Име', { exact: true })).toHaveValue('Мария');
  await userEvent.click(screen.getByLabelText('Потвърждавам, че съм навършил/а 18 години.'));
  await userEvent.click(screen.getByLabelText(/Приемам/));
  await userEvent.click(screen.getByRole('button', { name: 'Поръчка с задължение за плащане' }));
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/orders/create')).toHaveLength(2));
  const sent = calls.filter((c) => c.url === '/api/orders/create');
  expect(sent[1].headers['Idempotency-Key']).toBe(first);
  expect(sent[1].body).toEqual(sent[0].body);
  // Placed: the next order is a new attempt with a new key.
  await waitFor(() => expect(sessionStorage.getItem('checkout-attempt')).toBeNull());
});
