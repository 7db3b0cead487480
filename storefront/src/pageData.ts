// Which pages the server renders and the data each one needs. The catalogue's pages
// (home, shop and its categories, products, info pages) are rendered on the server with their
// data; pages that belong to one visitor (cart, checkout, account, orders, sign-in) are left to
// the browser; any other address is the 404 page.
import { matchPath } from 'react-router-dom';
import type { ProductQuery } from './api/shop';
import type { PageNeeds } from '@domain/storefrontPages';
import { PAGE_SIZE_DEFAULT, PRICE_FILTER_MAX, PRICE_FILTER_MIN, PRODUCT_SORT_DEFAULT } from '@domain/limits';

/** The home page's newest products. */
export const HOME_FEATURED_QUERY: ProductQuery = { limit: 8, sort: 'newest' };

/** The shop's list query from its URL (category, search, price, sort and page live there). */
export function shopQuery(params: URLSearchParams): ProductQuery {
  const minPrice = params.get('minPrice') ?? '';
  const maxPrice = params.get('maxPrice') ?? '';
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: PAGE_SIZE_DEFAULT,
    search: params.get('search') || undefined,
    category: params.get('category') || undefined,
    sort: params.get('sort') ?? PRODUCT_SORT_DEFAULT,
    minPrice: minPrice ? Number(minPrice) : PRICE_FILTER_MIN,
    maxPrice: maxPrice ? Number(maxPrice) : PRICE_FILTER_MAX,
  };
}

const CLIENT_PAGES = [
  '/cart',
  '/checkout',
  '/orders/:id',
  '/account',
  '/account/orders/:id',
  '/signin',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/invitation/:token',
  '/trade/apply',
];
const INFO_PAGES = ['/terms', '/privacy', '/returns'];

/** The source file of each page's chunk (see App.tsx's routes). */
const CHUNK = {
  home: 'src/pages/Home.tsx',
  shop: 'src/pages/Shop.tsx',
  product: 'src/pages/ProductPage.tsx',
  info: 'src/pages/InfoPage.tsx',
  contact: 'src/pages/Contact.tsx',
  accessibility: 'src/pages/AccessibilityPage.tsx',
  notFound: 'src/pages/NotFound.tsx',
  whereToBuy: 'src/pages/WhereToBuy.tsx',
};

export function pageNeeds(url: string): PageNeeds {
  const parsed = new URL(url, 'http://shop.invalid');
  const path = parsed.pathname;
  if (CLIENT_PAGES.some((p) => matchPath(p, path))) return { render: 'client' };
  if (matchPath('/', path)) return { render: 'server', featured: HOME_FEATURED_QUERY, chunk: CHUNK.home };
  if (matchPath('/products', path))
    return { render: 'server', products: shopQuery(parsed.searchParams), categories: true, chunk: CHUNK.shop };
  const product = matchPath('/products/:slug', path);
  if (product) return { render: 'server', product: product.params.slug, chunk: CHUNK.product };
  if (matchPath('/contact', path)) return { render: 'server', chunk: CHUNK.contact };
  if (matchPath('/accessibility', path)) return { render: 'server', chunk: CHUNK.accessibility };
  if (matchPath('/where-to-buy', path)) return { render: 'server', whereToBuy: true, chunk: CHUNK.whereToBuy };
  if (INFO_PAGES.some((p) => matchPath(p, path))) return { render: 'server', chunk: CHUNK.info };
  return { render: 'server', notFound: true, chunk: CHUNK.notFound };
}
