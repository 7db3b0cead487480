// Secrets the server must read back (the TOTP seeds of two-factor sign-in) are stored sealed
// with AES-256-GCM, under a key derived (HKDF-SHA-256) from the app keys (APP_KEYS): a copy
// of the database alone does not give away anyone's second factor. Sealed with the first key,
// opened with any of them, so keys can be rotated by putting the new one first. A value
// written before sealing existed (no prefix) is read as it is.
import crypto from 'node:crypto';

const PREFIX = 'enc1:';
const keys = new Map<string, Buffer>();

function keyFrom(appKey: string): Buffer {
  let key = keys.get(appKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', appKey, 'vapsolo-secret-box', 'two-factor-secret', 32));
    keys.set(appKey, key);
  }
  return key;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealSecret(appKeys: readonly string[], plain: string): string {
  if (!appKeys.length) throw new Error('no app key to seal a secret with');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(appKeys[0]), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** The plain secret; a value stored before sealing as it is; null when no key opens it. */
export function openSecret(appKeys: readonly string[], stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, sealed] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !sealed) return null;
  for (const appKey of appKeys) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(appKey), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      // not this key: try the next
    }
  }
  return null;
}
