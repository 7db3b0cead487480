// One request per cart action: an add, a quantity change, a removal or a
// clear shows the cart the server answered to that one request, with no second read of the
// cart; two quick changes end in the answer of the later one. Against a stand-in API.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from './toast';
import { Call, clearCookies, mockFetch } from '../test/fetchMock';
import { STOREFRONT } from '@domain/messages';
import { formatMoney } from '@domain/money';

const product = {
  id: 7,
  slug: 'vap-solo-twins',
  name: 'VAP SOLO TWINS',
  description: 'Два вкуса.',
  status: 'active',
  price: 27.9,
  compareAtPrice: null,
  categoryId: 1,
  category: { id: 1, name: 'TWINS', slug: 'twins' },
  images: [],
  featured: true,
  seoTitle: '',
  seoDescription: '',
  variants: [{ id: 70, name: '0 mg', sku: 'TW-0', price: 27.9, stock: 10 }],
  attributes: [],
  nicotineMgMl: 0,
  volumeMl: 4,
  stock: 10,
  inStock: true,
};
const user = { id: 3, email: 'ivan@example.bg', firstName: 'Иван', lastName: 'Петров', role: 'customer' };

/** A line as the server describes it, at the given unit price. */
function line(id: number, quantity: number, unitPrice = 27.9, productName = 'VAP SOLO TWINS') {
  return {
    id,
    productId: 7,
    variantId: 70,
    quantity,
    personalization: '',
    attributes: [],
    productName,
    productSlug: 'vap-solo-twins',
    variantName: '0 mg',
    unitPrice,
    lineTotal: Math.round(unitPrice * quantity * 100) / 100,
    stock: 10,
    available: true,
  };
}
function cart(...lines: ReturnType<typeof line>[]) {
  return { cartItems: lines, count: lines.reduce((n, l) => n + l.quantity, 0), subtotal: lines.reduce((n, l) => n + l.lineTotal, 0) };
}

/** The shop's answers for a signed-in shopper whose server cart GET /api/cart answers `stored`. */
function signedInApi(stored: ReturnType<typeof cart>, extra: Record<string, any> = {}) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/products/vap-solo-twins': { body: { product } },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': { body: stored },
    ...extra,
  });
}

/** The cart calls made since `from` (the price quote of the cart page is not one). */
function cartCalls(calls: Call[], from: number) {
  return calls
    .slice(from)
    .filter((c) => c.url.startsWith('/api/cart'))
    .map((c) => `${c.method} ${c.url}`);
}

function renderAt(path: string) {
  localStorage.setItem('age-confirmed', 'yes');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

/** An amount as the page writes it (its spaces as the DOM's text reads them). */
const money = (amount: number) => formatMoney(amount).replace(/\s/g, ' ');
const badge = () => screen.getByTestId('cart-count');
/** The line total shown on the cart page for the line named `name`. */
const lineTotalOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('li')!).getByText((_, el) => !!el?.classList.contains('cart-line-total'));

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

