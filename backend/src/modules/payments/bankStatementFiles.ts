// A bank statement file as Bulgarian banks export it (CAMT.053 XML or SWIFT MT940 text), read into
// one list of bookings the shop can match against its bank-transfer orders. The libraries read the
// formats; this file picks the fields a match needs, gives every booking an identity that stays
// the same when an overlapping statement is uploaded again, and refuses what is not a statement
// with a Bulgarian 400 (never a 500: the file comes from outside).
import { createHash } from 'node:crypto';
import { Parser as Mt940Parser, type Mt940Statement, type Mt940Transaction } from 'mt940js';
import { convertMinor, toMinor } from '@domain/money';
import {
  BANK_STATEMENT_LEVA_UNTIL,
  BANK_STATEMENT_LINES_MAX,
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_TEXT as TEXT,
} from '@domain/bankStatements';
import { HttpError, badRequest } from '../../platform/http/errors';

export type BankStatementFormat = 'camt053' | 'mt940';

export interface BankStatementLine {
  /** Stable identity of this booking, the same whenever the same booking is read again (also from
   *  a later, overlapping statement of the same format): a sha256 hex of the account IBAN, booking
   *  date, signed amount, currency, the bank's own reference of the entry, the remittance text and
   *  the payer's IBAN, plus an occurrence number for identical bookings within one file. */
  lineHash: string;
  /** YYYY-MM-DD booking date (the value date when the bank gives no booking date). */
  bookedOn: string;
  direction: 'credit' | 'debit';
  /** Minor units (cents), positive, in `currency`. */
  amount: number;
  currency: 'EUR' | 'BGN';
  /** The amount in euro cents: leva at the fixed rate, euro as they are. */
  amountEur: number;
  /** The remittance information (CAMT: the unstructured lines and the creditor reference; MT940:
   *  the :86: text without the payer's name and IBAN). */
  reference: string;
  /** The debtor's name for a credit ('' when absent, and for a debit). */
  payerName: string;
  /** The debtor's IBAN for a credit, upper-case without spaces ('' when absent, and for a debit). */
  payerIban: string;
  /** The bank's own reference of the entry ('' when absent). */
  bankReference: string;
}

export interface ParsedBankStatement {
  format: BankStatementFormat;
  accountIban: string;
  /** The statement's own id (CAMT Stmt/Id, MT940 :28C:), several joined with ', '. */
  statementId: string;
  /** In file order. */
  lines: BankStatementLine[];
}

/** A booking as read from either format, before the rules that apply to both. */
interface Booking {
  bookedOn: string;
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  reference: string;
  payerName: string;
  payerIban: string;
  bankReference: string;
}

interface Read {
  accountIbans: string[];
  statementIds: string[];
  bookings: Booking[];
}

/**
 * Reads a CAMT.053 or MT940 statement (the format told by the content, not the name). Credits and
 * debits with an amount are returned in file order; a file that is neither format, broken, empty,
 * too large, holds several accounts, another currency than EUR/BGN or leva booked from 2026 on is
 * refused with an HttpError (400, or 413 for the size) carrying a Bulgarian text.
 */
export async function parseBankStatement(file: Buffer, _fileName?: string): Promise<ParsedBankStatement> {
  if (file.length > BANK_STATEMENT_MAX_BYTES) throw new HttpError(413, TEXT.tooLarge, { file: TEXT.tooLarge });
  const text = decode(file);
  if (!text.trim()) throw refused(TEXT.empty);
  const format = formatOf(text);
  if (!format) throw refused(TEXT.notStatement);
  const read = format === 'camt053' ? await readCamt053(text) : readMt940(text);

  const accounts = [...new Set(read.accountIbans)];
  if (accounts.length > 1) throw refused(TEXT.severalAccounts);
  const accountIban = accounts[0] ?? '';
  return {
    format,
    accountIban,
    statementId: [...new Set(read.statementIds.filter(Boolean))].join(', '),
    lines: linesOf(read.bookings, accountIban),
  };
}

const refused = (message: string) => badRequest(message, { file: message });

/** Bulgarian banks write MT940 in UTF-8 or in windows-1251 (CAMT is UTF-8 by the standard): bytes
 *  that are not valid UTF-8 are read as windows-1251, where every byte is a letter or a sign. */
