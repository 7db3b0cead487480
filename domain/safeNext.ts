// Where the sign-in page may send the person afterwards (`/signin?next=…`): a path on this shop
// only. One rule for the storefront's sign-in page and anything on the server that follows
// `next`, so an open redirect cannot hide in one of them.

const BASE = 'http://shop.invalid';
/** Longer than any page of the shop with its filters. */
export const NEXT_MAX = 2000;

/**
 * `next` as a path (with its query and fragment) on this shop, or null. Refused: anything not
 * starting with one `/`, control characters (tabs and newlines a browser drops), backslashes (a
 * browser reads `/\host` as `//host`), and whatever resolves to another origin or to a path that
 * starts with `//` once dot segments go (`/.//evil.example`) or once decoded (`/%2F%2Fevil`).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > NEXT_MAX || !raw.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
  if (decoded.startsWith('//') || /[\u0000-\u001f\u007f-\u009f\\]/.test(decoded)) return null;
  // Decoded, the path must resolve to itself: `/%2E%2E//host` and the like are refused too.
  if (new URL(decoded, BASE).origin !== BASE || new URL(decoded, BASE).pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}
