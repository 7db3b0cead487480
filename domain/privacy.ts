// Privacy: what an erased record looks like, how long personal data is kept, and
// how an e-mail is named in the audit log. Pure: the server (modules/privacy) and the admin use it.

/** Erased e-mails end here: `.invalid` is reserved (RFC 2606), so no mail can ever go there. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
/** What an anonymised order or contact message keeps instead of the e-mail it had. */
export const ERASED_EMAIL = `erased@${ERASED_EMAIL_DOMAIN}`;

/** A closed account's e-mail: unique (the column is), unusable, and free for a new sign-up. */
export function closedAccountEmail(userId: number, nonce: string): string {
  return `closed-${userId}-${nonce}@${ERASED_EMAIL_DOMAIN}`;
}

export function isErasedEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

/** Orders' personal data is kept this many years by default: the accounting period (ЗСч чл. 12). */
export const ORDER_RETENTION_YEARS_DEFAULT = 10;
/** Messages from the contact form: long enough to answer and follow up a distributor. */
export const CONTACT_RETENTION_YEARS_DEFAULT = 2;
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 50;
/** The retention job runs this often (and once shortly after start). */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60_000;

/** The moment before which records are past their retention: `years` whole years before `now`. */
export function retentionCutoff(now: Date, years: number): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString();
}

/** An address as staff may see it in the audit log: first letter and the domain's last part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = email.slice(at + 1);
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${email[0]}***@***${tld}`;
}

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;
export type PersonalDataFormat = (typeof PERSONAL_DATA_FORMATS)[number];
