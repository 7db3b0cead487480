// One customer's e-mail, as the per-customer limits of discount codes and the caps on e-mails
// see it: the variants that reach the same mailbox count as one address.

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Trimmed and lower-cased; a `+tag` after the name removed; the domain's trailing dot removed;
 * for Gmail (gmail.com and googlemail.com, which are one service) the dots in the name ignored
 * and the domain written gmail.com. Not an address to send to: a key to count by.
 */
export function normalizeEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
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
