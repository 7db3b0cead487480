// Caches belong to one app: createApp makes them and attaches them to its knex instance, the one
// Objection's models are bound to, so a service finds the cache of the database it reads (two
// apps in one process each have their own). Nothing is kept at module level.
import type { Knex } from 'knex';

const byDatabase = new WeakMap<Knex, Map<string, unknown>>();

export function attachCache<T>(knex: Knex, name: string, cache: T): T {
  const caches = byDatabase.get(knex) ?? new Map<string, unknown>();
  caches.set(name, cache);
  byDatabase.set(knex, caches);
  return cache;
}

/** The cache of that name attached to this knex instance, if caches are on. */
export function attachedCache<T>(knex: Knex | undefined, name: string): T | undefined {
  return knex ? (byDatabase.get(knex)?.get(name) as T | undefined) : undefined;
}
