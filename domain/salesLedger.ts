// The accountant's month: the sales ledger (дневник за продажбите, ППЗДДС чл. 124) of the
// invoices and credit notes issued in it — as a CSV for Bulgarian Excel in the ledger's columns,
// and as the NRA's fixed-width PRODAGBI.TXT (the record „02“ of the ledger's file format:
// 17 text/date fields then 17 amounts of 15 characters and one 2-character code, 424 characters,
// Windows-1251, CRLF). Credit notes are negative, as the ledger records them.
import type { DocumentKind } from './invoices';
import type { CsvColumn } from './csv';
import { TRADE_ORDER_TEXT } from './tradeOrderTexts';

/** The ledger's document type codes (приложение към ППЗДДС): 01 фактура, 03 кредитно известие. */
export const LEDGER_DOCUMENT_CODES: Readonly<Record<DocumentKind, string>> = { invoice: '01', credit_note: '03' };
/** What the ledger writes for a buyer with no ЕИК or VAT number (a private person). */
export const NO_BUYER_ID = '999999999999999';

/** One document in the ledger, amounts in minor units, signed (a credit note is negative). */
export interface LedgerEntry {
  kind: DocumentKind;
  number: string;
  /** Shop-local "YYYY-MM-DD". */
  issueDate: string;
  /** The buyer's VAT number, else their ЕИК, else '' (a private person). */
  buyerId: string;
  buyerName: string;
  /** What was sold, as the document says it (up to 30 characters in the TXT). */
  goods: string;
  /** The buyer's purchase-order number the document carries: in the CSV's note of what was sold
   *  (the TXT's field keeps `goods` alone, within its 30 characters). */
  purchaseOrderNumber?: string | null;
  taxBase: number;
  vat: number;
  total: number;
  currency: string;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
}

/** A document's amounts in the ledger: a credit note reduces the month, so it is negative. */
export function ledgerSign(kind: DocumentKind): 1 | -1 {
  return kind === 'credit_note' ? -1 : 1;
}

/** The sums the month declares. */
export function ledgerTotals(entries: LedgerEntry[]): { taxBase: number; vat: number; total: number } {
  return entries.reduce((s, e) => ({ taxBase: s.taxBase + e.taxBase, vat: s.vat + e.vat, total: s.total + e.total }), {
    taxBase: 0,
    vat: 0,
    total: 0,
  });
}

/** 123456 → "1234,56" (a number for Bulgarian Excel). */
export function decimalComma(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** "2026-11-05" → "05.11.2026". */
function bgDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** The CSV's columns, named as in the ledger; identifiers kept as text. */
export const SALES_LEDGER_COLUMNS: CsvColumn[] = [
  { header: '№ по ред', kind: 'number' },
  { header: 'Вид на документа', kind: 'identifier' },
  { header: 'Номер на документа', kind: 'identifier' },
  { header: 'Дата на документа' },
  { header: 'ИН по ДДС / ЕИК на получателя', kind: 'identifier' },
  { header: 'Име на получателя' },
  { header: 'Вид на стоката/услугата' },
  { header: 'Данъчна основа', kind: 'number' },
  { header: 'ДДС', kind: 'number' },
  { header: 'Общо', kind: 'number' },
  { header: 'Валута' },
  { header: 'Към фактура №', kind: 'identifier' },
];

/** The CSV rows of the ledger, in the order of SALES_LEDGER_COLUMNS. */
export function salesLedgerRows(entries: LedgerEntry[]): unknown[][] {
  return entries.map((e, i) => [
    i + 1,
    LEDGER_DOCUMENT_CODES[e.kind],
    e.number,
    bgDate(e.issueDate),
    e.buyerId,
    e.buyerName,
    goodsNote(e),
    decimalComma(e.taxBase),
    decimalComma(e.vat),
    decimalComma(e.total),
    e.currency,
    e.invoiceNumber ?? '',
  ]);
}

/** What was sold as the CSV says it: the goods, and the buyer's purchase-order number. */
function goodsNote(e: LedgerEntry): string {
  return e.purchaseOrderNumber ? `${e.goods}, ${TRADE_ORDER_TEXT.purchaseOrderShort(e.purchaseOrderNumber)}` : e.goods;
}

// ---- PRODAGBI.TXT ----

/** The length of one record of PRODAGBI.TXT. */
export const PRODAGBI_RECORD_LENGTH = 424;

const text = (value: string, width: number) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .slice(0, width)
    .padEnd(width, ' ');
const right = (value: string, width: number) => value.slice(-width).padStart(width, ' ');
/** 123456 → "1234.56", -5 → "-0.05": the file's amounts (point, two decimals, right-aligned). */
function amount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return right(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, 15);
}

