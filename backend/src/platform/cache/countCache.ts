// Row counts for admin lists (Content-Range, { total }) kept in memory: counting a filtered,
// searched list over 100,000 orders scans them all, while the page itself walks an index. A count
// is dropped on any write to the shop's data (sessions and throttles aside), so it is exact.
// Other instances' writes reach it too, like the catalogue cache (platform/cache/broadcast).
import type { Knex } from 'knex';
import type { QueryBuilder, Model } from 'objection';
import { watchWrites } from './writeWatch';

/** A write to any table but the sessions and the sign-in throttles, which change on every request. */
export const DATA_WRITE = /(insert into|update|delete from)\s+(?![`"]?(sessions|throttles)\b)/i;
const MAX_ENTRIES = 1000;

let counts: Map<string, number> | undefined;
let generation = 0;

export function enableCountCache(knex: Knex) {
  counts = new Map();
  watchWrites(knex, DATA_WRITE, () => {
    generation++;
    counts!.clear();
  });
}

/** The query's row count, from memory when nothing was written since it was counted. */
export async function cachedCount<M extends Model>(query: QueryBuilder<M, M[]>): Promise<number> {
  if (!counts) return query.resultSize();
  const { sql, bindings } = query.toKnexQuery().toSQL();
  const key = `${sql}|${JSON.stringify(bindings)}`;
  const hit = counts.get(key);
  if (hit !== undefined) return hit;
  const at = generation;
  const n = await query.resultSize();
  if (at === generation) {
    if (counts.size >= MAX_ENTRIES) counts.delete(counts.keys().next().value as string);
    counts.set(key, n);
  }
  return n;
}
