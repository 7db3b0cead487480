// The guest cart in the `cart` cookie (spec §4): a JSON list of lines, kept 7 days, line ids
// made from the current time, no attribute read-outs.
import { CART_COOKIE, CART_COOKIE_DAYS } from '../../../domain/limits';
import type { CartLine } from '../../../domain/api';

export function readCartCookie(): CartLine[] {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
  if (!raw) return [];
  try {
    const value = JSON.parse(decodeURIComponent(raw));
    return Array.isArray(value) ? value.filter(isLine) : [];
  } catch {
    return [];
  }
}

function isLine(l: unknown): l is CartLine {
  const x = l as CartLine;
  return !!x && typeof x === 'object' && Number.isInteger(x.productId) && Number.isInteger(x.quantity) && x.quantity > 0;
}

export function writeCartCookie(lines: CartLine[]) {
  const stored = lines.map((l) => ({
    id: l.id,
    productId: l.productId,
    variantId: l.variantId ?? null,
    quantity: l.quantity,
    personalization: l.personalization ?? '',
    attributes: (l.attributes ?? []).map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
  }));
  const maxAge = CART_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${CART_COOKIE}=${encodeURIComponent(JSON.stringify(stored))}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function removeCartCookie() {
  document.cookie = `${CART_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Lines are the same when product, variant, chosen values and personalization match. */
export function sameLine(a: Pick<CartLine, 'productId' | 'variantId' | 'attributes' | 'personalization'>, b: typeof a): boolean {
  const values = (l: typeof a) => l.attributes.map((x) => x.attributeValueId).sort((m, n) => m - n).join(',');
  return a.productId === b.productId && (a.variantId ?? null) === (b.variantId ?? null) && values(a) === values(b) && (a.personalization ?? '').trim() === (b.personalization ?? '').trim();
}

let lastId = 0;
/** A guest line id from the current time, unique even for two adds in the same millisecond. */
export function newLineId(): number {
  lastId = Math.max(Date.now(), lastId + 1);
  return lastId;
}

export function cartCount(lines: Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
