// Invoices and credit notes (ЗДДС чл. 114): how a VAT-inclusive order becomes invoice lines with
// tax base and VAT that add up exactly, the document numbers, and the texts a person reads.
// Pure: the server's PDF and sales report and the admin's screens use the same rules.
import { VAT_RATE } from './money';

/** The VAT rate in whole percent (20). */
export const VAT_PERCENT = Math.round(VAT_RATE * 100);
/** Invoice and credit note numbers: ten digits, zero-padded (ЗДДС чл. 114, ал. 1, т. 2). */
export const DOCUMENT_NUMBER_DIGITS = 10;
export const DOCUMENT_NUMBER_MAX = 9_999_999_999;

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  invoice: 'Фактура',
  credit_note: 'Кредитно известие',
};

/** What a buyer fills in when asking for an invoice at checkout. */
export interface InvoiceRequest {
  companyName: string;
  eik: string;
  vatNumber?: string;
  mol: string;
  address: string;
}
export const INVOICE_FIELD_MAX = { companyName: 200, eik: 13, vatNumber: 12, mol: 100, address: 300 } as const;

export const INVOICE_TEXT = {
  eikInvalid: 'Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.',
  vatNumberInvalid: 'ДДС номерът е BG и 9 или 10 цифри.',
  invoiceRequestInvalid: 'Проверете данните за фактура.',
  alreadyIssued: 'За тази поръчка вече е издадена фактура.',
  creditNoteExists: 'За тази фактура вече е издадено кредитно известие.',
  creditNoteOfCreditNote: 'Кредитно известие се издава само към фактура.',
  invoiceNotFound: 'Фактурата не е намерена.',
  orderCancelled: 'Поръчката е отказана: за нея не се издава фактура.',
  invoiceIssued: 'Фактурата е издадена.',
  creditNoteIssued: 'Кредитното известие е издадено.',
  monthInvalid: 'Месецът трябва да е във вида ГГГГ-ММ.',
  legalMissing: 'Попълнете данните на фирмата в Настройки → Данни на търговеца, преди да издавате фактури.',
  firstNumberInvalid: 'Началният номер е цяло число от 1 до 9999999999.',
} as const;

/** 1 → "0000000001". */
export function documentNumber(n: number): string {
  return String(n).padStart(DOCUMENT_NUMBER_DIGITS, '0');
}

/** a / b rounded half away from zero, in integers (no float at the .5 boundary). */
function divideHalfUp(a: number, b: number): number {
  const sign = Math.sign(a);
  const abs = Math.abs(a);
  const q = Math.floor(abs / b);
  return sign * (2 * (abs - q * b) >= b ? q + 1 : q);
}

/** A VAT-inclusive amount (minor units) split into tax base and VAT with base + VAT = amount. */
export function splitVat(gross: number, percent = VAT_PERCENT): { base: number; vat: number } {
  const base = divideHalfUp(gross * 100, 100 + percent);
  return { base, vat: gross - base };
}

export interface OrderForInvoice {
  items: Array<{ productName: string; variantName?: string; attributes?: Array<{ name: string; value: string }>; unitPrice: number; quantity: number; lineTotal: number }>;
  discountCode?: string | null;
  discountTotal: number;
  shippingTotal: number;
  total: number;
}

/** One invoice line, minor units: the price per unit before VAT, the base, VAT and the whole. */
export interface InvoiceLine {
  name: string;
  unit: string;
  quantity: number;
  unitPriceNet: number;
  taxBase: number;
  vatPercent: number;
  vat: number;
  total: number;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  taxBase: number;
  vatTotal: number;
  total: number;
}

/**
 * The order's lines on an invoice: goods, the discount as a negative line (so the tax base is
 * what was really paid), shipping as a service line. The document's base is the total's base,
 * rounded once; the lines' bases are spread so they add up to it exactly, and each line's VAT is
 * its total less its base: base + VAT = total on every line and on the whole.
 */
export function invoiceAmounts(order: OrderForInvoice): InvoiceAmounts {
  const raw: Array<Omit<InvoiceLine, 'taxBase' | 'vat' | 'vatPercent' | 'unitPriceNet'> & { unitGross: number }> = [];
  for (const item of order.items) {
    const detail = [item.variantName, ...(item.attributes ?? []).map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(', ');
    raw.push({ name: detail ? `${item.productName} (${detail})` : item.productName, unit: 'бр.', quantity: item.quantity, unitGross: item.unitPrice, total: item.lineTotal });
  }
  if (order.discountTotal > 0) {
    raw.push({ name: order.discountCode ? `Отстъпка (код ${order.discountCode})` : 'Отстъпка', unit: 'бр.', quantity: 1, unitGross: -order.discountTotal, total: -order.discountTotal });
  }
  if (order.shippingTotal > 0) raw.push({ name: 'Доставка', unit: 'бр.', quantity: 1, unitGross: order.shippingTotal, total: order.shippingTotal });

  const { base: taxBase, vat: vatTotal } = splitVat(order.total);
  const bases = raw.map((l) => splitVat(l.total).base);
  // Rounding each line may leave a stotinka or two against the document's base: give them to
  // the largest lines, one each.
  let diff = taxBase - bases.reduce((s, b) => s + b, 0);
  const bySize = raw.map((l, i) => i).sort((a, b) => Math.abs(raw[b].total) - Math.abs(raw[a].total));
  for (let k = 0; diff !== 0 && k < bySize.length * 2; k++) {
    const i = bySize[k % bySize.length];
    const step = Math.sign(diff);
    bases[i] += step;
    diff -= step;
  }
  const lines = raw.map((l, i) => ({
    name: l.name,
    unit: l.unit,
    quantity: l.quantity,
    unitPriceNet: splitVat(l.unitGross).base,
    taxBase: bases[i],
    vatPercent: VAT_PERCENT,
    vat: l.total - bases[i],
    total: l.total,
  }));
  return { lines, taxBase, vatTotal, total: order.total };
}

/** "2026-11" is a month; anything else is not. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
