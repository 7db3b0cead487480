// Every CSV the shop exports (the server's reports and the admin's list exports) is written by
// these two functions, for Bulgarian Excel and LibreOffice Calc opened with their defaults:
// UTF-8 with a BOM, `;` between fields, CRLF, quotes only where needed.
//
// Two dangers of opening a CSV, each handled by the column's kind:
// - identifiers (phones, ЕИК, VAT, invoice and waybill numbers) that look like numbers lose
//   their form: 0888123456 → 888123456, 0000000001 → 1, +359… → 359…, a 13-digit waybill in
//   scientific notation. `="0888…"` is no cure: LibreOffice's import does not evaluate formulas
//   by default and shows it literally. An identifier is written after a tab instead, which both
//   programs keep as text with the digits untouched (and the tab invisible);
// - text that starts with = + - @, a tab or CR runs as a formula (`=HYPERLINK(…)` in a name).
//   Such text is written after an apostrophe (OWASP's advice, and what papaparse's
//   escapeFormulae does), so it is shown as text, never run.
// Numbers the shop formats itself (amounts with a decimal comma, counts) stay numbers.

/** How a column's values are written. */
export type CsvColumnKind = 'text' | 'identifier' | 'number';

export interface CsvColumn {
  header: string;
  /** 'text' when not given. */
  kind?: CsvColumnKind;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** What Excel or Calc would read as a number, a date or a formula, so an identifier must be kept as text. */
const NEEDS_TEXT = /^[\s\d+\-=@.,(]/;
const NUMBER_TEXT = /^-?\d+(?:[.,]\d+)?$/;

/** One cell's content as it goes into the file (before quoting), by its column's kind. */
export function csvCell(value: unknown, kind: CsvColumnKind = 'text'): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (text === '') return '';
  if (kind === 'identifier') return NEEDS_TEXT.test(text) ? `\t${text}` : text;
  if (kind === 'number' && NUMBER_TEXT.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell quoted when it holds the separator, a quote, a line break or edge whitespace. */
function quoted(cell: string): string {
  return /[;"\r\n\t]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The whole file: BOM, the header row, one row per record, `;` and CRLF. */
export function bulgarianCsv(columns: CsvColumn[], rows: unknown[][]): string {
  const lines = [columns.map((c) => quoted(csvCell(c.header))).join(';')];
  for (const row of rows) lines.push(columns.map((c, i) => quoted(csvCell(row[i], c.kind))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
