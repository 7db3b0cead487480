// Fixed-window counters in the database (shared by every instance), used to throttle sign-in
// attempts, second-factor codes, registrations, code checks and e-mails, per key (an e-mail,
// an account, an address, a session).
// A key is stored as its SHA-256: the table never holds the e-mail or address it counts
// (privacy: a closed account's address is not left behind in a counter).
import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** The stored form of a key. */
export function throttleKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

export class Throttle {
  /** hitsWrite's keys as stored, for hitCounts (each SHA-256 made once). */
  private readonly storedKeys = new WeakMap<string[], string[]>();
  /** What an upsert sets on a key already counted: a window that has ended (its end at or before
   *  now, i.e. the new row's end less one window) starts again at 1, else one more. Written out
   *  whole, with no bindings, so that the statement's text is the same for every hit and is
   *  rendered once (platform/db/writeTogether `rendered`). */
  private readonly onHit: { hits: string; resetAt: string };
  constructor(
    private knex: Knex,
    private max: number,
    private windowMs: number,
  ) {
    if (!Number.isSafeInteger(windowMs) || windowMs <= 0) throw new Error(`Throttle: window ${windowMs}`);
    const ended = `throttles.reset_at <= excluded.reset_at - ${windowMs}`;
    this.onHit = {
      hits: `case when ${ended} then 1 else throttles.hits + 1 end`,
      resetAt: `case when ${ended} then excluded.reset_at else throttles.reset_at end`,
    };
  }

  async isBlocked(keys: string[]): Promise<boolean> {
    const rows = await this.knex('throttles').whereIn('key', keys.map(throttleKey)).andWhere('resetAt', '>', Date.now()).select('hits');
    return rows.some((r) => Number(r.hits) >= this.max);
  }

  /** Count one more for the key and answer the count in the current window. One statement
   *  (an upsert), so that concurrent requests on several instances never lose a count. */
  async hit(key: string): Promise<number> {
    return this.hitCount(await this.hitWrite(key));
  }

  /** hit's upsert, not yet run (on the throttle's knex: a transaction, to go with its other writes). */
  hitWrite(key: string): Knex.QueryBuilder {
    return this.upsert([throttleKey(key)]).returning('hits');
  }

  /** One row per key: counted 1 in a new window, or as `onHit` says when the key is there. */
  private upsert(stored: string[]): Knex.QueryBuilder {
    const db = this.knex;
    const resetAt = Date.now() + this.windowMs;
    return db('throttles')
      .insert(stored.length === 1 ? { key: stored[0], hits: 1, resetAt } : stored.map((key) => ({ key, hits: 1, resetAt })))
      .onConflict('key')
      .merge({ hits: db.raw(this.onHit.hits), resetAt: db.raw(this.onHit.resetAt) });
  }

  /** hitWrite for several keys of one window, as one statement (an order counts three). Its rows
   *  answer each key with its count, in no promised order: read them with `hitCounts`. */
  hitsWrite(keys: string[]): Knex.QueryBuilder {
    const stored = keys.map(throttleKey);
    this.storedKeys.set(keys, stored);
    return this.upsert(stored).returning(['key', 'hits']);
  }

  /** Each key's count in the rows hitsWrite answered (keys in the order hitsWrite was given them). */
  hitCounts(rows: unknown[], keys: string[]): number[] {
    const counts = new Map((rows as Array<{ key: string; hits: number | string }>).map((r) => [r.key, Number(r.hits)]));
    const stored = this.storedKeys.get(keys) ?? keys.map(throttleKey);
    return stored.map((key) => counts.get(key) ?? 0);
  }

  /** The count hitWrite's rows answer. */
  hitCount(rows: unknown[]): number {
    return Number((rows[0] as { hits: number | string }).hits);
  }

  /** Whether a count is within the limit. */
  allows(hits: number): boolean {
    return hits <= this.max;
  }

  /** `allows` on hitWrite's count as SQL, reading the rows hitWrite returned from the CTE `source`
   *  (a later write of the same batch decided by the count: platform/db/writeTogether). */
  allowsIn(source: string): { sql: string; bindings: number[] } {
    return { sql: `(select hits from ${source}) <= ?`, bindings: [this.max] };
  }

  /** Count a failure for every key. */
  async fail(keys: string[]): Promise<void> {
    for (const key of keys) await this.hit(key);
  }

  /** Count one for every key, unless one of them is already at the limit: answers whether the
   *  action may go ahead. One key is counted and judged by the same statement (the upsert answers
   *  the count); with several, a key at its limit must not use up the others' counts. */
  async allow(keys: string[]): Promise<boolean> {
    if (keys.length === 1) return this.allows(await this.hit(keys[0]));
    if (await this.isBlocked(keys)) return false;
    let allowed = true;
    for (const key of keys) if (!this.allows(await this.hit(key))) allowed = false;
    return allowed;
  }

  async reset(keys: string[]): Promise<void> {
    await this.knex('throttles').whereIn('key', keys.map(throttleKey)).delete();
  }
}
