// Row counts for admin lists (Content-Range, { total }) kept in memory: counting a filtered,
// searched list over 100,000 orders scans them all, while the page itself walks an index. A count
// is dropped on any write to the shop's data (sessions and throttles aside), so it is exact.
// Other instances' writes reach it too, like the catalogue cache (platform/cache/broadcast).
import type { Knex } from 'knex';
import type { QueryBuilder, Model } from 'objection';
import { KeptMap } from './keptMap';
import { allTablesBut, type TableWrites } from './tableWrites';
import { attachCache, attachedCache } from './attached';

/** Every table but the sessions, the throttles, the mail queue, the outbox, /api/ready's write
 *  probe and the idempotency keys, which change on every request (no list is made of them). */
export const DATA_TABLES = allTablesBut(
  'sessions',
  'throttles',
  'mail_queue',
  'outbox',
  'write_probe',
  'idempotency_keys',
  'knex_migrations',
  'knex_migrations_lock',
);
const MAX_ENTRIES = 1000;
const NAME = 'rowCounts';

export function enableCountCache(knex: Knex, writes: TableWrites) {
  attachCache(knex, NAME, new KeptMap<string, number>({ max: MAX_ENTRIES }).dropOn(writes, DATA_TABLES));
}

/** The query's row count, from memory when nothing was written since it was counted. */
export async function cachedCount<M extends Model>(query: QueryBuilder<M, M[]>): Promise<number> {
  const counts = attachedCache<KeptMap<string, number>>(query.modelClass().knex(), NAME);
  if (!counts) return query.resultSize();
  const { sql, bindings } = query.toKnexQuery().toSQL();
  const key = `${sql}|${JSON.stringify(bindings)}`;
  const hit = counts.get(key);
  if (hit !== undefined) return hit;
  const at = counts.generation;
  const n = await query.resultSize();
  counts.keep(key, n, at);
  return n;
}
