// GTIN (GS1 barcodes: EAN-8, UPC-A, EAN-13, GTIN-14) of a product variant, for search engines'
// merchant listings (JSON-LD `gtin`). Pure: the server and the admin's form check the same way.

/** 8, 12, 13 or 14 digits. */
export const GTIN_PATTERN = /^(?:\d{8}|\d{12,14})$/;
export const GTIN_MAX = 14;

/** The GS1 check digit is right: from the right, the digits before it weigh 3, 1, 3, 1, … */
export function isValidGtin(value: string): boolean {
  if (!GTIN_PATTERN.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((d, i) => (sum += d * (i % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check;
}