function decode(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1251').decode(file);
  }
}

function formatOf(text: string): BankStatementFormat | null {
  const start = text.trimStart();
  if (start.startsWith('<')) return /camt\.053|BkToCstmrStmt/.test(start) ? 'camt053' : null;
  if (/^:20:/m.test(text) && /^:(61|60[FM]):/m.test(text)) return 'mt940';
  return null;
}

/** The same rules for both formats: currencies, leva only before the euro, amounts in euro, and
 *  the identity of each booking. */
function linesOf(bookings: Booking[], accountIban: string): BankStatementLine[] {
  const seen = new Map<string, number>();
  return bookings.map((b) => {
    if (b.currency !== 'EUR' && b.currency !== 'BGN') throw refused(TEXT.currencyNotAccepted(b.currency));
    if (b.currency === 'BGN' && b.bookedOn >= BANK_STATEMENT_LEVA_UNTIL) throw refused(TEXT.levaAfterEuro(b.bookedOn));
    const signed = b.direction === 'credit' ? b.amount : -b.amount;
    const key = JSON.stringify([accountIban, b.bookedOn, signed, b.currency, b.bankReference, b.reference, b.payerIban]);
    // Two equal bookings in one file (the same customer paying the same amount twice a day) stay
    // two lines; counted in file order, so a later file holding both gives them the same two hashes.
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return {
      lineHash: createHash('sha256').update(`${key}#${occurrence}`).digest('hex'),
      bookedOn: b.bookedOn,
      direction: b.direction,
      amount: b.amount,
      currency: b.currency,
      amountEur: convertMinor(b.amount, b.currency, 'EUR'),
      reference: b.reference,
      payerName: b.payerName,
      payerIban: b.payerIban,
      bankReference: b.bankReference,
    };
  });
}

/** Counts bookings as they are read, so a huge file stops at the limit. */
function addBooking(read: Read, booking: Booking) {
  if (read.bookings.length >= BANK_STATEMENT_LINES_MAX) throw refused(TEXT.tooManyLines);
  read.bookings.push(booking);
}

const oneLine = (parts: string[], separator = ' ') => parts.filter(Boolean).join(separator).replace(/\s+/g, ' ').trim();

const ibanShape = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

// ---- CAMT.053 ----------------------------------------------------------------------------------

// iso20022.js is published as an ES module only (its CommonJS entry is CommonJS code marked as an
// ES module, which Node's require() loads as an empty module). A dynamic import() loads its ES
// entry: esbuild keeps import() as it is in the CommonJS server bundle, and Node resolves it with
// the "import" condition; under jest, ts-jest turns it into require(), which jest's own module
// loader runs as the CommonJS code it is. Loaded once, on the first CAMT file.
let iso20022: Promise<typeof import('iso20022.js')> | undefined;

interface XmlParser {
  parse(xml: string, validate: true): unknown;
}

/**
 * The XML parser iso20022.js reads CAMT.053 with (the fast-xml-parser bundled in it), set to keep
 * every value as the text the bank wrote. The entries are read from what it parses, not from
 * `CashManagementEndOfDayReport.fromXML`, because fromXML (0.0.15) turns numeric-looking texts
 * into numbers (a 23-digit AcctSvcrRef becomes 1.2345678901234568e+22, so two bookings could share
 * an identity; a statement id or remittance text loses its leading zeros), computes cents in
 * floating point (0.29 → 28.999999999999996), stops with a TypeError on a statement without
 * Acct/Svcr or with a partial TxsSummry (both optional), reads no value date, no structured
 * creditor reference, no entry status and no debtor name of the newer versions (Dbtr/Pty/Nm), and
 * reads a cut-off file as the entries before the cut, without a word. Here the parser also checks
 * that the XML is well formed and drops namespace prefixes. getParser is private in the library's
 * types; the version is pinned (^0.0.15 allows no other), and the tests fail if it goes.
 */
async function camtParser(): Promise<XmlParser> {
  const { CashManagementEndOfDayReport } = await (iso20022 ??= import('iso20022.js'));
  const own = (CashManagementEndOfDayReport as unknown as { getParser?: () => XmlParser }).getParser?.();
  if (!own) throw new Error('iso20022.js no longer offers its XML parser (CashManagementEndOfDayReport.getParser)');
  const XmlParserClass = own.constructor as new (options: object) => XmlParser;
  return new XmlParserClass({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    removeNSPrefix: true,
    isArray: (name: string) => CAMT_LISTS.has(name),
  });
}

