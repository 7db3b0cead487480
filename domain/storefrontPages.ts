// What the server renderer and the storefront agree on: which data a server-rendered
// page needs, and the payload it is rendered with and carries to the browser for hydration.
import type { ApiCategory, ListedProduct, PublicSettings, ShopProduct } from './api';

/** A catalogue query as GET /api/products takes it. */
export interface CatalogueQuery {
  page?: number;
  limit?: number;
  search?: string;
  category?: string;
  sort?: string;
  minPrice?: number;
  maxPrice?: number;
}

export interface ProductListAnswer {
  products: ListedProduct[];
  total: number;
  page: number;
  limit: number;
}

export type PageNeeds =
  | { render: 'client' }
  | {
      render: 'server';
      /** The home page's newest products. */
      featured?: CatalogueQuery;
      /** The shop list for the URL's filters and page. */
      products?: CatalogueQuery;
      categories?: boolean;
      /** The slug (or id) of /products/:slug. */
      product?: string;
      /** „Къде да купя“: the listed shops of approved trade customers. */
      whereToBuy?: boolean;
      /** No such page: the 404 page, with status 404. */
      notFound?: boolean;
      /** The page's code (its source file, as the build's manifest names it), preloaded. */
      chunk?: string;
    };

export interface PagePayload {
  /** The path and query the page was rendered for. */
  url: string;
  /** The shop's public address (PUBLIC_URL), for canonical and Open Graph URLs. */
  origin: string;
  settings: PublicSettings;
  featured?: ListedProduct[];
  products?: ProductListAnswer;
  categories?: ApiCategory[];
  /** The product of /products/:slug; null when there is none (404). */
  product?: ShopProduct | null;
  /** „Къде да купя“ (GET /api/where-to-buy's answer). */
  whereToBuy?: { shops: Array<{ name: string; city: string; address: string; phone: string }> };
}

/**
 * Link previews (Facebook, Messenger, Viber) show no SVG: the server draws an uploaded SVG as a
 * PNG at /og/<path>.png. The preview picture for an image URL (others are used as they are).
 */
export function previewImagePath(imageUrl: string): string {
  const m = /^\/uploads\/([\w-]+(?:\/[\w-]+)*)\.svg$/i.exec(imageUrl);
  return m ? `/og/${m[1]}.png` : imageUrl;
}
