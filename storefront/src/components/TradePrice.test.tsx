// A member of an approved company sees net prices labelled „без ДДС“ on the product
// cards and the product page, the pack a variant is sold in, and orders whole packs; a guest's
// answer (no trade prices) shows as it always did.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { ProductCard } from './ProductCard';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { hasTradeHint, withoutGuestPrices } from '../state/tradeHint';
import type { ApiProduct } from '@domain/api';

const retail: ApiProduct = {
  id: 7,
  slug: 'twins-liquid',
  name: 'TWINS течност',
  description: '',
  status: 'active',
  price: 12,
  compareAtPrice: null,
  categoryId: null,
  category: null,
  images: [],
  featured: false,
  seoTitle: '',
  seoDescription: '',
  variants: [{ id: 70, name: '10 ml', sku: 'TL-10', price: 12, stock: 100, packSize: 10 }],
  attributes: [],
  nicotineMgMl: null,
  volumeMl: 10,
  stock: 100,
  inStock: true,
};
const forMember: ApiProduct = {
  ...retail,
  variants: [{ ...retail.variants[0], tradePrice: 8.5 }],
  tradePrice: 8.5,
  pricesInclude: 'net',
};

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  localStorage.clear();
});

const card = (product: ApiProduct) =>
  render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );

describe('the product card', () => {
  it('shows a member the net price „без ДДС“, the price with VAT in small print and the pack', () => {
    card(forMember);
    const price = document.querySelector('.product-card-price') as HTMLElement;
    expect(within(price).getByText('без ДДС')).toBeInTheDocument();
    expect(price).toHaveTextContent(/8,50\s*лв\./);
    // 8,50 + 20 % = 10,20 with VAT.
    expect(price).toHaveTextContent(/\(10,20\s*лв\..*с ДДС\)/);
    expect(within(price).getByText('в опаковка по 10 бр.')).toBeInTheDocument();
    expect(price).not.toHaveTextContent(/12,00/);
  });

  it('shows a guest the retail price, with no „без ДДС“ and no pack', () => {
    card(retail);
    const price = document.querySelector('.product-card-price') as HTMLElement;
    expect(price).toHaveTextContent(/12,00\s*лв\./);
    expect(price).not.toHaveTextContent(/без ДДС|опаковка/);
  });
});

describe('the product page for a member', () => {
  function api(product: ApiProduct) {
    return mockFetch({
      'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
      'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
      'GET /api/settings': { status: 404 },
      'GET /api/products/twins-liquid': { body: { product } },
      'GET /api/categories': { body: { categories: [] } },
    });
  }
  const open = () => {
    localStorage.setItem('age-confirmed', 'yes');
    render(
      <MemoryRouter initialEntries={['/products/twins-liquid']}>
        <App />
      </MemoryRouter>,
    );
  };

  it('shows the net price and steps the quantity by whole packs, from one pack', async () => {
    api(forMember);
    open();
    const heading = await screen.findByRole('heading', { name: 'TWINS течност' });
    const box = heading.closest('form') as HTMLElement;
    expect(within(box).getByText('без ДДС')).toBeInTheDocument();
    expect(within(box).getByText('в опаковка по 10 бр.')).toBeInTheDocument();
    const quantity = within(box)
      .getAllByLabelText('Количество')
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(quantity.value).toBe('10');
    await userEvent.click(within(box).getByRole('button', { name: 'Увеличи' }));
    expect(quantity.value).toBe('20');
    await userEvent.click(within(box).getByRole('button', { name: 'Намали' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Намали' }));
    // Never below one pack.
    expect(quantity.value).toBe('10');
    expect(within(box).getByRole('button', { name: 'Намали' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a table of the prices by quantity when the price steps down', async () => {
    const tiers = [
      { minQuantity: 1, netPrice: 8.5 },
      { minQuantity: 50, netPrice: 7.9 },
    ];
    api({ ...forMember, variants: [{ ...forMember.variants[0], tradeTiers: tiers }], tradeTiers: tiers });
    open();
    const table = await screen.findByRole('table', { name: 'Цени по количество (без ДДС)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^от 1 бр\.8,50\sлв\./),
      expect.stringMatching(/^от 50 бр\.7,90\sлв\./),
    ]);
  });

  it('shows no table when the price does not step down', async () => {
    api({ ...forMember, variants: [{ ...forMember.variants[0], tradeTiers: [{ minQuantity: 1, netPrice: 8.5 }] }] });
    open();
    await screen.findByRole('heading', { name: 'TWINS течност' });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps a guest on single pieces at the retail price', async () => {
    api(retail);
    open();
    const heading = await screen.findByRole('heading', { name: 'TWINS течност' });
    const box = heading.closest('form') as HTMLElement;
    expect(box).not.toHaveTextContent(/без ДДС|опаковка/);
    const quantity = within(box)
      .getAllByLabelText('Количество')
      .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(quantity.value).toBe('1');
    await userEvent.click(within(box).getByRole('button', { name: 'Увеличи' }));
    expect(quantity.value).toBe('2');
  });
});

describe('a rendered page for a member', () => {
  it('is not hydrated with guests’ prices: their data is asked again', () => {
    expect(hasTradeHint('sid=1; vs_trade=1')).toBe(true);
    expect(hasTradeHint('sid=1')).toBe(false);
    const payload = { url: '/', origin: '', settings: {} as never, featured: [retail], product: retail };
    expect(withoutGuestPrices(payload as never)).toEqual({ url: '/', origin: '', settings: {} });
  });
});
