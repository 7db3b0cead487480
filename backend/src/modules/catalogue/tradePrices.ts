// A member's prices: each variant's trade price ladder (net, minor units) by the company's price list
// (domain/trade tradePriceTiers: from 1 unit the list's fixed net price, else the retail net less its
// discount; from more units the list's quantity breaks), and what a line pays by its quantity
// (tradeUnitPriceAt). Without a price list a member buys at the retail net price. The one source for
// product answers, the cart, the quote and the order (and so the invoice).
import type { Transaction } from 'objection';
import { PriceList } from '../../models/PriceList';
import { PriceListPrice } from '../../models/PriceListPrice';
import { tradePriceTiers, tradeUnitPriceAt, type TradeTerms, type TradeTier } from '@domain/trade';
import { fromMinor, toMinor } from '@domain/money';
import type { ApiProduct } from '@domain/api';
import type { Knex } from 'knex';
import { AnswerCache, type Start } from '../../platform/cache/answerCache';
import { attachCache, attachedCache } from '../../platform/cache/attached';
import { deletesFrom, tables, type TableWrites } from '../../platform/cache/tableWrites';
import { KeptMap } from '../../platform/cache/keptMap';
import { SESSION_COOKIE } from '../../platform/http/session';
import { TRADE_HINT_COOKIE } from '../../platform/http/tradeHint';
import type { Context, Next } from 'koa';
import { CATALOGUE_TABLES } from './facts';
import { overlayStock } from './stockOverlay';
import type { Visitor } from './visibility';
import { SHOP_VAT_PERCENT } from '@domain/pricing';

export interface PricedVariant {
  variantId: number;
  /** The retail unit price with VAT (the variant's price, else the product's), minor units. */
  retailGross: number;
}

/** A line to price: its variant and how many units of it. */
export interface PricedLine extends PricedVariant {
  quantity: number;
}

/** Each variant's trade price ladder (net, minor units) by the price list (null: none), by variant id:
 *  two queries for any number of variants. */
export async function tradeTiers(
  priceListId: number | null,
  variants: readonly PricedVariant[],
  trx?: Transaction,
): Promise<Map<number, TradeTier[]>> {
  const list = priceListId ? await PriceList.query(trx).findById(priceListId) : undefined;
  const rows = new Map<number, TradeTier[]>();
  const ids = [...new Set(variants.map((v) => v.variantId))];
  if (list && ids.length) {
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await PriceListPrice.query(trx)
        .where('priceListId', list.id)
        .whereIn('variantId', ids.slice(i, i + 500))
        .select('variantId', 'minQuantity', 'netPrice')) {
        const own = rows.get(r.variantId) ?? [];
        own.push({ minQuantity: r.minQuantity, netPrice: r.netPrice });
        rows.set(r.variantId, own);
      }
  }
  const out = new Map<number, TradeTier[]>();
  for (const v of variants)
    out.set(v.variantId, tradePriceTiers(v.retailGross, SHOP_VAT_PERCENT, list?.discountBp ?? 0, rows.get(v.variantId)));
  return out;
}

/** Each line's trade unit price (net, minor units) by its quantity, in the lines' order. */
export async function tradeUnitPrices(priceListId: number | null, lines: readonly PricedLine[], trx?: Transaction): Promise<number[]> {
  const tiers = await tradeTiers(priceListId, lines, trx);
  return lines.map((l) => tradeUnitPriceAt(tiers.get(l.variantId)!, l.quantity));
}

/** Product answers as a member of an approved company sees them: each variant's trade price (net,
 *  per unit, from one unit) with its ladder of quantity breaks (`tradeTiers`, the first from 1), and
 *  the product's for its first variant, marked `pricesInclude: 'net'`. A step of its own over the
 *  view, so the sales mode's price hiding composes with it. Priced in one batch. */
export async function withTradePrices<P extends ApiProduct>(
  products: P[],
  terms: Pick<TradeTerms, 'priceListId'>,
  trx?: Transaction,
): Promise<P[]> {
  const variants = products.flatMap((p) => p.variants.map((v) => ({ variantId: v.id, retailGross: toMinor(v.price) })));
  const ladders = await tradeTiers(terms.priceListId, variants, trx);
  return products.map((p) => {
    // A price the sales mode hid from this visitor (none given) stays hidden.
    const priced = p.variants.map((v) => {
      const ladder = ladders.get(v.id);
      if (!ladder || v.price === null || v.price === undefined) return v;
      const tiers = ladder.map((t) => ({ minQuantity: t.minQuantity, netPrice: fromMinor(t.netPrice)! }));
      return { ...v, tradePrice: tiers[0].netPrice, tradeTiers: tiers };
    });
    return { ...p, variants: priced, tradePrice: priced[0]?.tradePrice, tradeTiers: priced[0]?.tradeTiers, pricesInclude: 'net' as const };
  });
}

/** A member's catalogue answers, kept per price list (never per person): the same URL answers the
 *  same for every member whose company has that list. Dropped on every write to the catalogue's
 *  tables and to the price lists, but for stock moves, whose figures are brought up to date in the
 *  kept answers (platform/cache/answerCache, catalogue/stockOverlay). */
export const MEMBER_ANSWERS = 'memberCatalogueAnswers';

