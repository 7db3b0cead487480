// Seeing every write the app makes through knex, when it is made and again when its transaction
// ends, so in-process caches can drop what it may change (http/publicCache, db/countCache).
import type { Knex } from 'knex';

const WRITE_SQL = /^\s*(insert|update|delete|replace)\b/i;
const END_OF_TRANSACTION = /^(COMMIT|ROLLBACK)/i;

interface QueryEvent {
  method?: string;
  sql?: string;
  __knexTxId?: string;
}

/** Calls `onWrite` for every write whose SQL matches `tables`, and when a transaction that made one ends. */
export function watchWrites(knex: Knex, tables: RegExp, onWrite: () => void) {
  const dirty = new Set<string>();
  const seen = (q: QueryEvent, after: boolean) => {
    const sql = q.sql ?? '';
    const write = ['insert', 'update', 'del', 'delete', 'truncate'].includes(q.method ?? '') || (q.method === 'raw' && WRITE_SQL.test(sql));
    if (write && tables.test(sql)) {
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
