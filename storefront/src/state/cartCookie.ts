// The guest cart in the `cart` cookie: a JSON list of lines, kept 7 days, in the
// compact format of domain/cartCookie (which the server reads too). A write that the browser
// would not keep (too big) is not made: writeCartCookie answers false and the caller says so.
import { CART_COOKIE, CART_COOKIE_DAYS } from '@domain/limits';
import { cartCookieFits, decodeCartCookie, encodeCartCookie, nextGuestLineId } from '@domain/cartCookie';
import type { CartLine } from '@domain/api';

function rawCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
}

export function readCartCookie(): CartLine[] {
  return decodeCartCookie(rawCookie());
}

function stored(lines: CartLine[]) {
  return lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    variantId: l.variantId ?? null,
    quantity: l.quantity,
    personalization: l.personalization ?? '',
    attributes: (l.attributes ?? []).map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
  }));
}

/** Whether these lines would fit in the cookie. */
export function cartFitsCookie(lines: CartLine[]): boolean {
  return cartCookieFits(stored(lines), CART_COOKIE);
}

/** Writes the lines; true only when they fit and the browser kept exactly them. */
export function writeCartCookie(lines: CartLine[]): boolean {
  if (!lines.length) {
    removeCartCookie();
    return true;
  }
  const list = stored(lines);
  if (!cartCookieFits(list, CART_COOKIE)) return false;
  const value = encodeCartCookie(list);
  const maxAge = CART_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${CART_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
  return rawCookie() === value;
}

export function removeCartCookie() {
  document.cookie = `${CART_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Lines are the same when product, variant, chosen values and personalization match. */
export function sameLine(a: Pick<CartLine, 'productId' | 'variantId' | 'attributes' | 'personalization'>, b: typeof a): boolean {
  const values = (l: typeof a) =>
    l.attributes
      .map((x) => x.attributeValueId)
      .sort((m, n) => m - n)
      .join(',');
  return (
    a.productId === b.productId &&
    (a.variantId ?? null) === (b.variantId ?? null) &&
    values(a) === values(b) &&
    (a.personalization ?? '').trim() === (b.personalization ?? '').trim()
  );
}

/** A new guest line's id: from the current time, above the others. */
export function newLineId(lines: Array<{ id: number }> = readCartCookie()): number {
  return nextGuestLineId(lines);
}

export function cartCount(lines: Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
