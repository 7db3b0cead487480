// The signing of cookies (the session's `sid.sig`), as Keygrip does it (HMAC-SHA1, base64url, the
// first key signs, any key verifies) so existing cookies stay valid, but cheaper on the request
// path: Koa builds a new Keygrip per request from an array, and Keygrip compares with two extra
// HMACs and random bytes. Here the signature of a value already seen is kept, and compared in
// constant time.
import crypto from 'node:crypto';

const KEPT_MAX = 20_000;

export class CookieKeys {
  private kept = new Map<string, string>();

  constructor(private keys: string[]) {
    if (!keys.length) throw new Error('Cookie keys must be provided.');
  }

  private signWith(data: string, key: string): string {
    return crypto.createHmac('sha1', key).update(data).digest('base64url');
  }

  sign(data: string): string {
    let signature = this.kept.get(data);
    if (!signature) {
      signature = this.signWith(data, this.keys[0]);
      if (this.kept.size >= KEPT_MAX) this.kept.clear();
      this.kept.set(data, signature);
    }
    return signature;
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key made this signature, or -1. */
  index(data: string, digest: string): number {
    if (typeof digest !== 'string') return -1;
    if (same(digest, this.sign(data))) return 0;
    for (let i = 1; i < this.keys.length; i++) if (same(digest, this.signWith(data, this.keys[i]))) return i;
    return -1;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
