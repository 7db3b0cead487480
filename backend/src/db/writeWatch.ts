// Seeing every write the app makes through knex, when it is made and again when its transaction
// ends, so in-process caches can drop what it may change (http/publicCache, db/countCache).
import type { Knex } from 'knex';

/** Writes to these tables (as the statement's target: a column of the same name is not one). */
export function writesTo(...tables: string[]): RegExp {
  return new RegExp(`^\\s*(insert\\s+into|replace\\s+into|update|delete\\s+from)\\s+[\`"]?(${tables.join('|')})[\`"]?(\\s|$)`, 'i');
}

/** The tables the catalogue's answers and facts are made of (settings: shipping, thresholds). */
export const CATALOGUE_TABLES = writesTo('products', 'variants', 'categories', 'product_images', 'attributes', 'attribute_values', 'product_attributes', 'settings');

const WRITE_SQL = /^\s*(insert|update|delete|replace)\b/i;
const END_OF_TRANSACTION = /^(COMMIT|ROLLBACK)/i;

interface QueryEvent {
  method?: string;
  sql?: string;
  __knexTxId?: string;
}

/** A change of stock alone (`stock = stock ± ?`, what orders and restocking do), as knex writes it. */
export const STOCK_ONLY_UPDATE = /^update\s+[`"]variants[`"]\s+set\s+([`"]updated_at[`"]\s*=\s*\?,\s*)?[`"]stock[`"]\s*=\s*[`"]stock[`"]\s*[-+]\s*\?\s+where\b/i;

/** Calls `onWrite` for every write whose SQL matches `tables`, and when a transaction that made one ends. */
export function watchWrites(knex: Knex, tables: RegExp | ((sql: string) => boolean), onWrite: () => void) {
  const matches = typeof tables === 'function' ? tables : (sql: string) => tables.test(sql);
  const dirty = new Set<string>();
  const seen = (q: QueryEvent, after: boolean) => {
    const sql = q.sql ?? '';
    const write = ['insert', 'update', 'del', 'delete', 'truncate'].includes(q.method ?? '') || (q.method === 'raw' && WRITE_SQL.test(sql));
    if (write && matches(sql)) {
      if (q.__knexTxId) dirty.add(q.__knexTxId);
      onWrite();
    } else if (q.__knexTxId && END_OF_TRANSACTION.test(sql) && dirty.has(q.__knexTxId)) {
      onWrite();
      if (after) dirty.delete(q.__knexTxId);
    }
  };
  knex.on('query', (q: QueryEvent) => seen(q, false));
  knex.on('query-response', (_res: unknown, q: QueryEvent) => seen(q, true));
  knex.on('query-error', (_err: unknown, q: QueryEvent) => {
    if (q?.__knexTxId && dirty.has(q.__knexTxId)) onWrite();
  });
}
