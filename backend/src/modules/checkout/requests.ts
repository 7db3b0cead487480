// What the checkout's routes ask, with the request's own facts (who asks, from which browser,
// the code-check door): placing an order (the shopper's POST /orders/create and staff's order
// taken by phone), the price quote and the discounts' preview of a code. The routes stay thin; this is where other areas are used.
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { Order } from '../../models/Order';
import { orderApprovalInput, orderDeclineInput } from '@domain/schemas/trade';
import { approveHeldOrder, declineHeldOrder } from './approval';
import { badRequest, forbidden } from '../../platform/http/errors';
import { MEMBER_TEXT } from '@domain/companyMembers';
import { checkoutSchemaFor, phoneOrderInput, quoteInput, tradeQuoteInput } from '@domain/schemas/checkout';
import type { Visitor } from '../catalogue';
import { discountCheckInput } from '@domain/schemas/discounts';
import type { ApiOrder } from '@domain/api';
import { API } from '@domain/messages';
import { currentUser } from '../../platform/http/auth';
import { idempotencyClaimOf, type Answer, type Effect } from '../../platform/http/idempotency';
import { codeCheckOf, previewCustomerKeys, throttleChecks } from '../discounts';
import { checkInvoiceRequest } from '../invoices';
import { actorOf, findOrder, guestOrdersWith, orderView, rememberGuestOrder, mayActOnOrder, requireOrderAuthority } from '../orders';
import { sessionSaveAlong, type ShopSession } from '../../platform/http/session';
import { checkout, takePhoneOrder } from './service';
import { quoteCart, quoteView, type QuoteView } from './quote';

/** The shopper's order: the checked body, the code-check door, the guest's limits; a guest's
 *  browser remembers the order. */
export async function placeShopOrder(ctx: Context): Promise<ApiOrder> {
  const visitor = ctx.state.visitor as Visitor | undefined;
  const input = parseBody(ctx.request.body, checkoutSchemaFor(ctx.request.body, !!visitor?.trade));
  if (input.discountCode === null || input.discountCode === '') delete input.discountCode;
  const user = ctx.state.user as User | null;
  // A code on the order is a code check like any other: counted before it is looked up.
  const codeCheck = await codeCheckOf(ctx, user, input.discountCode);
  const guest = user ? undefined : { ip: ctx.ip, proof: input.altcha };
  const placed = await checkout(ctx.config, input, {
    user,
    invoice: checkInvoiceRequest(input.invoice),
    codeCheck,
    guest,
    visitor,
    once: idempotencyClaimOf(ctx),
    // A guest's browser remembers the order in the order's own transaction: its session is saved
    // with the order's records (no commit of its own after the answer).
    savedWith: user
      ? undefined
      : (trx, orderId) => sessionSaveAlong(ctx, trx, (s) => ({ ...s, orderIds: guestOrdersWith(s as ShopSession, orderId) })),
  });
  if (!user) rememberGuestOrder(ctx, placed.id);
  return orderView(placed);
}

/** The shopper's order made by an earlier copy of a request sent with the same Idempotency-Key,
 *  whose own answer was lost (platform/http/idempotency): the order as it is now. */
export async function shopOrderAgain(_ctx: Context, effect: Effect): Promise<Answer> {
  return { status: 201, body: { message: API.orderCreated, order: orderView(await findOrder(effect.id)) } };
}

/** A copy answered again: a guest's browser may open the order (its session may have been lost
 *  with the first answer). */
export function shopOrderReplayed(ctx: Context, effect: Effect): void {
  if (!ctx.state.user) rememberGuestOrder(ctx, effect.id);
}

/** Staff's phone order made by an earlier copy (as `shopOrderAgain`). */
export async function phoneOrderAgain(_ctx: Context, effect: Effect): Promise<Answer> {
  return { status: 201, body: { ...orderView(await findOrder(effect.id), { staff: true }), message: API.orderCreated } };
}

/**
 * An order taken by phone: the checkout's own transaction (server prices, guarded stock, discount),
 * linked to the customer's account when the e-mail belongs to one, with who took it in the history.
 */
