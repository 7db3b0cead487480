// Storefront rendering on the server: pages, head, structured data, sitemap, robots.
export { storefrontPages } from './pages';
export type { StorefrontPagesOptions } from './pages';
export { loadEntry } from './entry';