export interface LedgerFileHeader {
  /** The shop's VAT number (BG…). */
  vatNumber: string;
  /** "2026-11" */
  month: string;
  /** Клон / обособено звено; 0 for the company itself. */
  branch?: number;
}

/**
 * The month's records, one per document, each PRODAGBI_RECORD_LENGTH characters: 02-00 VAT
 * number (15), 02-01 period yyyymm (6), 02-02 branch (4), 02-03 serial number (15), 02-04 type
 * (2), 02-05 number (20), 02-06 date dd/mm/yyyy (10), 02-07 buyer's id (15), 02-08 buyer's name
 * (50), 02-09 goods (30), then the amounts (15 each): 02-10 total tax base, 02-20 total VAT,
 * 02-11 base at 20 %, 02-21 VAT at 20 %, and the ledger's other columns (02-12, 02-26, 02-22,
 * 02-23, 02-13, 02-24, 02-14 … 02-19, 02-25) at 0.00 — the shop sells only at 20 % — and
 * 02-27 (2), empty.
 */
export function prodagbiRecords(entries: LedgerEntry[], header: LedgerFileHeader): string[] {
  const period = header.month.replace('-', '');
  return entries.map((e, i) => {
    const zeros = Array.from({ length: 13 }, () => amount(0)).join('');
    return [
      text(header.vatNumber, 15),
      text(period, 6),
      right(String(header.branch ?? 0), 4),
      right(String(i + 1), 15),
      text(LEDGER_DOCUMENT_CODES[e.kind], 2),
      text(e.number, 20),
      text(e.issueDate.split('-').reverse().join('/'), 10),
      text(e.buyerId || NO_BUYER_ID, 15),
      text(e.buyerName, 50),
      text(e.goods, 30),
      amount(e.taxBase),
      amount(e.vat),
      amount(e.taxBase),
      amount(e.vat),
      zeros,
      text('', 2),
    ].join('');
  });
}

/** The whole file's text: the records joined by CRLF (encode it with toWindows1251). */
export function prodagbiText(entries: LedgerEntry[], header: LedgerFileHeader): string {
  const records = prodagbiRecords(entries, header);
  return records.length ? `${records.join('\r\n')}\r\n` : '';
}

/** Characters outside ASCII and Cyrillic that Windows-1251 has. */
const CP1251_EXTRA: Record<string, number> = {
  Ё: 0xa8,
  ё: 0xb8,
  '№': 0xb9,
  '„': 0x84,
  '“': 0x93,
  '”': 0x94,
  '‘': 0x91,
  '’': 0x92,
  '–': 0x96,
  '—': 0x97,
  '«': 0xab,
  '»': 0xbb,
  '€': 0x88,
  '\u00a0': 0xa0,
};

/** Text in Windows-1251 (the NRA's files), one byte per character; anything it lacks becomes '?'. */
export function toWindows1251(value: string): Uint8Array {
  const out = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    const code = ch.charCodeAt(0);
    if (code < 0x80) out[i] = code;
    else if (code >= 0x410 && code <= 0x44f) out[i] = code - 0x410 + 0xc0;
    else out[i] = CP1251_EXTRA[ch] ?? 0x3f;
  }
  return out;
}
