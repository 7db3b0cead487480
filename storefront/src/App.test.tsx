// The storefront as a shopper uses it, against a stand-in API: auth start-up, the guest cookie
// cart, the server cart, sign-in, registration and their toasts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';
import { clearToasts } from './state/toast';
import { clearCookies, mockFetch } from './test/fetchMock';
import { SHOP, STOREFRONT } from '@domain/messages';
import { decodeCartCookie } from '@domain/cartCookie';

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
  variants: [
    { id: 70, name: '0 mg', sku: 'TW-0', price: 27.9, stock: 5, nicotineMgMl: 0 },
    { id: 71, name: '20 mg', sku: 'TW-20', price: 27.9, stock: 0, nicotineMgMl: 20 },
  ],
  attributes: [
    {
      id: 1,
      name: 'Вкус 1',
      values: [
        { id: 11, value: 'Ягода' },
        { id: 12, value: 'Мента' },
      ],
    },
  ],
  nicotineMgMl: 20,
  volumeMl: 4,
  stock: 5,
  inStock: true,
};
const user = { id: 3, email: 'ivan@example.bg', firstName: 'Иван', lastName: 'Петров', role: 'customer' };
const serverLine = (id: number, quantity: number) => ({
  id,
  productId: 7,
  variantId: 70,
  quantity,
  personalization: '',
  attributes: [],
  productName: 'VAP SOLO TWINS',
  productSlug: 'vap-solo-twins',
  unitPrice: 27.9,
  lineTotal: 27.9 * quantity,
  stock: 5,
  available: true,
});

function guestApi(extra: Record<string, any> = {}) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/products/vap-solo-twins': { body: { product } },
    'GET /api/products': { body: { products: [product], total: 1, page: 1, limit: 10 } },
    'GET /api/categories': { body: { categories: [] } },
    'POST /api/cart/preview': (c) => ({
      body: { cartItems: c.body.items.map((l: any) => ({ ...serverLine(l.id, l.quantity) })), count: 0, subtotal: 0 },
    }),
    ...extra,
  });
}

