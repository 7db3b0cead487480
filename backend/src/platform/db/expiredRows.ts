// Rows that only matter until a time: sessions past their expiry, throttle counts past their
// window, idempotency keys past their day and effects done a week ago (platform/outbox). Nothing
// reads them any more (an expired session is refused, an expired count starts again, an expired key
// is a new request), so they are deleted on start and then every hour, by every instance (a delete
// of what is already gone costs nothing).
import type { Knex } from 'knex';
import { purgeExpiredSessions } from '../http/session';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency';
import { purgeDoneEffects } from '../outbox';

export const PURGE_INTERVAL_MS = 60 * 60_000;

/** Throttle counts whose window has ended. */
export async function purgeExpiredThrottles(knex: Knex): Promise<void> {
  await knex('throttles').where('resetAt', '<=', Date.now()).delete();
}

export async function purgeExpiredRows(knex: Knex): Promise<void> {
  await purgeExpiredSessions(knex);
  await purgeExpiredThrottles(knex);
  await purgeExpiredIdempotencyKeys(knex);
  await purgeDoneEffects(knex);
}

/** Purge every `everyMs` (the server purges once itself before it listens); the timer never keeps
 *  the process alive. Answers the stop. */
export function startPurging(knex: Knex, everyMs = PURGE_INTERVAL_MS, onError: (err: unknown) => void = () => undefined): () => void {
  const run = () => void purgeExpiredRows(knex).catch(onError);
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
