// Money rules shared by the server and both front ends. The database keeps integer minor units
// (stotinki or euro cents) of the shop's currency of account; the API carries decimal amounts
// with two places. Prices include 20% VAT.

export const CURRENCIES = ['BGN', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The default currency of account (until the one-way switch to the euro). */
export const CURRENCY: Currency = 'BGN';
export const LOCALE = 'bg-BG';
/** Fixed conversion rate at Bulgaria's adoption of the euro on 2026-01-01. */
export const BGN_PER_EUR = 1.95583;
/** The same rate as an integer ratio (BGN_PER_EUR = RATE_BGN / RATE_EUR), for exact arithmetic. */
const RATE_BGN = 195583;
const RATE_EUR = 100000;
/** Dual display (both currencies side by side) is the default until the end of this day. */
export const DUAL_DISPLAY_UNTIL = '2026-12-31';
export const VAT_RATE = 0.2;

/** The day (YYYY-MM-DD) in Sofia. */
/** Made once: building a DateTimeFormat costs far more than using one (it ran on every order). */
const SOFIA_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Sofia', year: 'numeric', month: '2-digit', day: '2-digit' });

export function sofiaDay(at: Date = new Date()): string {
  return SOFIA_DAY.format(at);
}

/** Dual display is on by default until DUAL_DISPLAY_UNTIL (inclusive, Sofia time), off after. */
export function dualDisplayByDefault(at: Date = new Date()): boolean {
  return sofiaDay(at) <= DUAL_DISPLAY_UNTIL;
}

export function isCurrency(value: unknown): value is Currency {
  return value === 'BGN' || value === 'EUR';
}

export function otherCurrency(currency: Currency): Currency {
  return currency === 'BGN' ? 'EUR' : 'BGN';
}

/** Decimal amount (e.g. 12.5) to integer minor units (1250). Rounds half away from zero. */
export function toMinor(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON * 100);
}

/** Integer minor units to a decimal amount with at most two places. */
export function fromMinor(minor: number | null | undefined): number | null {
  if (minor === null || minor === undefined) return null;
  return Math.round(Number(minor)) / 100;
}

/** numerator / denominator rounded half away from zero, in exact integer arithmetic. */
function divideHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator);
  const n = BigInt(Math.abs(numerator));
  const d = BigInt(denominator);
  const q = n / d;
  const r = n - q * d;
  return sign * Number(2n * r >= d ? q + 1n : q);
}

/**
 * Minor units in one currency to minor units in the other at the fixed rate, rounded half-up
 * to the cent: 2790 stotinki → 1427 euro cents; 1 stotinka → 1 cent.
 */
export function convertMinor(minor: number, from: Currency, to: Currency): number {
  if (from === to) return minor;
  return from === 'BGN' ? divideHalfUp(minor * RATE_EUR, RATE_BGN) : divideHalfUp(minor * RATE_BGN, RATE_EUR);
}

/**
 * A decimal amount in one currency to the other, rounded half-up to the cent. Takes up to five
 * decimal places of the amount into account (1,95583 лв. → 1,00 €).
 */
export function convertAmount(amount: number, from: Currency, to: Currency): number {
  if (from === to) return amount;
  const hundredThousandths = Math.round(amount * 100000);
  const cents =
    from === 'BGN' ? divideHalfUp(hundredThousandths * 100, RATE_BGN) : divideHalfUp(hundredThousandths * RATE_BGN, RATE_EUR * 1000);
  return cents / 100;
}

export function bgnToEur(amountBgn: number): number {
  return convertAmount(amountBgn, 'BGN', 'EUR');
}

const formatters = new Map<string, Intl.NumberFormat>();
/** Amounts already written, by currency and amount: a shop writes the same prices over and over
 *  (lines, totals, notices, mails), and ICU's formatting costs more than looking one up. */
const written = new Map<string, string>();
const WRITTEN_MAX = 5000;
/** An amount in bg-BG format with its currency: "27,90 лв.", "14,27 €". */
export function formatMoney(amount: number, currency: Currency | string = CURRENCY): string {
  // -0 is written with its sign by ICU, and would otherwise share 0's key.
  const key = Object.is(amount, -0) ? `${currency} -0` : `${currency} ${amount}`;
  const known = written.get(key);
  if (known !== undefined) return known;
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    formatters.set(currency, f);
  }
  const text = f.format(amount);
  if (written.size >= WRITTEN_MAX) written.clear();
  written.set(key, text);
  return text;
}

/**
 * An amount in its own currency first and, while dual display is on, the other currency beside
 * it at the fixed rate: "14,27 € / 27,90 лв.".
 */
export function formatDual(amount: number, currency: Currency, dual: boolean): string {
  const own = formatMoney(amount, currency);
  if (!dual) return own;
  const other = otherCurrency(currency);
  return `${own} / ${formatMoney(convertAmount(amount, currency, other), other)}`;
}

/** The longest text parseMoneyInput reads ("1 000 000,00 лв." with room for spaces). */
const MONEY_TEXT_MAX = 40;

/**
 * Money typed by a person, Bulgarian style or not: "29,90", "29.90", "29", "1 299,90",
 * "29,9 лв." → 29.9. Anything it cannot read for certain (letters, two separators, three
 * decimals, a sign) is null: the form refuses it instead of guessing.
 */
export function parseMoneyInput(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? Math.round(text * 100) / 100 : null;
  // No amount is this long; and no pattern below runs over more (`\s*` before the unit
  // retried every space of a long run, quadratic in it).
  if (typeof text !== 'string' || text.length > MONEY_TEXT_MAX) return null;
  let cleaned = text.trim();
  const unit = /(?:лв\.?|bgn|eur|€)$/i.exec(cleaned);
  if (unit) cleaned = cleaned.slice(0, unit.index);
  cleaned = cleaned.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  const amount = Number(`${m[1]}.${(m[2] ?? '0').padEnd(2, '0')}`);
  return Number.isFinite(amount) ? amount : null;
}

/** VAT contained in a VAT-inclusive amount. */
export function vatIncluded(grossMinor: number): number {
  return Math.round(grossMinor - grossMinor / (1 + VAT_RATE));
}
