// CSV exports for Bulgarian Excel: UTF-8 with a BOM (or Excel on Windows garbles
// Cyrillic), `;` between fields, the list's Bulgarian column names, values as a person reads them
// (statuses, payment methods…), Sofia time as dd.mm.yyyy HH:mm and money with a decimal comma.
// The file is written by domain/csv.ts, as every server export: each list declares its
// identifier columns (phones, waybill numbers) so they stay text, and any text that would run
// as a formula (`=HYPERLINK(…)` in a name or an address) is escaped.
import { bulgarianCsv, type CsvColumnKind } from '@domain/csv';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { dateTime } from './fields';
import { i18nProvider } from '../i18nProvider';

/** How values read in the file. */
export const csvValue = {
  /** 29.9 → "29,90" (a number Bulgarian Excel reads as a number). */
  money(v: unknown): string {
    if (v === null || v === undefined || v === '') return '';
    const n = Number(v);
    return Number.isFinite(n) ? n.toFixed(2).replace('.', ',') : '';
  },
  /** 1.5 → "1,5"; nothing for none (a decimal Bulgarian Excel reads as a number). */
  decimal(v: unknown): string {
    if (v === null || v === undefined || v === '') return '';
    const n = Number(v);
    return Number.isFinite(n) ? String(n).replace('.', ',') : '';
  },
  /** An ISO time → "23.11.2026 14:05" in Sofia. */
  dateTime(v: unknown): string {
    return v ? dateTime(v) : '';
  },
  /** A code → its label in the current language (`app.<group>.<value>`). */
  label(group: string, v: unknown): string {
    if (v === null || v === undefined || v === '') return '';
    return i18nProvider.translate(`app.${group}.${v}`, { _: String(v) });
  },
  yesNo(v: unknown): string {
    return i18nProvider.translate(v ? 'app.common.yes' : 'app.common.no');
  },
};

/** Which columns are identifiers (kept as text) or numbers; the others are text. */
export type CsvKinds = Record<string, CsvColumnKind>;

/** The CSV text: BOM, `;`, CRLF, the header from `resources.<resource>.fields.<key>`. */
export function toBulgarianCsv(resource: string, rows: Record<string, unknown>[], kinds: CsvKinds = {}): string {
  const keys = rows.length ? Object.keys(rows[0]) : [];
  const columns = keys.map((k) => ({
    header: i18nProvider.translate(`resources.${resource}.fields.${k}`, { _: k === 'id' ? 'ID' : k }),
    kind: kinds[k] ?? 'text',
  }));
  return bulgarianCsv(
    columns,
    rows.map((r) => keys.map((k) => r[k])),
  );
}

/** A list's exporter: `row` gives each record's columns (keys are field names, values as read); `kinds` its identifier and number columns. */
export function csvExporter<T extends RaRecord>(
  resource: string,
  row: (record: T) => Record<string, unknown>,
  kinds: CsvKinds = {},
): Exporter<T> {
  return (records) =>
    downloadCSV(
      toBulgarianCsv(resource, records.map(row), kinds),
      i18nProvider.translate(`resources.${resource}.name`, { smart_count: 2, _: resource }),
    );
}