/** Elements that may repeat, read as lists even when there is one. */
const CAMT_LISTS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlTxInf']);

type XmlNode = Record<string, unknown>;
const node = (value: unknown): XmlNode => (value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : {});
const nodes = (value: unknown): XmlNode[] => (Array.isArray(value) ? value.map(node) : []);
/** The text of an element (with attributes its text is under '#text'); '' for anything else. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && '#text' in value) return text((value as XmlNode)['#text']);
  return '';
}

/** A CAMT date element: Dt, or DtTm whose day is as the bank wrote it (its own time zone). */
function camtDay(value: unknown): string {
  const d = node(value);
  const day = (text(d.Dt) || text(d.DtTm)).slice(0, 10);
  // A day that does not exist (2025-02-30) is refused, not rolled over into March.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(day) : NaN;
  const valid = !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
  return valid ? day : '';
}

async function readCamt053(xml: string): Promise<Read> {
  // A bank's statement has no document type; one with entity definitions could expand without end.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refused(TEXT.camtBroken);
  const parser = await camtParser();
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    throw refused(TEXT.camtBroken);
  }
  const statements = nodes(node(node(node(doc).Document).BkToCstmrStmt).Stmt);
  if (!statements.length) throw refused(TEXT.notStatement);

  const read: Read = { accountIbans: [], statementIds: [], bookings: [] };
  for (const stmt of statements) {
    const accountId = node(node(stmt.Acct).Id);
    read.accountIbans.push(compactIban(text(accountId.IBAN) || text(node(accountId.Othr).Id)));
    read.statementIds.push(text(stmt.Id));
    for (const entry of nodes(stmt.Ntry)) {
      const booking = camtBooking(entry);
      if (booking) addBooking(read, booking);
    }
  }
  return read;
}

/** One Ntry: the entry's amount and dates, the payer and remittance of its transaction details
 *  (a batch entry's details are joined into one line: the bank booked one amount). */
function camtBooking(entry: XmlNode): Booking | null {
  // A camt.053 may also list pending entries (Sts PDNG or INFO): not money on the account yet.
  const status = text(entry.Sts) || text(node(entry.Sts).Cd);
  if (status && status !== 'BOOK') return null;

  const amountText = text(entry.Amt);
  const currency = text(node(entry.Amt)['@_Ccy']).toUpperCase();
  const indicator = text(entry.CdtDbtInd);
  const bookedOn = camtDay(entry.BookgDt) || camtDay(entry.ValDt);
  if (!/^\d+(\.\d+)?$/.test(amountText) || !currency || !['CRDT', 'DBIT'].includes(indicator) || !bookedOn) {
    throw refused(TEXT.camtBroken);
  }
  const amount = toMinor(Number(amountText));
  if (!Number.isSafeInteger(amount)) throw refused(TEXT.camtBroken);
  if (amount <= 0) return null;
  const direction = indicator === 'CRDT' ? 'credit' : 'debit';

  const details = nodes(entry.NtryDtls).flatMap((d) => nodes(d.TxDtls));
  const remittance = details.flatMap((tx) => {
    const info = node(tx.RmtInf);
    const structured = nodes(info.Strd).map((s) => text(node(s.CdtrRefInf).Ref));
    return [...(Array.isArray(info.Ustrd) ? info.Ustrd.map(text) : []), ...structured];
  });
  // Without remittance information the bank's own words about the booking are the next best.
  const reference =
    oneLine(remittance) ||
    oneLine(details.flatMap((tx) => (Array.isArray(tx.AddtlTxInf) ? tx.AddtlTxInf.map(text) : []))) ||
    oneLine([text(entry.AddtlNtryInf)]);

  let payerName = '';
  let payerIban = '';
  if (direction === 'credit') {
    const parties = details.map((tx) => node(tx.RltdPties)).find((p) => p.Dbtr || p.DbtrAcct) ?? {};
    const debtor = node(parties.Dbtr);
    payerName = oneLine([text(debtor.Nm) || text(node(debtor.Pty).Nm)]);
    payerIban = compactIban(text(node(node(parties.DbtrAcct).Id).IBAN));
  }
  const bankReference = text(entry.AcctSvcrRef) || details.map((tx) => text(node(tx.Refs).AcctSvcrRef)).find(Boolean) || '';
  return { bookedOn, direction, amount, currency, reference, payerName, payerIban, bankReference };
}