export async function placePhoneOrder(ctx: Context): Promise<ApiOrder> {
  const { staffNote, ...input } = parseBody(ctx.request.body, phoneOrderInput);
  if (!input.discountCode) delete input.discountCode;
  if (!input.items?.length) throw badRequest(API.cartEmpty, { items: API.cartEmpty });
  const placed = await takePhoneOrder(ctx.config, input, actorOf(currentUser(ctx)), staffNote, idempotencyClaimOf(ctx));
  return orderView(await findOrder(placed.id), { staff: true });
}

/** The one price quote for the cart page and the checkout page. */
export async function quoteRequest(ctx: Context): Promise<QuoteView> {
  const visitor = ctx.state.visitor as Visitor | undefined;
  const input = parseBody(ctx.request.body, visitor?.trade ? tradeQuoteInput : quoteInput);
  const user = ctx.state.user as User | null;
  // A code on the quote is a code check: the same throttle, and the same rule that a guest's
  // typed e-mail is never looked up (only what this browser or account has itself used).
  const codeCheck = await codeCheckOf(ctx, user, input.discountCode);
  const customerKeys = codeCheck ? await previewCustomerKeys(ctx, user) : undefined;
  return quoteView(
    await quoteCart(
      {
        items: input.items,
        shippingMethod: input.shipping?.method ?? null,
        discountCode: input.discountCode,
        email: input.email,
        customerKeys,
        codeCheck,
        // A member's bank transfer paid in advance: the quote states its due date (today).
        prepayment: input.prepayment,
      },
      user,
      { visitor },
    ),
  );
}

/** Preview a code on the shopper's cart (POST /discounts/check): the one quote, refusing a code
 *  that does not apply. Answers the quote beside the older `totals` shape. */
export async function codePreview(ctx: Context) {
  const input = parseBody(ctx.request.body, discountCheckInput);
  const user = ctx.state.user as User | null;
  const codeCheck = await throttleChecks(ctx, user);
  const keys = await previewCustomerKeys(ctx, user);
  const quote = quoteView(
    await quoteCart(
      {
        items: input.items,
        shippingMethod: input.shippingMethod ?? null,
        discountCode: input.code,
        email: input.email,
        customerKeys: keys,
        codeCheck,
      },
      user,
      { strictDiscount: true, visitor: ctx.state.visitor as Visitor | undefined },
    ),
  );
  return {
    message: API.discountApplied,
    discount: quote.discount,
    totals: { subtotal: quote.subtotal, discountTotal: quote.discountTotal, shippingTotal: quote.shippingTotal, total: quote.total },
    quote,
  };
}

/** Only an owner of the order's company decides on it: whoever else may see it (its buyer, staff)
 *  is refused with 403, anyone else finds no such order. */
async function requireOwnerOf(ctx: Context, id: number): Promise<void> {
  const order = await Order.query().findById(id);
  if (order && !mayActOnOrder(ctx, order, 'approve') && mayActOnOrder(ctx, order, 'see')) throw forbidden(MEMBER_TEXT.ownersOnly);
  requireOrderAuthority(ctx, order, 'approve');
}

/** POST /trade/orders/:id/approve: an owner of the order's company places a held order (the one
 *  authority rule over orders decides who is an owner of it). */
export async function approveRequest(ctx: Context): Promise<ApiOrder> {
  const id = parseId(ctx.params.id);
  const owner = currentUser(ctx);
  await requireOwnerOf(ctx, id);
  const { expectedTotal } = parseBody(ctx.request.body ?? {}, orderApprovalInput);
  await approveHeldOrder(owner, id, expectedTotal);
  return orderView(await findOrder(id));
}

/** POST /trade/orders/:id/decline { reason }: an owner declines a held order. */
export async function declineRequest(ctx: Context): Promise<ApiOrder> {
  const id = parseId(ctx.params.id);
  const owner = currentUser(ctx);
  await requireOwnerOf(ctx, id);
  const { reason } = parseBody(ctx.request.body ?? {}, orderDeclineInput);
  await declineHeldOrder(owner, id, reason);
  return orderView(await findOrder(id));
}