function renderAt(path: string) {
  localStorage.setItem('age-confirmed', 'yes');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

function cartCookie() {
  const raw = document.cookie.split('; ').find((c) => c.startsWith('cart='));
  return raw ? decodeCartCookie(raw.slice(5)) : null;
}

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

describe('a guest', () => {
  it('starts signed out after asking for the CSRF token and checking the cookie', async () => {
    const { calls } = guestApi();
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Вход' })).toBeInTheDocument();
    const auth = calls.map((c) => c.url).filter((u) => ['/api/csrf-token', '/api/check-cookie', '/api/auth/me'].includes(u));
    expect(auth).toEqual(['/api/csrf-token', '/api/check-cookie']);
    expect(calls.some((c) => c.url === '/api/auth/me')).toBe(false);
  });

  it('adds to the cookie cart: the line shape, 7 days, time ids, quantities add up, the badge sums them', async () => {
    guestApi();
    const setCookie = jest.spyOn(Document.prototype, 'cookie', 'set');
    renderAt('/products/vap-solo-twins');
    const add = await screen.findByRole('button', { name: 'Добави в количката' });
    await userEvent.click(add);
    expect(await screen.findByText('Изберете вкус 1.')).toBeInTheDocument();
    expect(cartCookie()).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Вкус 1'), 'Мента');
    const before = Date.now();
    await userEvent.click(add);
    expect(await screen.findByText(STOREFRONT.addedToCart)).toBeInTheDocument();
    const [line] = cartCookie()!;
    expect(line).toEqual({
      id: expect.any(Number),
      productId: 7,
      variantId: 70,
      quantity: 1,
      personalization: '',
      attributes: [{ attributeId: 1, attributeValueId: 12 }],
    });
    // Compact: a JSON list of tuples, not objects with long keys.
    expect(
      JSON.parse(
        decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('cart='))!
            .slice(5),
        ),
      ),
    ).toEqual([[line.id, 7, 70, 1, [1, 12]]]);
    expect(line.id).toBeGreaterThanOrEqual(before);
    expect(setCookie.mock.calls.some(([v]) => String(v).startsWith('cart=') && String(v).includes('Max-Age=604800'))).toBe(true);
    await userEvent.click(add);
    await waitFor(() => expect(cartCookie()![0].quantity).toBe(2));
    expect(cartCookie()).toHaveLength(1);
    expect(within(screen.getByRole('link', { name: /Количка/ })).getByTestId('cart-count')).toHaveTextContent('2');
    setCookie.mockRestore();
  });

  it('never reports an add the cookie could not keep: long Cyrillic inscriptions, then an offer to sign in', async () => {
    const plenty = { ...product, variants: product.variants.map((v) => ({ ...v, stock: 50 })) };
    guestApi({
      'GET /api/products/vap-solo-twins': { body: { product: plenty } },
      'POST /api/cart/preview': (c: any) => ({
        body: { cartItems: c.body.items.map((l: any) => ({ ...serverLine(l.id, l.quantity), stock: 50 })), count: 0, subtotal: 0 },
      }),
    });
    renderAt('/products/vap-solo-twins');
    const add = await screen.findByRole('button', { name: 'Добави в количката' });
    await userEvent.selectOptions(screen.getByLabelText('Вкус 1'), 'Мента');
    const inscription = screen.getByLabelText(/Надпис върху устройството/);
    let kept = 0;
    for (let i = 0; i < 8; i++) {
      clearToasts();
      await userEvent.clear(inscription);
      // 100 Cyrillic letters: 600 bytes in the cookie each.
      await userEvent.click(inscription);
      await userEvent.paste(`${i}${'Ж'.repeat(99)}`);
      await userEvent.click(add);
      const [answer] = await screen.findAllByText((t) => t === STOREFRONT.addedToCart || t.startsWith(SHOP.guestCartFull));
      if (answer.textContent === STOREFRONT.addedToCart) kept++;
      else break;
    }
    expect(kept).toBeGreaterThanOrEqual(5);
    expect(kept).toBeLessThan(8);
    // Every line reported as added is in the cookie, and the shopper is offered a way on.
    expect(cartCookie()).toHaveLength(kept);
    expect(cartCookie()!.every((l) => l.personalization.length === 100)).toBe(true);
    const inline = screen.getAllByRole('alert').find((el) => el.tagName === 'P')!;
    expect(inline).toHaveTextContent(SHOP.guestCartFull);
    expect(within(inline).getByRole('link', { name: 'Вход' })).toHaveAttribute('href', '/signin');
  });

  it('caps the quantity at the stock and refuses an add the stock cannot cover', async () => {
    guestApi();
    renderAt('/products/vap-solo-twins');
    const add = await screen.findByRole('button', { name: 'Добави в количката' });
    await userEvent.selectOptions(screen.getByLabelText('Вкус 1'), 'Мента');
    const more = screen.getByRole('button', { name: 'Увеличи' });
    for (let i = 0; i < 6; i++) if (!(more as HTMLButtonElement).disabled) await userEvent.click(more);
    expect(screen.getByRole('spinbutton', { name: 'Количество' })).toHaveValue(5);
    expect(screen.getByText(SHOP.inStock(5))).toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByText(STOREFRONT.addedToCart)).toBeInTheDocument();
    // All five are in the cart now: nothing more can be added.
    expect(await screen.findByText(SHOP.allInCart(5))).toBeInTheDocument();
    // Still focusable, so focus stays on it, and a press does nothing.
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveFocus();
    expect(cartCookie()![0].quantity).toBe(5);
  });

  it('refuses a guest add above the stock the server reports', async () => {
    guestApi({
      'POST /api/cart/preview': (c: any) => ({
        body: {
          cartItems: c.body.items.map((l: any) => ({ ...serverLine(l.id, l.quantity), variantName: '0 mg', stock: 1 })),
          count: 0,
          subtotal: 0,
        },
      }),
    });
    document.cookie = `cart=${encodeURIComponent(JSON.stringify([[1, 7, 70, 1, [1, 11]]]))}; Path=/`;
    renderAt('/products/vap-solo-twins');
    const add = await screen.findByRole('button', { name: 'Добави в количката' });
    await userEvent.selectOptions(screen.getByLabelText('Вкус 1'), 'Ягода');
    await userEvent.click(add);
    expect(await screen.findAllByText('Няма достатъчна наличност от „VAP SOLO TWINS (0 mg)“. Налични: 1 бр.')).not.toHaveLength(0);
    expect(screen.queryByText(STOREFRONT.addedToCart)).toBeNull();
    expect(cartCookie()).toHaveLength(1);
  });

  it('shows cart lines that lost their stock since they were added, and holds back checkout', async () => {
    guestApi({
      'POST /api/cart/preview': (c: any) => ({
        body: { cartItems: c.body.items.map((l: any) => ({ ...serverLine(l.id, l.quantity), stock: 2 })), count: 4, subtotal: 0 },
      }),
    });
    document.cookie = `cart=${encodeURIComponent(JSON.stringify([[1, 7, 70, 4]]))}; Path=/`;
    renderAt('/cart');
    expect(await screen.findByText(SHOP.stockFell(2))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Към поръчката' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Увеличи' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the nicotine warning only for a strength with nicotine', async () => {
    guestApi();
    renderAt('/products/vap-solo-twins');
    await screen.findByRole('heading', { name: 'VAP SOLO TWINS' });
    expect(screen.queryByRole('note')).toBeNull(); // 0 mg is chosen (20 mg is sold out)
    expect(screen.getByLabelText('20 mg')).toBeDisabled();
  });

  it("warns by the product's strength when the chosen variant has none of its own, whatever its name says", async () => {
    const unnamed = { ...product, variants: [{ ...product.variants[0], nicotineMgMl: null }, product.variants[1]] };
    guestApi({ 'GET /api/products/vap-solo-twins': { body: { product: unnamed } } });
    renderAt('/products/vap-solo-twins');
    await screen.findByRole('heading', { name: 'VAP SOLO TWINS' });
    expect(screen.getByRole('note')).toHaveTextContent('никотин');
    expect(screen.getByText('20 mg/ml')).toBeInTheDocument();
  });
});

