// A company's order held for an owner's approval (a buyer's order above their limit) is placed when
// an owner approves it: its lines are quoted again as the buyer chose them, on the company's terms
// now (prices, packs, permit, credit limit), the stock is taken, the company invoiced, and the order
// goes on as if placed then — the staff's notice and the buyer's confirmation follow. When the total
// moved since the buyer saw it, the owner is shown the new one (409) and approves it knowingly. An
// owner who declines cancels it with a reason the buyer is mailed; nothing was taken, so nothing
// comes back.
import { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { conflict, notFound } from '../../platform/http/errors';
import { declare } from '../../platform/events';
import { API } from '@domain/messages';
import { MEMBER_TEXT } from '@domain/companyMembers';
import type { Currency } from '@domain/money';
import { actorOf, changeOrder, claimHeldOrder, dropHeldRequest, recordHistory, repriceOrder, setPaymentDue } from '../orders';
import { notifyStaff } from '../staff';
import { issueTradeInvoiceIn } from '../invoices';
import { visitorOf } from '../catalogue';
import { tradeTermsOf } from '../trade';
import { paymentDueAt, quoteCart, quoteView } from './quote';
import { itemRows, newOrderNotice, TotalChangedError, type HeldRequest } from './service';
import { takeStock } from './stockTake';

/** The held order of the owner's company, or 404 (another company's, or no such order). */
async function heldOrderOf(owner: User, orderId: number, trx?: Parameters<typeof Order.query>[0]): Promise<Order> {
  const order = await Order.query(trx).findById(orderId);
  if (!order || !owner.companyId || order.companyId !== owner.companyId) throw notFound(API.orderNotFound);
  if (order.status !== 'awaiting_approval') throw conflict(MEMBER_TEXT.notAwaiting, { status: MEMBER_TEXT.notAwaiting });
  return order;
}

const ownerName = (owner: User) => `${owner.firstName ?? ''} ${owner.lastName ?? ''}`.trim() || owner.email;

/**
 * An owner approves: in one transaction the order leaves `awaiting_approval` by a guarded update (two
 * owners approving at once place it once), is quoted again, re-priced if the owner accepted a new
 * total, and placed. `expectedTotal` (minor units) is the total the owner was last shown.
 */
export async function approveHeldOrder(owner: User, orderId: number, expectedTotal?: number): Promise<Order> {
  return Order.transaction(async (trx) => {
    const order = await heldOrderOf(owner, orderId, trx);
    const claimed = await claimHeldOrder(trx, orderId);
    if (!claimed) throw conflict(MEMBER_TEXT.notAwaiting, { status: MEMBER_TEXT.notAwaiting });
    const held = JSON.parse(order.heldRequest ?? '{"lines":[],"prepayment":false}') as HeldRequest;
    // An order by an answered quote keeps the quote's prices.
    const fixedNetPrices = held.netPrices ? new Map(held.netPrices) : undefined;
    // The company's terms now, whoever of its members placed it (the owner's are the same company's).
    const terms = await tradeTermsOf(owner);
    const visitor = visitorOf({ role: 'customer' }, terms);
    const quote = await quoteCart(
      { items: held.lines, shippingMethod: order.shippingMethod, prepayment: held.prepayment, email: order.customerEmail },
      null,
      { trx, strictDiscount: true, stockTakenAfter: true, visitor, fixedNetPrices },
    );
    const { totals } = quote;
    if (totals.total !== order.total && (expectedTotal === undefined || expectedTotal !== totals.total))
      throw new TotalChangedError(
        quoteView(
          await quoteCart({ items: held.lines, shippingMethod: order.shippingMethod, prepayment: held.prepayment }, null, {
            trx,
            strictDiscount: true,
            checkStock: true,
            visitor,
            fixedNetPrices,
          }),
        ),
      );
    if (totals.total !== order.total || totals.subtotal !== order.subtotal) {
      // Priced again as the owner was shown: the lines, the totals and the payment's amount.
      await repriceOrder(trx, orderId, itemRows(orderId, quote.lines), totals);
    }
    // Due from the approval, on the company's terms (or at once when paid in advance).
    if (order.paymentMethod === 'bank_transfer' && terms)
      await setPaymentDue(trx, orderId, paymentDueAt(held.prepayment ? { paymentTermsDays: 0 } : terms));
    const placed = (await Order.query(trx).findById(orderId))!;
    await takeStock(quote, placed, null, trx, null, null, owner.id);
    await issueTradeInvoiceIn(orderId, trx);
    const actor = actorOf(owner);
    await recordHistory(
      trx,
      orderId,
      { type: 'status', fromStatus: 'awaiting_approval', toStatus: 'pending', note: `Одобрена от ${ownerName(owner)}` },
      actor,
    );
    await notifyStaff(
      newOrderNotice(
        orderId,
        placed.number,
        { firstName: placed.customerFirstName, lastName: placed.customerLastName },
        placed.total,
        placed.currency as Currency,
      ),
      trx,
    );
    await declare(trx, 'order.placed', { order: { id: orderId } as Order, mail: true });
    return placed;
  });
}

/** An owner declines with a reason: the order is cancelled (nothing was taken) and its buyer told. */
export async function declineHeldOrder(owner: User, orderId: number, reason: string): Promise<Order> {
  return Order.transaction(async (trx) => {
    await heldOrderOf(owner, orderId, trx);
    const by = ownerName(owner);
    // The buyer hears it from the decline's own mail, with the reason.
    const order = await changeOrder(
      orderId,
      { status: 'cancelled', note: `Отказана от ${by}: ${reason}`, cause: 'shopper' },
      { trx, actor: actorOf(owner) },
    );
    await dropHeldRequest(trx, orderId);
    await declare(trx, 'order.approvalDeclined', { orderId, by, reason });
    return order;
  });
}
