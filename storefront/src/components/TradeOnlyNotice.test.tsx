// A regulated product in trade_only for a visitor who is not a trade member: its card
// shows the notice in words instead of a price; the product page's notice links to where to buy.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProductCard } from './ProductCard';
import { TradeOnlyNotice } from './TradeOnlyNotice';
import type { ShopProduct } from '@domain/api';

const base = {
  id: 1,
  slug: 'ustroystvo',
  name: 'Устройство',
  description: '',
  status: 'active',
  categoryId: null,
  category: null,
  images: [],
  attributes: [],
  nicotineMgMl: null,
  volumeMl: null,
  kind: 'device' as const,
  featured: false,
  seoTitle: '',
  seoDescription: '',
  stock: 3,
  inStock: true,
};

describe('trade only', () => {
  it('a priceless card says „Продажба само на търговци“ and shows no price', () => {
    const product: ShopProduct = {
      ...base,
      price: null,
      compareAtPrice: null,
      variants: [{ id: 10, name: 'Стандартен', sku: 'U-1', price: null, stock: 3 }],
      saleRestricted: true,
    };
    const { container } = render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Продажба само на търговци')).toBeInTheDocument();
    expect(container.querySelector('.price')).toBeNull();
  });

  it('a priced card is as before', () => {
    const product: ShopProduct = {
      ...base,
      price: 24.9,
      compareAtPrice: null,
      variants: [{ id: 10, name: 'Стандартен', sku: 'U-1', price: 24.9, stock: 3 }],
    };
    const { container } = render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Продажба само на търговци')).toBeNull();
    expect(container.querySelector('.price')).not.toBeNull();
  });

  it('the notice is a titled region with the way to buy', () => {
    render(
      <MemoryRouter>
        <TradeOnlyNotice />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Продажба само на търговци' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Къде да купя' })).toHaveAttribute('href', '/where-to-buy');
    expect(screen.getByRole('link', { name: 'Кандидатствайте като търговец' })).toHaveAttribute('href', '/trade/apply');
  });
});
