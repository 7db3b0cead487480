// The one bounded map every in-process cache uses (on lru-cache): least recently used entries go
// first, an optional age limit, and generations, so an answer computed while a write happened is
// never kept: take `generation` before reading the database, hand it back to `keep`.
import { LRUCache } from 'lru-cache';
import type { Reach, TableWrites, WatchOptions } from './tableWrites';

export interface KeptMapOptions {
  /** Entries at most; the least recently used go first. */
  max: number;
  /** Age limit in milliseconds (none: until the next write). */
  ttlMs?: number;
}

export class KeptMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private entries: LRUCache<K, V>;
  /** Moves on at every drop: what was read before it is not kept. */
  generation = 0;

  constructor(options: KeptMapOptions) {
    this.entries = new LRUCache<K, V>({ max: options.max, ...(options.ttlMs ? { ttl: options.ttlMs, ttlAutopurge: false } : {}) });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The value, without making it recently used. */
  peek(key: K): V | undefined {
    return this.entries.peek(key);
  }

  /** Keep a value read at `generation`, unless something was written meanwhile. */
  keep(key: K, value: V, generation: number): boolean {
    if (generation !== this.generation) return false;
    this.entries.set(key, value);
    return true;
  }

  delete(key: K) {
    this.entries.delete(key);
  }

  /** Drop one entry that a write changed: what was read before it is not kept either (the
   *  generation moves on, as for a drop of everything). */
  forget(key: K) {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drop everything (a write reached what the map is made of). */
  drop() {
    this.generation++;
    // lru-cache's clear() resets arrays as long as `max`: skipped when there is nothing to drop
    // (most writes find the caches they reach already empty).
    if (this.entries.size) this.entries.clear();
  }

  /** What is kept stays, but what is being read now is not kept (it may predate a change made in place). */
  moveOn() {
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drop everything whenever a write reaching `reach` is made (here or on another instance). */
  dropOn(writes: TableWrites, reach: Reach, options?: WatchOptions): this {
    writes.watch(reach, () => this.drop(), options);
    return this;
  }
}
