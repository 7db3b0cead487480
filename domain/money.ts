// Money rules shared by the server and both front ends. The database keeps integer stotinki;
// the API carries decimal BGN with two places. Prices include 20% VAT.

export const CURRENCY = 'BGN';
export const LOCALE = 'bg-BG';
/** Fixed conversion rate at Bulgaria's adoption of the euro on 2026-01-01. */
export const BGN_PER_EUR = 1.95583;
export const VAT_RATE = 0.2;

/** Decimal amount (e.g. 12.5) to integer minor units (1250). Rounds half away from zero. */
export function toMinor(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON * 100);
}

/** Integer minor units to a decimal amount with at most two places. */
export function fromMinor(minor: number | null | undefined): number | null {
  if (minor === null || minor === undefined) return null;
  return Math.round(Number(minor)) / 100;
}

export function bgnToEur(amountBgn: number): number {
  return Math.round((amountBgn / BGN_PER_EUR) * 100) / 100;
}

const formatters = new Map<string, Intl.NumberFormat>();
export function formatMoney(amount: number, currency: string = CURRENCY): string {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    formatters.set(currency, f);
  }
  return f.format(amount);
}

/** VAT contained in a VAT-inclusive amount. */
export function vatIncluded(grossMinor: number): number {
  return Math.round(grossMinor - grossMinor / (1 + VAT_RATE));
}
