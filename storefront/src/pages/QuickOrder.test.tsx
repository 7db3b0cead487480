// The quick order: a member pastes a CSV (an unknown SKU is reported by its line, tied to
// the field), every chosen line is quoted in one request and the summary shows net, VAT and total;
// a refusal naming a line lands on that line's row; anyone else is sent to apply.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { TRADE_ORDER_TEXT as T } from '@domain/tradeOrderTexts';

const MEMBER = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};
const product = (id: number, name: string, sku: string, packSize: number) => ({
  id,
  slug: `p-${id}`,
  name,
  price: 12,
  variants: [{ id: id * 10, name: 'Стандартен', sku, price: 12, stock: 80, packSize, tradePrice: 8.5 }],
  images: [],
  attributes: [],
});

function api(quote: (body: any) => { status?: number; body?: unknown }, user: unknown = MEMBER) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/auth/me': user ? { body: { user } } : { status: 401, body: { message: 'Не сте влезли.' } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/products': {
      body: { products: [product(1, 'Течност Мента', 'LQ-M', 10), product(2, 'Под Ягода', 'POD-Y', 1)], total: 2, page: 1, limit: 100 },
    },
    'POST /api/checkout/quote': (c) => quote(c.body),
  });
}

const netQuote = {
  lines: [],
  subtotal: 204,
  discountTotal: 0,
  shippingMethod: null,
  shippingTotal: 0,
  total: 204,
  currency: 'BGN',
  dualCurrency: false,
  freeShippingFrom: null,
  freeShippingMissing: null,
  shippingOptions: { econt_office: 0, speedy_office: 0, address: 0 },
  discount: null,
  pricesInclude: 'net',
  subtotalNet: 170,
  vatTotal: 34,
  shippingNet: 0,
};

beforeEach(() => {
  clearCookies();
  clearToasts();
  sessionStorage.clear();
  localStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
});

function open() {
  render(
    <MemoryRouter initialEntries={['/trade/quick-order']}>
      <App />
    </MemoryRouter>,
  );
}

test('a pasted CSV fills the table, an unknown SKU is reported by its line, all lines are quoted in one request', async () => {
  const { calls } = api(() => ({ body: netQuote }));
  open();
  await screen.findByRole('heading', { name: T.quickOrderTitle, level: 1 }, { timeout: 10_000 });
  await screen.findByLabelText(T.quantityLabel('Течност Мента'));
  const csv = screen.getByLabelText(T.csvLabel);
  await userEvent.type(csv, 'LQ-M;20{enter}pod-y;4{enter}NOPE;1');
  await userEvent.click(screen.getByRole('button', { name: T.csvApply }));
  expect(await screen.findByText(T.csvUnknownSku(3, 'NOPE'))).toBeInTheDocument();
  expect(csv).toHaveAccessibleDescription(T.csvUnknownSku(3, 'NOPE'));
  expect(screen.getByLabelText(T.quantityLabel('Течност Мента'))).toHaveValue(20);
  expect(screen.getByLabelText(T.quantityLabel('Под Ягода'))).toHaveValue(4);
  const summary = screen.getByRole('complementary', { name: T.summaryTitle });
  await within(summary).findByText(/^204,00\sлв\.$/, {}, { timeout: 10_000 });
  expect(within(summary).getByText(/^170,00\sлв\.$/)).toBeInTheDocument();
  expect(within(summary).getByText(/^34,00\sлв\.$/)).toBeInTheDocument();
  const quotes = calls.filter((c) => c.url === '/api/checkout/quote');
  expect(quotes.at(-1)!.body.items).toEqual([
    expect.objectContaining({ productId: 1, variantId: 10, quantity: 20 }),
    expect.objectContaining({ productId: 2, variantId: 20, quantity: 4 }),
  ]);
  expect(screen.getByRole('button', { name: T.toCheckout })).not.toHaveAttribute('aria-disabled');
});

test("a quantity off the pack is shown on its row, and the server's refusal of a line on that row", async () => {
  const text = T.packMultiple('Под Ягода', 6);
  api((body) =>
    body.items.some((i: { variantId: number }) => i.variantId === 20)
      ? { status: 400, body: { message: text, errors: { 'items.0.quantity': text } } }
      : { body: netQuote },
  );
  open();
  const mint = await screen.findByLabelText(T.quantityLabel('Течност Мента'), {}, { timeout: 10_000 });
  await userEvent.type(mint, '15');
  expect(mint).toHaveAttribute('aria-invalid', 'true');
  expect(mint).toHaveAccessibleDescription(`${T.stepHint(10)} ${T.packMultiple('Течност Мента', 10)}`);
  await userEvent.clear(mint);
  const pod = screen.getByLabelText(T.quantityLabel('Под Ягода'));
  await userEvent.type(pod, '5');
  await waitFor(() => expect(pod).toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
  expect(pod).toHaveAccessibleDescription(text);
});

test('anyone who is not a member is told so and sent to apply', async () => {
  api(() => ({ body: netQuote }), null);
  open();
  expect(await screen.findByText(T.membersOnly, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: T.applyLink })).toHaveAttribute('href', '/trade/apply');
});

test("each row shows its quantity breaks and the price the typed quantity reaches; the product's minimum is said on its row", async () => {
  const tiers = [
    { minQuantity: 1, netPrice: 5.75 },
    { minQuantity: 50, netPrice: 5.2 },
    { minQuantity: 100, netPrice: 4.9 },
  ];
  const withBreaks = {
    ...product(1, 'Течност Мента', 'LQ-M', 10),
    tradeMinimumQuantity: 20,
    tradeMultiple: null,
    variants: [{ ...product(1, 'Течност Мента', 'LQ-M', 10).variants[0], tradePrice: 5.75, tradeTiers: tiers }],
  };
  mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/auth/me': { body: { user: MEMBER } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/products': { body: { products: [withBreaks], total: 1, page: 1, limit: 100 } },
    'POST /api/checkout/quote': { body: netQuote },
  });
  open();
  const quantity = await screen.findByLabelText(T.quantityLabel('Течност Мента'), {}, { timeout: 10_000 });
  const row = quantity.closest('tr') as HTMLElement;
  const breaks = within(row).getByRole('list');
  expect(
    within(breaks)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([expect.stringMatching(/^от 50 бр\. — 5,20\sлв\./), expect.stringMatching(/^от 100 бр\. — 4,90\sлв\./)]);
  const price = () => row.querySelector(`td[data-label="${T.colPrice}"]`)!.firstChild!.textContent;
  expect(price()).toMatch(/^5,75\sлв\./);
  expect(quantity).toHaveAccessibleDescription(`${T.stepHint(10)}, Най-малко 20 бр.`);
  await userEvent.type(quantity, '10');
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(quantity).toHaveAccessibleDescription(`${T.stepHint(10)}, Най-малко 20 бр. ${T.belowProductMinimum('Течност Мента', 20)}`);
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '60');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  expect(price()).toMatch(/^5,20\sлв\./);
});
