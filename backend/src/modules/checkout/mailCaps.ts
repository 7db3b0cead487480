// Caps on e-mail that a stranger can make the shop send to any address: order confirmations
// typed for someone else's e-mail. The order is placed either way; past the cap the recipient
// just gets no more confirmations for a while. A customer's orders to their own account's
// address are never capped.
import { Throttle } from '../../platform/http/throttle';
import type { Knex } from 'knex';
import { normalizeEmailKey } from '../../../../domain/email';
import { ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES } from '../../../../domain/limits';

/** The count of confirmations to this recipient, to write with the order (`db`: its transaction;
 *  one statement with the order's records on PostgreSQL, and not counted when the order is
 *  refused); null when it is not capped. `allows` judges what the write answered. */
export function orderMailCount(recipient: string, account: { email: string } | null, db: Knex): { write: Knex.QueryBuilder; allows(rows: unknown[]): boolean } | null {
  const key = normalizeEmailKey(recipient);
  if (account && normalizeEmailKey(account.email) === key) return null;
  const cap = new Throttle(db, ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES * 60_000);
  return { write: cap.hitWrite(`order-mail:${key}`), allows: (rows) => cap.allows(cap.hitCount(rows)) };
}
