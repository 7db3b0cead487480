// /sitemap.xml: the shop's pages, every product a shopper may see (catalogue/visibility: drafts
// and archived ones are not there)
// and every category (in trade_only with a hidden consumer catalogue, no regulated product), each with the date it last changed; /robots.txt points crawlers to it and
// keeps them out of what belongs to one visitor or to staff.
import { Product } from '../../models/Product';
import { Category } from '../../models/Category';
import { salesPolicy, SHOPPER, visibleToShoppers } from '../catalogue';

const PAGES = ['/', '/products', '/contact', '/terms', '/privacy', '/returns', '/accessibility', '/where-to-buy'];
/** What a crawler has no business in. */
export const DISALLOWED = ['/admin', '/api', '/cart', '/checkout', '/account'];

function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The date part of a stored ISO timestamp (W3C date). */
function day(timestamp: unknown): string | undefined {
  const d = new Date(String(timestamp));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 10);
}

export async function sitemapXml(origin: string): Promise<string> {
  const sales = await salesPolicy();
  const [products, categories] = await Promise.all([
    visibleToShoppers(Product.query(), SHOPPER, sales).select('slug', 'updatedAt').orderBy('id'),
    Category.query().select('slug', 'updatedAt').orderBy(['position', 'id']),
  ]);
  const newest = [...products, ...categories]
    .map((r) => day(r.updatedAt))
    .filter(Boolean)
    .sort()
    .pop();
  const urls: Array<{ loc: string; lastmod?: string }> = [
    ...PAGES.map((p) => ({ loc: p, lastmod: p === '/' || p === '/products' ? newest : undefined })),
    ...categories.map((c) => ({ loc: `/products?category=${encodeURIComponent(c.slug)}`, lastmod: day(c.updatedAt) })),
    ...products.map((p) => ({ loc: `/products/${encodeURIComponent(p.slug)}`, lastmod: day(p.updatedAt) })),
  ];
  const body = urls
    .map((u) => `  <url><loc>${xmlText(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
