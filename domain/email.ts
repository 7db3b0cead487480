// One customer's e-mail, as the per-customer limits of discount codes and the caps on e-mails
// see it: the variants that reach the same mailbox count as one address.
import { EMAIL_MAX, EMAIL_PATTERN } from './limits';

/** A bare address the shop accepts (what the schemas' `email` field checks, trimmed): the length
 *  is checked before the pattern, so the pattern only ever sees EMAIL_MAX characters. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Trimmed and lower-cased; a `+tag` after the name removed; the domain's trailing dot removed;
 * for Gmail (gmail.com and googlemail.com, which are one service) the dots in the name ignored
 * and the domain written gmail.com. Not an address to send to: a key to count by.
 */
export function normalizeEmailKey(email: string): string {
  // The forms a mailer also delivers (`Name <me@x.bg>`, `"me"@x.bg`) are refused by the schemas;
  // should one come from elsewhere (an old row), it still counts as its bare address.
  let lower = email.trim().toLowerCase();
  const angle = /<([^<>]*)>\s*$/.exec(lower);
  if (angle) lower = angle[1].trim();
  lower = lower.replace(/"/g, '');
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
