// One Idempotency-Key per checkout attempt. The order button may be pressed again after an answer
// that never came (a phone between masts, a reload of the checkout page): the same key with the
// same order makes the server answer the order already placed instead of placing a second one.
// The key is kept for this browser session (sessionStorage, so a reload keeps it) together with
// what it was made for: an order that differs in anything — the cart, the quote, a field of the
// form — gets a new key (the server refuses a key sent with another order), and so does the next
// order once this one is placed.
const KEY = 'checkout-attempt';

interface Attempt {
  key: string;
  fingerprint: string;
}

/** A random UUID; `crypto.randomUUID` exists only on secure pages (HTTPS or localhost). */
function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function saved(): Attempt | null {
  try {
    const a = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return a && typeof a.key === 'string' && typeof a.fingerprint === 'string' ? a : null;
  } catch {
    return null;
  }
}

/** The key for this order: the attempt's own while the order is the same, else a new attempt. */
export function checkoutAttemptKey(order: unknown): string {
  const fingerprint = JSON.stringify(order);
  const attempt = saved();
  if (attempt && attempt.fingerprint === fingerprint) return attempt.key;
  const key = newKey();
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ key, fingerprint }));
  } catch {
    /* private mode: the key lives as long as this press */
  }
  return key;
}

/** The order is placed: the next one is a new attempt. */
export function endCheckoutAttempt(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
