import { defaultExporter, type Exporter, type RaRecord } from 'react-admin';

/** A CSV exporter that flattens each record with `row` first (react-admin's jsonexport + download). */
export function csvExporter<T extends RaRecord>(resource: string, row: (record: T) => Record<string, unknown>): Exporter<T> {
  return (records, fetchRelated, dataProvider) => defaultExporter(records.map(row), fetchRelated, dataProvider, resource);
}
