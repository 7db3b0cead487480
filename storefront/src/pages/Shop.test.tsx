// The shop list: pages as the API's total says, no page past the last, an error that says so.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import Shop from './Shop';
import { LiveRegions } from '../components/LiveRegions';
import { mockFetch } from '../test/fetchMock';
import { SHOP } from '@domain/messages';

const product = (id: number) => ({
  id,
  slug: `p-${id}`,
  name: `Продукт ${id}`,
  description: '',
  status: 'active',
  price: 10,
  compareAtPrice: null,
  categoryId: null,
  category: null,
  images: [],
  variants: [{ id: id * 10, name: 'Стандартен', sku: `S-${id}`, price: 10, stock: 3 }],
  attributes: [],
  nicotineMgMl: null,
  volumeMl: null,
  stock: 3,
  inStock: true,
});

function renderShop(path: string) {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products" element={<Shop />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the shop list', () => {
  it('has no next page after the last one, even when the last page is full', async () => {
    mockFetch({
      'GET /api/categories': { body: { categories: [] } },
      'GET /api/products': (c) => {
        const page = Number(new URL(c.url, 'http://x').searchParams.get('page') ?? 1);
        const all = Array.from({ length: 30 }, (_, i) => product(i + 1));
        return { body: { products: all.slice((page - 1) * 10, page * 10), total: 30, page, limit: 10 } };
      },
    });
    renderShop('/products?page=3');
    expect(await screen.findByText('Продукт 21')).toBeInTheDocument();
    expect(screen.getByText('Страница 3 от 3')).toBeInTheDocument();
    // aria-disabled, not disabled: a keyboard user who paged to the last page keeps focus on it.
    const next = screen.getByRole('button', { name: 'Следваща →' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next);
    expect(screen.getByText('Страница 3 от 3')).toBeInTheDocument();
  });

  it('announces a new search by its count, not its grid', async () => {
    mockFetch({
      'GET /api/categories': { body: { categories: [] } },
      'GET /api/products': (c) => {
        const search = new URL(c.url, 'http://x').searchParams.get('search');
        const found = search ? [product(1), product(2)] : [product(1), product(2), product(3)];
        return { body: { products: found, total: found.length, page: 1, limit: 10 } };
      },
    });
    renderShop('/products');
    render(<LiveRegions />);
    expect(await screen.findByText('Продукт 3')).toBeInTheDocument();
    // The page's first list is the route change's to announce.
    expect(screen.getByTestId('live-polite')).toBeEmptyDOMElement();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Търсене' }), 'продукт{Enter}');
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent(/^Намерени 2 продукта$/));
    expect(screen.getByRole('region', { name: 'Продукти' })).not.toHaveAttribute('aria-live');
  });

  it('answers a page past the last with a link to the last one', async () => {
    mockFetch({
      'GET /api/categories': { body: { categories: [] } },
      'GET /api/products': { body: { products: [], total: 30, page: 4, limit: 10 } },
    });
    renderShop('/products?page=4&sort=name');
    expect(await screen.findByText(SHOP.noSuchPage(4, 3))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към страница 3' })).toHaveAttribute('href', '/products?page=3&sort=name');
    expect(screen.queryByText(/Няма продукти/)).toBeNull();
  });

  it('says a failed request failed, and tries again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/categories': { body: { categories: [] } },
      'GET /api/products': () => (fail ? { status: 500, body: {} } : { body: { products: [product(1)], total: 1, page: 1, limit: 10 } }),
    });
    renderShop('/products');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SHOP.productsLoadFailed);
    expect(screen.queryByText(/Няма продукти/)).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: SHOP.retry }));
    expect(await screen.findByText('Продукт 1')).toBeInTheDocument();
  });
});
