// Caps on e-mail that a stranger can make the shop send to any address: order confirmations
// typed for someone else's e-mail, and every later mail about such an order (its cancellation,
// withdrawal acknowledgement, status changes), all on one count per recipient (normalised:
// domain/email). The order is placed either way; past the cap the recipient just gets no more
// mail about orders for a while. A customer's orders to their own account's address are never
// capped.
import { Throttle } from '../../platform/http/throttle';
import type { Knex } from 'knex';
import { normalizeEmailKey } from '@domain/email';
import { ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES } from '@domain/limits';
import { Order } from '../../models/Order';
import { User } from '../../models/User';
import { OrderEvent } from '../../models/OrderEvent';
import { GUEST_ORDER } from '@domain/messages';
import { historyWhen } from './history';
import { unless, type BatchCondition, type FollowingWrite } from '../../platform/db/writeTogether';
import type { LaterMailCause } from './events';

export type { LaterMailCause };

const capKey = (recipientKey: string) => `order-mail:${recipientKey}`;
/** The order's history says its confirmation was withheld (written in the order's transaction,
 *  only then): staff see why the customer has no mail, and later mails about it are withheld. */
const WITHHELD_NOTE = { type: 'note' as const, note: GUEST_ORDER.confirmationWithheld };
const SYSTEM = { userId: null, label: 'Система' };

/** The count of confirmations to one recipient, written with an order (orderMailCount). */
export interface OrderMailCount {
  write: Knex.QueryBuilder;
  /** Judges what the write answered: may the confirmation go? */
  allows(rows: unknown[]): boolean;
  /** The same judgement, for later writes of the write's own batch (platform/db/writeTogether). */
  allowed: BatchCondition;
  /** The order's note that its confirmation was withheld, written by the same batch when it is
   *  (after the write; as `confirmationWithheld`). */
  withheldNote(orderId: number): FollowingWrite;
}

/** The count of confirmations to this recipient, to write with the order (`db`: its transaction;
 *  one statement with the order's records on PostgreSQL, and not counted when the order is
 *  refused); null when it is not capped. */
export function orderMailCount(recipient: string, account: { email: string } | null, db: Knex): OrderMailCount | null {
  const key = normalizeEmailKey(recipient);
  if (account && normalizeEmailKey(account.email) === key) return null;
  const cap = new Throttle(db, ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES * 60_000);
  const write = cap.hitWrite(capKey(key));
  const allows = (rows: unknown[]) => cap.allows(cap.hitCount(rows));
  const allowed: BatchCondition = { follows: write, whenCte: (source) => cap.allowsIn(source), whenRows: allows };
  return {
    write,
    allows,
    allowed,
    withheldNote: (orderId) => historyWhen(db, orderId, WITHHELD_NOTE, SYSTEM, unless(allowed)),
  };
}

/**
 * Whether a later mail about an order may go to its recipient (after the commit of what it tells,
 * outside any transaction). Never capped when the order's account has that address. What the
 * shopper triggers counts against the recipient's cap like a confirmation. What staff do is not
 * counted (a real customer's order moves through several statuses in an hour), but nothing is
 * mailed about an order whose confirmation the cap withheld: its recipient may never have asked
 * for it (the stranger's orders staff then confirm or cancel).
 */
export async function laterOrderMailAllowed(orderId: number, recipient: string, cause: LaterMailCause): Promise<boolean> {
  const key = normalizeEmailKey(recipient);
  const order = await Order.query().findById(orderId).select('userId');
  const account = order?.userId ? await User.query().findById(order.userId).select('email') : undefined;
  if (account && normalizeEmailKey(account.email) === key) return true;
  if (cause === 'staff') return !(await OrderEvent.query().findOne({ orderId, type: 'note', note: GUEST_ORDER.confirmationWithheld }));
  const cap = new Throttle(Order.knex(), ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES * 60_000);
  return cap.allows(await cap.hit(capKey(key)));
}
