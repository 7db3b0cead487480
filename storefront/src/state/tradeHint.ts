// A member of an approved company carries the server's hint cookie (vs_trade, set at
// sign-in, platform/http/tradeHint). The server leaves a member's pages to the browser
// (modules/storefront/pages); should a guest's rendered page reach a member all the same (a proxy's
// cache, an instance of the previous release behind the balancer during a deploy), the app does
// not hydrate its data: it renders afresh and the pages ask the API for the member's prices.
import type { PagePayload } from '@domain/storefrontPages';

export const TRADE_HINT_COOKIE = 'vs_trade';

export function hasTradeHint(cookie: string = typeof document !== 'undefined' ? document.cookie : ''): boolean {
  return cookie.split(';').some((c) => c.trim().startsWith(`${TRADE_HINT_COOKIE}=`) && c.trim().length > TRADE_HINT_COOKIE.length + 1);
}

/** The payload without what carries guests' prices (products, the product, the featured ones). */
export function withoutGuestPrices(payload: PagePayload): PagePayload {
  const { products, product, featured, ...rest } = payload;
  return rest as PagePayload;
}
