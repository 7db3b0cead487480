// Seeing every write the app makes through knex, when it is made and again when its transaction
// ends, so in-process caches can drop what it may change (platform/cache/answerCache, platform/cache/countCache).
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

interface Watcher {
  matches(sql: string): boolean;
  onWrite(): void;
}

/** Every watcher of each knex instance, so writes made by other instances can reach them too. */
const watchers = new WeakMap<Knex, Watcher[]>();

/** What a broadcast names for a write: its target table, or STOCK_ONLY for a change of stock alone. */
export const STOCK_ONLY = 'variants.stock';
const WRITE_TARGET = /^\s*(?:insert\s+into|replace\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+[`"]?(\w+)[`"]?/i;

/** The table a write statement changes (STOCK_ONLY for a change of stock alone), or undefined. */
export function writeTarget(sql: string): string | undefined {
  if (STOCK_ONLY_UPDATE.test(sql)) return STOCK_ONLY;
  return WRITE_TARGET.exec(sql)?.[1]?.toLowerCase();
}

/** Is this query event a write? */
export function isWrite(q: { method?: string; sql?: string }): boolean {
  return ['insert', 'update', 'del', 'delete', 'truncate'].includes(q.method ?? '') || (q.method === 'raw' && WRITE_SQL.test(q.sql ?? ''));
}

/**
 * Writes committed elsewhere (another instance, told by platform/cache/broadcast): every watcher of this
 * knex that such a write would reach drops what it keeps, as if the write had been made here.
 * `'*'` reaches them all (after a lost connection, when what was missed is unknown).
 */
export function writtenElsewhere(knex: Knex, targets: Iterable<string>) {
  const list = [...targets];
  for (const w of watchers.get(knex) ?? []) {
    const reached = list.some((t) =>
      t === '*' || w.matches(t === STOCK_ONLY ? 'update "variants" set "stock" = "stock" - ? where "id" = ?' : `delete from "${t}" where "id" = ?`));
    if (reached) w.onWrite();
  }
}

/** Calls `onWrite` for every write whose SQL matches `tables`, and when a transaction that made one ends. */
export function watchWrites(knex: Knex, tables: RegExp | ((sql: string) => boolean), onWrite: () => void) {
  const matches = typeof tables === 'function' ? tables : (sql: string) => tables.test(sql);
  const list = watchers.get(knex) ?? [];
  list.push({ matches, onWrite });
  watchers.set(knex, list);
  const dirty = new Set<string>();
  const seen = (q: QueryEvent, after: boolean) => {
    const sql = q.sql ?? '';
    const write = isWrite(q);
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
