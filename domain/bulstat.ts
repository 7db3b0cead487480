// ЕИК / BULSTAT and Bulgarian VAT numbers: the Registry Agency's check-digit algorithm
// (Наредба за ЕИК, the same as the BULSTAT register used). Shared by the checkout form, the
// admin's settings form and the server, so a number is judged the same everywhere.

function digitsOf(text: string): number[] {
  return [...text].map(Number);
}

/** Weighted sum mod 11; a remainder of 10 retries with the second weights; 10 again means 0. */
function checkDigit(digits: number[], first: number[], second: number[]): number {
  const sum = (w: number[]) => digits.reduce((s, d, i) => s + d * w[i], 0) % 11;
  const r = sum(first);
  if (r !== 10) return r;
  const r2 = sum(second);
  return r2 === 10 ? 0 : r2;
}

/**
 * A valid ЕИК: 9 digits (a company or sole trader) or 13 digits (a branch: the 9 of the company,
 * 3 of the branch and a second check digit).
 */
export function isValidEik(value: string): boolean {
  const text = value.trim();
  if (!/^(\d{9}|\d{13})$/.test(text)) return false;
  const d = digitsOf(text);
  if (checkDigit(d.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8], [3, 4, 5, 6, 7, 8, 9, 10]) !== d[8]) return false;
  if (d.length === 9) return true;
  return checkDigit(d.slice(8, 12), [2, 7, 3, 5], [4, 9, 5, 7]) === d[12];
}

/** A Bulgarian VAT number as written on an invoice: "BG" and 9 or 10 digits. */
export function isValidBgVatNumber(value: string): boolean {
  return /^BG\d{9,10}$/.test(value.trim());
}

/** What a shopper typed, tidied: spaces gone, letters upper-case ("bg 123 456 789" → "BG123456789"). */
export function normaliseTaxNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}