// ---- MT940 -------------------------------------------------------------------------------------

/** Structured :86: subfields as Bulgarian and German banks fill them (?DD): ?20–?29 and ?60–?63
 *  the remittance text cut into 27-character pieces, ?32–?33 the other party's name, ?31 its IBAN,
 *  ?30 its bank's BIC. */
const REMITTANCE_SUBFIELDS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
const NAME_SUBFIELDS = ['32', '33'];
const PARTY_SUBFIELDS = new Set(['gvc', '30', '31', ...NAME_SUBFIELDS]);

// mt940js keeps at most 390 characters of one :86: (its line breaks counted), so the last
// characters of a full six-line :86: may be missing from its text: the remittance sits in the
// first subfields, so a match rarely needs them.
function readMt940(data: string): Read {
  let statements: Mt940Statement[];
  try {
    // mt940js checks the mandatory tags and that the lines add up to the closing balance.
    statements = new Mt940Parser().parse(data);
  } catch {
    throw refused(TEXT.mt940Broken);
  }
  if (!statements.length) throw refused(TEXT.mt940Broken);

  const read: Read = { accountIbans: [], statementIds: [], bookings: [] };
  for (const s of statements) {
    read.accountIbans.push(accountOf(s.accountIdentification));
    read.statementIds.push([s.number.statement, s.number.sequence].filter(Boolean).join('/'));
    for (const t of s.transactions) {
      const booking = mt940Booking(t);
      if (booking) addBooking(read, booking);
    }
  }
  return read;
}

/** :25: holds the IBAN, alone or beside the bank's BIC or the currency ("UNCRBGSF/BG80…"). */
function accountOf(identification: string): string {
  const parts = identification.split(/[/\s]+/).map(compactIban);
  return parts.find((p) => ibanShape.test(p)) ?? compactIban(identification);
}

function mt940Booking(t: Mt940Transaction): Booking | null {
  const amount = toMinor(Math.abs(t.amount));
  if (!Number.isSafeInteger(amount)) throw refused(TEXT.mt940Broken);
  if (!amount) return null;
  const direction = t.amount > 0 ? 'credit' : 'debit';
  const s = t.structuredDetails;

  let reference: string;
  let payerName = '';
  let payerIban = '';
  if (s) {
    // The pieces of one text are joined as they are: banks cut it at 27 characters, also inside
    // a word or a number.
    const remittance = REMITTANCE_SUBFIELDS.map((k) => s[k] ?? '').join('');
    reference = oneLine([remittance]) || oneLine(Object.keys(s).flatMap((k) => (PARTY_SUBFIELDS.has(k) ? [] : [s[k]])));
    if (direction === 'credit') {
      payerName = oneLine(
        NAME_SUBFIELDS.map((k) => s[k] ?? ''),
        '',
      );
      const iban = compactIban(s['31'] ?? '');
      payerIban = ibanShape.test(iban) ? iban : '';
    }
  } else {
    reference = oneLine(t.details.split('\n'));
  }
  return {
    bookedOn: mt940Day(t),
    direction,
    amount,
    currency: t.currency.toUpperCase(),
    reference,
    payerName,
    payerIban,
    bankReference: t.bankReference.trim(),
  };
}

/** The booking date (:61: MMDD), else the value date. mt940js gives the booking date the value
 *  date's year, wrong across a new year (value 31.12.2025, booked 02.01 → 02.01.2025): a booking
 *  half a year or more away from its value date belongs to the neighbouring year. */
function mt940Day(t: Mt940Transaction): string {
  const value = t.date;
  let booked = t.entryDate || value;
  const halfYear = 183 * 24 * 3600 * 1000;
  const shift = booked.getTime() - value.getTime();
  if (Math.abs(shift) > halfYear) {
    booked = new Date(booked);
    booked.setUTCFullYear(booked.getUTCFullYear() + (shift > 0 ? -1 : 1));
  }
  return booked.toISOString().slice(0, 10);
}
