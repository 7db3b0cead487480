// Caps on e-mail that a stranger can make the shop send to any address: order confirmations
// typed for someone else's e-mail. The order is placed either way; past the cap the recipient
// just gets no more confirmations for a while. A customer's orders to their own account's
// address are never capped.
import { Throttle } from '../../platform/http/throttle';
import { Order } from '../../models/Order';
import { normalizeEmailKey } from '../../../../domain/email';
import { ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES } from '../../../../domain/limits';

export async function orderMailAllowed(recipient: string, account: { email: string } | null): Promise<boolean> {
  const key = normalizeEmailKey(recipient);
  if (account && normalizeEmailKey(account.email) === key) return true;
  return new Throttle(Order.knex(), ORDER_MAILS_PER_RECIPIENT, ORDER_MAIL_WINDOW_MINUTES * 60_000).allow([`order-mail:${key}`]);
}