describe('a signed-in shopper', () => {
  it('adds with exactly one request and sees the cart the server answered, not a guess', async () => {
    // Two are in the cart already: the server adds them up and answers 3 at a new price.
    const { calls } = signedInApi(cart(line(5, 2)), {
      'POST /api/cart/add': { body: { message: STOREFRONT.addedToCartOk, ...cart(line(5, 3, 25)) } },
    });
    renderAt('/products/vap-solo-twins');
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    const from = calls.length;
    await userEvent.click(await screen.findByRole('button', { name: 'Добави в количката' }));
    expect(await screen.findByText(STOREFRONT.addedToCartOk)).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(calls.slice(from).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/cart/add']);
    expect(calls[from].body).toEqual({ productId: 7, variantId: 70, quantity: 1, personalization: '', attributes: [] });

    // The cart page (a route change reads the server cart) shows what the add answered.
    const { calls: later } = signedInApi(cart(line(5, 3, 25)));
    await userEvent.click(screen.getByRole('link', { name: /Количка/ }));
    expect(await screen.findByRole('heading', { name: /Количка/ })).toHaveTextContent('(3 бр.)');
    expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(75));
    expect(cartCalls(later, 0)).toEqual(['GET /api/cart']);
  });

  it('changes a quantity with one request and shows the answered price', async () => {
    const { calls } = signedInApi(cart(line(5, 1)), {
      // The price changed meanwhile: the server's answer is what the page shows.
      'PUT /api/cart/edit/5': { body: { message: STOREFRONT.cartEdited, ...cart(line(5, 2, 25)) } },
    });
    renderAt('/cart');
    await waitFor(() => expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(27.9)));
    const from = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Увеличи' }));
    expect(await screen.findByText(STOREFRONT.cartEdited)).toBeInTheDocument();
    await waitFor(() => expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(50)));
    expect(screen.getByRole('spinbutton', { name: 'Количество на VAP SOLO TWINS' })).toHaveValue(2);
    expect(badge()).toHaveTextContent('2');
    expect(cartCalls(calls, from)).toEqual(['PUT /api/cart/edit/5']);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ quantity: 2 });
  });

  it('removes a line and clears the cart with one request each', async () => {
    const { calls } = signedInApi(cart(line(5, 1), line(6, 2, 27.9, 'VAP SOLO TRIPLES')), {
      'DELETE /api/cart/remove/5': { body: { message: STOREFRONT.cartRemoved, ...cart(line(6, 2, 27.9, 'VAP SOLO TRIPLES')) } },
      'DELETE /api/cart': { body: { message: STOREFRONT.cartCleared, cartItems: [], count: 0, subtotal: 0 } },
    });
    renderAt('/cart');
    const remove = await screen.findByRole('button', { name: 'Премахни VAP SOLO TWINS' });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    let from = calls.length;
    await userEvent.click(remove);
    expect(await screen.findByText(STOREFRONT.cartRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'VAP SOLO TWINS' })).toBeNull());
    expect(badge()).toHaveTextContent('2');
    expect(cartCalls(calls, from)).toEqual(['DELETE /api/cart/remove/5']);

    from = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Изчисти количката' }));
    expect(await screen.findByText(STOREFRONT.cartCleared)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Количката е празна' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(cartCalls(calls, from)).toEqual(['DELETE /api/cart']);
  });

  it('ends two quick changes in the answer of the later one, whichever arrives first', async () => {
    let puts = 0;
    const { calls, fn } = signedInApi(cart(line(5, 1)), {
      // The first change is answered at the old price, the second at the new one.
      'PUT /api/cart/edit/5': () => ({ body: { message: STOREFRONT.cartEdited, ...cart(line(5, 2, ++puts === 1 ? 27.9 : 25)) } }),
    });
    const routed = fn.getMockImplementation()!;
    const held: Array<() => void> = [];
    fn.mockImplementation(async (url: string, init?: RequestInit) => {
      const answer = await routed(url, init);
      if (url.startsWith('/api/cart/edit/')) await new Promise<void>((release) => held.push(release));
      return answer;
    });
    renderAt('/cart');
    const more = await screen.findByRole('button', { name: 'Увеличи' });
    await waitFor(() => expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(27.9)));
    const from = calls.length;
    await userEvent.click(more);
    await userEvent.click(more);
    expect(held).toHaveLength(2);
    // The later request's answer comes first, then the earlier one's: the later one stays.
    act(() => held[1]());
    await waitFor(() => expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(50)));
    await act(async () => {
      held[0]();
      // Let the earlier answer run its course (a macrotask comes after all its microtasks).
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(lineTotalOf('VAP SOLO TWINS')).toHaveTextContent(money(50));
    expect(lineTotalOf('VAP SOLO TWINS')).not.toHaveTextContent(money(55.8));
    expect(cartCalls(calls, from)).toEqual(['PUT /api/cart/edit/5', 'PUT /api/cart/edit/5']);
  });

  it('keeps the cart as it was on a refusal, with the server’s Bulgarian message and no second read', async () => {
    const refusal = 'Няма достатъчна наличност от „VAP SOLO TWINS (0 mg)“. Налични: 1 бр.';
    const { calls } = signedInApi(cart(line(5, 1)), {
      'PUT /api/cart/edit/5': { status: 409, body: { message: refusal, errors: { quantity: refusal } } },
    });
    renderAt('/cart');
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    const from = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Увеличи' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(STOREFRONT.cartEdited)).toBeNull();
    expect(badge()).toHaveTextContent('1');
    expect(screen.getByRole('spinbutton', { name: 'Количество на VAP SOLO TWINS' })).toHaveValue(1);
    expect(cartCalls(calls, from)).toEqual(['PUT /api/cart/edit/5']);
  });
});

describe('a guest', () => {
  it('adds with one request: the stock check’s answer is the cart shown', async () => {
    const { calls } = mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
      'GET /api/settings': { status: 404 },
      'GET /api/products/vap-solo-twins': { body: { product } },
      'GET /api/categories': { body: { categories: [] } },
      'POST /api/cart/preview': (c) => ({ body: cart(...c.body.items.map((l: any) => line(l.id, l.quantity, 25))) }),
    });
    renderAt('/products/vap-solo-twins');
    const add = await screen.findByRole('button', { name: 'Добави в количката' });
    const from = calls.length;
    await userEvent.click(add);
    expect(await screen.findByText(STOREFRONT.addedToCart)).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(calls.slice(from).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/cart/preview']);
  });
});
