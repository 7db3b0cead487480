// The orders area's effects after commit (platform/events): the confirmation of a placed order,
// the one status-change e-mail for every path that moves an order (staff, the waybill, courier
// tracking), and the acknowledgement of the shopper's cancellation or withdrawal. Each within the
// recipient's mail cap (orders/mailCaps); none for a change that rolled back. All durable (the
// outbox): a mail owed is sent after a restart too, and not twice when its effect runs again.
import type { Config } from '../../config';
import { subscribe } from '../../platform/events';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, allowedPaymentMoves } from '@domain/orderStatus';
import { mailCustomer, orderConfirmationMail, statusChangedMail, withdrawalMail } from './mail';
import { orderById, orderView, withDetails, type OrderView } from './service';
import { Order } from '../../models/Order';
import './events';

/** The order as it is now, or null when it was deleted meanwhile. */
async function currentView(orderId: number): Promise<OrderView | null> {
  const order = await orderById(orderId);
  return order ? orderView((await withDetails([order]))[0]) : null;
}

export function subscribeOrdersEvents(config: Config): void {
  subscribe('order.placed', 'orders.confirmationMail', async ({ order, mail }, effect) => {
    if (!mail) return;
    // Run again from the outbox (after a failure or a restart) the order comes as JSON: read it.
    const view = order instanceof Order ? orderView(order) : await currentView((order as { id: number }).id);
    if (view) await mailCustomer(config, view, orderConfirmationMail, 'counted', effect);
  });
  // One mail per move, telling that move (a later move has its own mail).
  subscribe('order.statusChanged', 'orders.statusMail', async ({ orderId, to, cause }, effect) => {
    if (cause === 'shopper') return;
    const view = await currentView(orderId);
    if (!view) return;
    await mailCustomer(
      config,
      {
        ...view,
        status: to,
        statusLabel: ORDER_STATUS_LABELS[to],
        allowedTransitions: ORDER_TRANSITIONS[to],
        allowedPaymentMoves: allowedPaymentMoves(to, view.paymentStatus),
      },
      statusChangedMail,
      cause,
      effect,
    );
  });
  subscribe('order.withdrawn', 'orders.withdrawalMail', async ({ orderId, kind, at }, effect) => {
    const view = await currentView(orderId);
    if (view) await mailCustomer(config, view, withdrawalMail(kind, at), 'shopper', effect);
  });
}
