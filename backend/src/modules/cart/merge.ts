// At sign-in, the guest's cookie cart (the `cart` cookie: a JSON list of lines, written
// by the storefront) joins the user's server cart: the same line adds up, capped at the stock;
// lines the catalogue refuses are dropped without a word (the shopper signed in, they did not
// ask to check an old cookie). The cookie is then expired. Nothing here may fail the sign-in.
import type { Context } from 'koa';
import type { Transaction } from 'objection';
import { CartItem } from '../../models/CartItem';
import { Product } from '../../models/Product';
import { salesPolicy, SHOPPER, visibleToShoppers, type Visitor } from '../catalogue';
import { HttpError } from '../../platform/http/errors';
import { CART_COOKIE, CART_LINES_MAX, QUANTITY_MAX } from '@domain/limits';
import { CART_COOKIE_MAX_LINES, guestCartLine, parseCartCookieList } from '@domain/cartCookie';
import { lineKey, resolveLines, LineInput, ResolvedLine } from './lines';
import { cartLinesOf } from './store';
import { cartView, insertLine, CartLineView } from './service';

/** Lines of one cookie that are looked at; the rest is ignored. */
export const GUEST_CART_MAX_LINES = CART_COOKIE_MAX_LINES;

/** The cookie's lines (compact or old format, URL-encoded or not), or [] when it is not a JSON
 *  list. The format is domain/cartCookie's, which the storefront writes. */
export function parseGuestCart(raw: string | undefined | null): unknown[] {
  return parseCartCookieList(raw);
}

/** One cookie line (either format) as a LineInput, or null when it is not even shaped like one. */
export function guestLine(raw: unknown): LineInput | null {
  const line = guestCartLine(raw, 0);
  if (!line) return null;
  const { productId, variantId, attributes, personalization, quantity } = line;
  return { productId, variantId, attributes, personalization, quantity };
}

/**
 * The lines resolveLines accepts (stock aside), the others dropped. resolveLines stops at the
 * first bad line and names it in `errors` ("<index>.<field>"): drop it and try the rest again.
 * Unknown or inactive products are filtered first, as that refusal names no line.
 */
async function acceptedLines(lines: LineInput[], trx: Transaction, visitor: Visitor): Promise<ResolvedLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  // What the account may buy joins its cart (in trade_only a regulated product only for a member of
  // an approved company: the sign-in's trade step has put their terms on ctx.state.visitor).
  const sales = await salesPolicy(trx);
  const onSale = new Set(
    productIds.length
      ? (await visibleToShoppers(Product.query(trx).select('id').whereIn('id', productIds), visitor, sales)).map((p) => p.id)
      : [],
  );
  const pending = lines.filter((l) => onSale.has(l.productId));
  while (pending.length) {
    try {
      return await resolveLines(pending, trx, { checkStock: false, path: (i) => String(i), visitor });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      const bad = Object.keys(err.errors ?? {})
        .map((k) => Number(k.split('.')[0]))
        .find((i) => Number.isInteger(i) && i < pending.length);
      if (bad === undefined) return oneByOne(pending, trx, visitor);
      pending.splice(bad, 1);
    }
  }
  return [];
}

async function oneByOne(lines: LineInput[], trx: Transaction, visitor: Visitor): Promise<ResolvedLine[]> {
  const out: ResolvedLine[] = [];
  for (const line of lines) {
    try {
      out.push(...(await resolveLines([line], trx, { checkStock: false, visitor })));
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
    }
  }
  return out;
}

/** Merges cookie lines into the user's server cart; answers how many lines were taken in. */
export async function mergeGuestLines(userId: number, rawLines: unknown[], trx: Transaction, visitor: Visitor = SHOPPER): Promise<number> {
  const inputs = rawLines
    .slice(0, GUEST_CART_MAX_LINES)
    .map(guestLine)
    .filter((l): l is LineInput => l !== null);
  if (!inputs.length) return 0;
  const resolved = await acceptedLines(inputs, trx, visitor);

  // The same line twice in the cookie counts once, with both quantities.
  const wanted = new Map<string, ResolvedLine>();
  for (const line of resolved) {
    const key = lineKey(line);
    const seen = wanted.get(key);
    wanted.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }

  const existing = new Map((await cartLinesOf(userId, trx)).map((l) => [lineKey(l), l]));
  // New lines only while the cart has room (CART_LINES_MAX); the others are left out.
  let lineCount = existing.size;
  let merged = 0;
  for (const [key, line] of wanted) {
    const cap = Math.min(line.stock ?? QUANTITY_MAX, QUANTITY_MAX);
    const have = existing.get(key);
    if (have) {
      // Never lower what the user already had in the cart, even if the stock has fallen since.
      const quantity = Math.max(have.quantity, Math.min(have.quantity + line.quantity, cap));
      if (quantity !== have.quantity)
        await CartItem.query(trx)
          .patch({ quantity } as Partial<CartItem>)
          .where({ id: have.id, userId });
      merged++;
    } else {
      const quantity = Math.min(line.quantity, cap);
      if (quantity < 1) continue; // sold out: nothing to keep
      if (lineCount >= CART_LINES_MAX) continue;
      await insertLine(userId, line, quantity, trx);
      lineCount++;
      merged++;
    }
  }
  return merged;
}

/**
 * For the login handler, after the session is the user's: merges the guest cookie cart (if
 * any) and expires the cookie. Answers `{ cartItems }` to spread into the login answer, or {}
 * when there was no cookie cart. Never throws: a failed merge is logged and the cookie left for
 * the next sign-in.
 */
export async function mergeGuestCartAtSignIn(ctx: Context, userId: number): Promise<{ cartItems?: CartLineView[] }> {
  try {
    const raw = ctx.cookies.get(CART_COOKIE, { signed: false });
    if (raw === undefined) return {};
    const lines = parseGuestCart(raw);
    const view = await CartItem.transaction(async (trx) => {
      const visitor = (ctx.state.visitor as Visitor | undefined) ?? SHOPPER;
      await mergeGuestLines(userId, lines, trx, visitor);
      return cartView(userId, trx, visitor);
    });
    // The storefront reads this cookie, so it is not httpOnly; expiring it needs the same path.
    ctx.cookies.set(CART_COOKIE, null, { path: '/', httpOnly: false, signed: false, sameSite: 'lax', overwrite: true });
    return { cartItems: view.cartItems };
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', event: 'cart-merge-failed', userId, error: String((err as Error)?.stack || err) }));
    return {};
  }
}