/** Sessions known to be a member's: the session cookie (value and signature, as sent) → what their
 *  answers are kept under. */
const MEMBER_SESSIONS = 'memberSessions';

interface MemberSession {
  priceListId: number | null;
  staff: boolean;
  /** The session's end (ms): past it the session is gone and so is this. */
  expiresAt: number;
}

/** Install the caches of members' answers on this database, dropped by every write they are made of; and which
 *  sessions are members', dropped when a session ends (sign-out, here or on another instance; an
 *  expired one is refused by its own end time) or any user or company changes (suspended, another
 *  price list, a member removed). A session's user is set once, at sign-in, which starts a new
 *  session (auth regenerates it): a session's other saves leave this be. */
export function installMemberAnswersCache(knex: Knex, writes: TableWrites) {
  attachCache(
    knex,
    MEMBER_ANSWERS,
    new AnswerCache(2000, { overlay: overlayStock }).dropOn(writes, tables(...CATALOGUE_TABLES, 'price_lists', 'price_list_prices')),
  );
  const ended = deletesFrom('sessions');
  const people = tables('users', 'companies');
  attachCache(
    knex,
    MEMBER_SESSIONS,
    new KeptMap<string, MemberSession>({ max: 20_000 }).dropOn(writes, (w) => ended(w) || people(w)),
  );
}

const answerKey = (priceListId: number | null, staff: boolean, url: string) => `${priceListId ?? 0} ${staff ? 'staff' : 'member'} ${url}`;

/** The session cookie exactly as the browser sent it (value and signature), unverified: a key
 *  only a session the full chain once verified can have been kept under. */
function sessionCookieOf(ctx: Context): string | undefined {
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: false });
  const sig = ctx.cookies.get(`${SESSION_COOKIE}.sig`, { signed: false });
  return sid && sig ? `${sid}.${sig}` : undefined;
}

const MEMBER_PATH = /^\/api\/products(\/[^/]+)?$/;

/**
 * Early, before sessions and routing (like the guests' servePublicCache): a member's catalogue
 * answer straight from their price list's kept answers, when this very session cookie was
 * verified as a member's by the full chain before (rememberMemberSession) and nothing that
 * decides it changed since. Anything else goes on to the routes.
 */
export function serveMemberCatalogue(knex: Knex) {
  return async (ctx: Context, next: Next) => {
    if (
      ctx.method !== 'GET' ||
      !MEMBER_PATH.test(ctx.path) ||
      ctx.get('authorization') ||
      !ctx.cookies.get(TRADE_HINT_COOKIE, { signed: false })
    )
      return next();
    const cookie = sessionCookieOf(ctx);
    const sessions = attachedCache<KeptMap<string, MemberSession>>(knex, MEMBER_SESSIONS);
    const member = cookie ? sessions?.get(cookie) : undefined;
    const hit =
      member && member.expiresAt > Date.now()
        ? attachedCache<AnswerCache>(knex, MEMBER_ANSWERS)?.get(answerKey(member.priceListId, member.staff, ctx.url))
        : undefined;
    if (!hit) {
      // Taken before the session, the user and their company are read: what they decide is kept
      // only if none of them changed meanwhile.
      ctx.state.memberSessionsAt = sessions?.generation;
      return next();
    }
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = hit.body;
  };
}

/** After the full chain answered a member signed in by session: their session cookie, kept. */
function rememberMemberSession(ctx: Context, visitor: Visitor & { trade: TradeTerms }) {
  const generation = ctx.state.memberSessionsAt as number | undefined;
  if (ctx.state.authVia !== 'session' || generation === undefined) return;
  const cookie = sessionCookieOf(ctx);
  const expiresAt = Number((ctx.session as { _expire?: number } | null)?._expire ?? 0);
  const sessions = attachedCache<KeptMap<string, MemberSession>>(PriceList.knex(), MEMBER_SESSIONS);
  if (cookie && expiresAt && sessions)
    sessions.keep(cookie, { priceListId: visitor.trade.priceListId, staff: visitor.role === 'admin', expiresAt }, generation);
}

/**
 * A member's answer to the request's URL, serialised: from the price list's kept answers, else
 * computed and kept (unless a write happened meanwhile), once for every member asking meanwhile
 * (single flight). Staff who are members see previews others may not, so their answers are kept
 * apart. Their session is remembered as a member's, so their next request is answered early
 * (serveMemberCatalogue).
 */
export async function memberCatalogueAnswer(
  ctx: Context,
  visitor: Visitor & { trade: TradeTerms },
  compute: () => Promise<object>,
): Promise<Buffer> {
  rememberMemberSession(ctx, visitor);
  const cache = attachedCache<AnswerCache>(PriceList.knex(), MEMBER_ANSWERS);
  const key = answerKey(visitor.trade.priceListId, visitor.role === 'admin', ctx.url);
  if (!cache) return Buffer.from(JSON.stringify(await compute()));
  const hit = cache.get(key);
  if (hit) return hit.body;
  const computeAndKeep = async (start: Start) => {
    const body = Buffer.from(JSON.stringify(await compute()));
    return cache.make(key, start, body, { json: true }).entry;
  };
  const { entry } = await cache.shared(key, computeAndKeep);
  return (entry ?? (await computeAndKeep(cache.start())))!.body;
}
