// The data a server-rendered page needs, read once from the services (no HTTP to ourselves),
// in exactly the shapes the API gives the browser: the page hydrates from it without asking again.
import { HttpError } from '../../platform/http/errors';
import { shopProducts } from '../catalogue';
import { publicSettings } from '../settings';
import { findProduct, forVisitor, maySee, productView, salesPolicy, SHOPPER } from '../catalogue';
import { listCategories, resolveCategory } from '../catalogue';
import { listedShops } from '../trade';
import type { CatalogueQuery, PageNeeds, PagePayload } from '@domain/storefrontPages';

/** A query as the API reads it from a URL: strings. */
function asQuery(q: CatalogueQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The list, or undefined when the query is one the API refuses (the page then asks and shows why). */
async function listOrNothing(q: CatalogueQuery) {
  try {
    return await shopProducts(asQuery(q));
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return undefined;
    throw err;
  }
}

async function shownProduct(slug: string) {
  try {
    const product = await findProduct(slug);
    // What a shopper may not see does not exist for them, and what they may not buy in the sales
    // mode has no price for them (catalogue/visibility): pages are a guest's, kept for everyone.
    const sales = await salesPolicy();
    return maySee(product, SHOPPER, sales) ? forVisitor(await productView(product), SHOPPER, sales) : null;
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}

export async function loadPageData(
  needs: Extract<PageNeeds, { render: 'server' }>,
  url: string,
  origin: string,
): Promise<{ status: number; payload: PagePayload }> {
  const [settings, featured, products, categories, product, shops] = await Promise.all([
    publicSettings(),
    needs.featured ? listOrNothing(needs.featured) : undefined,
    needs.products ? listOrNothing(needs.products) : undefined,
    needs.categories ? listCategories(true) : undefined,
    needs.product !== undefined ? shownProduct(needs.product) : undefined,
    needs.whereToBuy ? listedShops() : undefined,
  ]);
  let status = needs.notFound ? 404 : 200;
  if (needs.product !== undefined && !product) status = 404;
  if (needs.products?.category && !(await resolveCategory(needs.products.category))) status = 404;
  const payload: PagePayload = {
    url,
    origin,
    settings,
    ...(featured ? { featured: featured.products } : {}),
    ...(products ? { products } : {}),
    ...(categories ? { categories: categories as unknown as PagePayload['categories'] } : {}),
    ...(needs.product !== undefined ? { product } : {}),
    ...(shops ? { whereToBuy: { shops } } : {}),
  };
  // Through JSON, as the browser will read it (dates as text, models as their answers).
  return { status, payload: JSON.parse(JSON.stringify(payload)) as PagePayload };
}
