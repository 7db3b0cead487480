// The early caches (platform/cache/answerCache servePublicCache, the storefront's page cache) answer
// before sessions are read, with what a guest may see. A member of a trade company sees other
// prices, so their browser carries this hint and those caches step aside for it: the request goes
// through authentication to the routes, which answer by the member's price list. The hint only
// decides where an answer comes from, never what it may contain: a forged one costs the forger the
// cache, and a bearer-token request never uses the early caches anyway.
import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'koa';

export const TRADE_HINT_COOKIE = 'vs_trade';

/** Whether the early caches must let this request through to the routes. */
export function skipsGuestCaches(ctx: Context): boolean {
  return Boolean(ctx.get('authorization')) || Boolean(ctx.cookies.get(TRADE_HINT_COOKIE));
}

/** The same question asked of the raw headers before Koa (the front door): any hint at all, signed
 *  or not, sends the request on to where `skipsGuestCaches` decides. */
export function mayCarryTradeHint(headers: IncomingHttpHeaders): boolean {
  return Boolean(headers.authorization) || (headers.cookie?.includes(`${TRADE_HINT_COOKIE}=`) ?? false);
}
