// Fixed-window failure counters in the database (shared by every instance), used to throttle
// sign-in attempts per e-mail and per address.
import type { Knex } from 'knex';

export class Throttle {
  constructor(private knex: Knex, private max: number, private windowMs: number) {}

  async isBlocked(keys: string[]): Promise<boolean> {
    const rows = await this.knex('throttles').whereIn('key', keys).andWhere('resetAt', '>', Date.now()).select('hits');
    return rows.some((r) => Number(r.hits) >= this.max);
  }

  async fail(keys: string[]): Promise<void> {
    const now = Date.now();
    for (const key of keys) {
      await this.knex.transaction(async (trx) => {
        const row = await trx('throttles').where({ key }).first();
        if (!row || Number(row.resetAt) <= now) {
          await trx('throttles').insert({ key, hits: 1, resetAt: now + this.windowMs }).onConflict('key').merge();
        } else {
          await trx('throttles').where({ key }).increment('hits', 1);
        }
      });
    }
  }

  async reset(keys: string[]): Promise<void> {
    await this.knex('throttles').whereIn('key', keys).delete();
  }
}