describe('a signed-in shopper', () => {
  function signedInApi(cart: { status?: number; body?: unknown }) {
    return mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
      'GET /api/auth/me': { body: { user } },
      'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
      'GET /api/settings': { status: 404 },
      'GET /api/cart': cart,
      'GET /api/products': { body: { products: [], total: 0, page: 1, limit: 10 } },
      'GET /api/orders': { body: { orders: [] } },
      'POST /api/cart/preview': (c) => ({
        body: { cartItems: c.body.items.map((l: any) => serverLine(l.id, l.quantity)), count: 0, subtotal: 0 },
      }),
    });
  }

  it('sees the server cart in the badge, and the guest cookie is removed', async () => {
    document.cookie = `cart=${encodeURIComponent(JSON.stringify([{ id: 1, productId: 7, variantId: 70, quantity: 9, personalization: '', attributes: [] }]))}; Path=/`;
    signedInApi({ body: { cartItems: [serverLine(1, 2), serverLine(2, 3)], count: 5, subtotal: 139.5 } });
    renderAt('/');
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('5'));
    expect(cartCookie()).toBeNull();
    expect(screen.getByRole('link', { name: 'Профил' })).toHaveAttribute('href', '/account');
  });

  it('signs out with its toast and lands on /signin', async () => {
    const { fn } = signedInApi({ body: { cartItems: [], count: 0, subtotal: 0 } });
    const routes = fn.getMockImplementation()!;
    fn.mockImplementation(async (url: string, init?: RequestInit) =>
      url === '/api/auth/logout'
        ? ({ ok: true, status: 200, text: async () => JSON.stringify({ message: 'Изходът бе успешен.' }) } as Response)
        : routes(url, init),
    );
    renderAt('/');
    const [signOut] = await screen.findAllByRole('button', { name: 'Изход' });
    await userEvent.click(signOut);
    expect(await screen.findByText(STOREFRONT.logoutOk)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вход' })).toBeInTheDocument();
  });

  it('falls back to the cookie cart with its message when the server cart fails', async () => {
    document.cookie = `cart=${encodeURIComponent(JSON.stringify([{ id: 1, productId: 7, variantId: 70, quantity: 4, personalization: '', attributes: [] }]))}; Path=/`;
    signedInApi({ status: 500, body: {} });
    renderAt('/');
    expect(await screen.findByText(STOREFRONT.cartLoadFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('4'));
  });

  it('edits a line on the server, sending only what changed, then reloads', async () => {
    let quantity = 1;
    mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
      'GET /api/auth/me': { body: { user } },
      'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
      'GET /api/cart': () => ({ body: { cartItems: [serverLine(5, quantity)], count: quantity, subtotal: 27.9 * quantity } }),
      'PUT /api/cart/edit/5': (c) => {
        quantity = c.body.quantity;
        return { body: { message: STOREFRONT.cartEdited } };
      },
    });
    renderAt('/cart');
    const more = await screen.findByRole('button', { name: 'Увеличи' });
    await userEvent.click(more);
    expect(await screen.findByText(STOREFRONT.cartEdited)).toBeInTheDocument();
    const fetched = (globalThis.fetch as jest.Mock).mock.calls.map(([url, init]) => [
      init?.method ?? 'GET',
      url,
      init?.body ? JSON.parse(init.body) : undefined,
      init?.headers?.['x-csrf-token'],
    ]);
    expect(fetched).toContainEqual(['PUT', '/api/cart/edit/5', { quantity: 2 }, 'tok']);
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'));
  });
});

