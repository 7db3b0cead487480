// The guest cart in the `cart` cookie: a JSON list of lines, kept 7 days. Written by the
// storefront, read by the storefront and by the server (merge at sign-in), so the format lives
// here once.
//
// A browser keeps at most ~4096 bytes of `name=value` per cookie and silently drops a bigger
// one, and every Cyrillic character of an inscription costs 6 bytes there (%D0%B0). So each
// line is a compact JSON tuple instead of an object with long keys:
//   [id, productId, variantId (0 = none), quantity, [attributeId, valueId, …], "inscription"]
// (the last two left out when empty), and the value is URL-encoded only where a cookie needs it.
// The old format (a list of { id, productId, variantId, quantity, personalization, attributes })
// is still read.

export interface GuestCartLine {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  personalization: string;
  attributes: Array<{ attributeId: number; attributeValueId: number }>;
}

/** Bytes of `cart=<value>` we allow ourselves: under the browsers' 4096 with a margin. */
export const CART_COOKIE_MAX_BYTES = 3800;

/** Lines of one cookie that are looked at; the rest is ignored. */
export const CART_COOKIE_MAX_LINES = 100;
const ATTRIBUTES_MAX = 50;

type Tuple = [number, number, number, number, number[]?, string?];

function toTuple(l: GuestCartLine): Tuple {
  const t: Tuple = [l.id, l.productId, l.variantId ?? 0, l.quantity];
  const flat = l.attributes.flatMap((a) => [a.attributeId, a.attributeValueId]);
  const text = (l.personalization ?? '').trim();
  if (flat.length || text) t.push(flat);
  if (text) t.push(text);
  return t;
}

/** The cookie's value (no name): JSON, URL-encoded, with the characters a cookie value may
 *  hold as they are ({}[]: and the like), so only quotes, commas and non-ASCII cost 3 bytes. */
export function encodeCartCookie(lines: GuestCartLine[]): string {
  return encodeURIComponent(JSON.stringify(lines.map(toTuple))).replace(/%(5B|5D|7B|7D|3A|40|2F|3F|24|26|2B|3D)/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** What the browser stores for `name=value`, in bytes (the value is ASCII after encoding). */
export function cartCookieBytes(lines: GuestCartLine[], name = 'cart'): number {
  return name.length + 1 + encodeCartCookie(lines).length;
}

export function cartCookieFits(lines: GuestCartLine[], name = 'cart'): boolean {
  return cartCookieBytes(lines, name) <= CART_COOKIE_MAX_BYTES;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function positiveInt(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** One stored line (either format) checked for shape, or null. Ids of old lines are kept. */
export function guestCartLine(raw: unknown, fallbackId: number): GuestCartLine | null {
  if (Array.isArray(raw)) {
    const [id, productId, variantId, quantity, flat, text] = raw as unknown[];
    const p = positiveInt(productId);
    const q = positiveInt(quantity);
    if (!p || !q) return null;
    const v = variantId === 0 || variantId === null || variantId === undefined ? null : positiveInt(variantId);
    if (v === undefined) return null;
    if (flat !== undefined && (!Array.isArray(flat) || flat.length % 2 || flat.length > ATTRIBUTES_MAX * 2)) return null;
    const attributes: GuestCartLine['attributes'] = [];
    for (let i = 0; flat && i < flat.length; i += 2) {
      const attributeId = positiveInt(flat[i]);
      const attributeValueId = positiveInt(flat[i + 1]);
      if (!attributeId || !attributeValueId) return null;
      attributes.push({ attributeId, attributeValueId });
    }
    if (text !== undefined && typeof text !== 'string') return null;
    return { id: positiveInt(id) ?? fallbackId, productId: p, variantId: v, quantity: q, personalization: (text ?? '').trim(), attributes };
  }
  if (!isObject(raw)) return null;
  const productId = positiveInt(raw.productId);
  if (!productId) return null;
  let variantId: number | null = null;
  if (raw.variantId !== undefined && raw.variantId !== null && raw.variantId !== '' && raw.variantId !== 0) {
    const id = positiveInt(raw.variantId);
    if (!id) return null;
    variantId = id;
  }
  const quantity = raw.quantity === undefined ? 1 : positiveInt(raw.quantity);
  if (!quantity) return null;
  let personalization = '';
  if (typeof raw.personalization === 'string') personalization = raw.personalization.trim();
  else if (raw.personalization !== undefined && raw.personalization !== null) return null;
  const attributes: GuestCartLine['attributes'] = [];
  if (raw.attributes !== undefined && raw.attributes !== null) {
    if (!Array.isArray(raw.attributes) || raw.attributes.length > ATTRIBUTES_MAX) return null;
    for (const a of raw.attributes) {
      const attributeId = isObject(a) ? positiveInt(a.attributeId) : undefined;
      const attributeValueId = isObject(a) ? positiveInt(a.attributeValueId) : undefined;
      if (!attributeId || !attributeValueId) return null;
      attributes.push({ attributeId, attributeValueId });
    }
  }
  return { id: positiveInt(raw.id) ?? fallbackId, productId, variantId, quantity, personalization, attributes };
}

/** The cookie's raw list (either format, URL-encoded or not), or [] when it is not a JSON list. */
export function parseCartCookieList(raw: string | undefined | null): unknown[] {
  if (!raw) return [];
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // not URL-encoded: parse it as it is
  }
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.slice(0, CART_COOKIE_MAX_LINES) : [];
  } catch {
    return [];
  }
}

/** The cookie's lines, well-shaped ones only. */
export function decodeCartCookie(raw: string | undefined | null): GuestCartLine[] {
  const out: GuestCartLine[] = [];
  parseCartCookieList(raw).forEach((item, i) => {
    const line = guestCartLine(item, i + 1);
    if (line) out.push(line);
  });
  return out;
}

/** A new line's id, made from the current time, above every id in the cart so two
 *  adds in the same millisecond still differ. */
export function nextGuestLineId(lines: Array<{ id: number }>, now = Date.now()): number {
  return Math.max(now, lines.reduce((max, l) => Math.max(max, l.id), 0) + 1);
}