describe('signing in and registering', () => {
  it('signs in with its toast and loads the merged server cart', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
      'POST /api/auth/login': (c) => {
        signedIn = c.body.password === 'parola123';
        return signedIn
          ? { body: { user, message: 'Вписахте се успешно.', csrfToken: 'tok2' } }
          : { status: 401, body: { message: 'Грешен имейл или парола.' } };
      },
      'GET /api/cart': () => (signedIn ? { body: { cartItems: [serverLine(1, 3)], count: 3, subtotal: 83.7 } } : { status: 401 }),
      'GET /api/orders': { body: { orders: [] } },
    });
    renderAt('/signin');
    await userEvent.type(await screen.findByLabelText('Имейл'), 'ivan@example.bg');
    await userEvent.type(screen.getByLabelText('Парола'), 'greshna');
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findAllByText('Грешен имейл или парола.')).not.toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Парола'));
    await userEvent.type(screen.getByLabelText('Парола'), 'parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findByText(STOREFRONT.loginOk)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Профил' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
  });

  it('registers, shows its toast and goes to /signin', async () => {
    const { calls } = mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
      'POST /api/auth/register': { status: 201, body: { user, message: 'Регистрацията бе успешна.' } },
    });
    renderAt('/register');
    await userEvent.type(await screen.findByLabelText('Име'), 'Иван');
    await userEvent.type(screen.getByLabelText('Фамилия'), 'Петров');
    await userEvent.type(screen.getByLabelText('Имейл'), 'ivan@example.bg');
    await userEvent.type(screen.getByLabelText('Парола'), 'parola123');
    await userEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
    expect(await screen.findByText(STOREFRONT.registerOk)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/register')!.body).toEqual({
      email: 'ivan@example.bg',
      password: 'parola123',
      firstName: 'Иван',
      lastName: 'Петров',
    });
  });
});

describe('focus and errors for keyboard and screen-reader users', () => {
  it('moves focus to the line now in the removed one’s place, and to the heading once the cart is empty', async () => {
    guestApi();
    document.cookie = `cart=${encodeURIComponent(
      JSON.stringify([
        [1, 7, 70, 1, [1, 11]],
        [2, 7, 70, 2, [1, 12]],
      ]),
    )}; Path=/`;
    renderAt('/cart');
    const removes = await screen.findAllByRole('button', { name: 'Премахни VAP SOLO TWINS' });
    expect(removes).toHaveLength(2);
    await userEvent.click(removes[0]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Премахни VAP SOLO TWINS' })).toHaveLength(1));
    const last = screen.getByRole('button', { name: 'Премахни VAP SOLO TWINS' });
    await waitFor(() => expect(last).toHaveFocus());
    await userEvent.click(last);
    const heading = await screen.findByRole('heading', { name: 'Количката е празна' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('keeps focus on − when it reaches 1 (aria-disabled, not disabled)', async () => {
    guestApi();
    renderAt('/products/vap-solo-twins');
    await screen.findByRole('button', { name: 'Добави в количката' });
    await userEvent.click(screen.getByRole('button', { name: 'Увеличи' }));
    const less = screen.getByRole('button', { name: 'Намали' });
    await userEvent.click(less);
    expect(screen.getByRole('spinbutton', { name: 'Количество' })).toHaveValue(1);
    expect(less).toHaveFocus();
    expect(less).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(less);
    expect(screen.getByRole('spinbutton', { name: 'Количество' })).toHaveValue(1);
  });

  it('focuses the first flavour not chosen, with its error, when Добави is pressed', async () => {
    guestApi();
    renderAt('/products/vap-solo-twins');
    await userEvent.click(await screen.findByRole('button', { name: 'Добави в количката' }));
    const flavour = screen.getByLabelText('Вкус 1');
    expect(flavour).toHaveFocus();
    expect(flavour).toHaveAccessibleDescription('Изберете вкус 1.');
  });

  it('ties registration errors to their fields and focuses the first', async () => {
    const { calls } = guestApi();
    renderAt('/register');
    await userEvent.type(await screen.findByLabelText('Име'), 'Иван');
    await userEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
    const lastName = screen.getByLabelText('Фамилия');
    expect(lastName).toHaveFocus();
    expect(lastName).toHaveAccessibleDescription('Въведете фамилия.');
    expect(screen.getByLabelText('Имейл')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/auth/register')).toBe(false);
  });

  it('ties the distributors’ form errors to their fields and focuses the first', async () => {
    guestApi();
    renderAt('/contact');
    const send = await screen.findByRole('button', { name: 'Изпрати' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    const name = screen.getByLabelText('Име');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Въведете име.');
    expect(screen.getByLabelText('Съобщение')).toHaveAccessibleDescription('Напишете съобщение.');
  });

  it('ties the sign-in error to the empty fields and focuses the first', async () => {
    guestApi();
    renderAt('/signin');
    await userEvent.type(await screen.findByLabelText('Имейл'), 'ivan@example.bg');
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    const password = screen.getByLabelText('Парола');
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription('Въведете имейл и парола.');
    expect(screen.getByLabelText('Имейл')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
