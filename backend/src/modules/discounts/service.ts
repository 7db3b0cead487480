// Discount codes: finding a code (case-insensitive), checking that it applies now, for this
// customer and subtotal, and redeeming it inside the order's transaction with guarded updates
// so that a code with one use left is used once, however many checkouts race for it.
// Per-customer limits count by customer key, not by the e-mail typed at checkout: a signed-in
// customer is their account (and the account's e-mail), a guest their e-mail normalised
// (domain/email: `name+2@…`, `na.me@gmail.com` and a trailing dot are the same customer). Each
// key has one counter row per code, raised with `uses = uses + 1 WHERE uses < limit`.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { ERASED_EMAIL } from '@domain/privacy';
import { Discount } from '../../models/Discount';
import { DiscountRedemption } from '../../models/DiscountRedemption';
import { badRequest, conflict, tooManyRequests } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { formatMoney, fromMinor, type Currency } from '@domain/money';
import type { DiscountRule } from '@domain/pricing';
import { normalizeEmailKey } from '@domain/email';
import { Order } from '../../models/Order';
import { Throttle } from '../../platform/http/throttle';
import { DISCOUNT_CHECKS_PER_ADDRESS, DISCOUNT_CHECKS_PER_SESSION, DISCOUNT_CHECK_WINDOW_MINUTES } from '@domain/limits';
import { addressLimitKey } from '../../platform/http/clientAddress';

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function discountRule(d: Discount): DiscountRule {
  return { type: d.type, value: d.value, minSubtotal: d.minSubtotal };
}

/** Who counts as one customer for per-customer limits. */
export function customerKeys(who: { user?: { id: number; email: string } | null; email?: string | null }): string[] {
  if (who.user) return [`user:${who.user.id}`, `email:${normalizeEmailKey(who.user.email)}`];
  return who.email ? [`email:${normalizeEmailKey(who.email)}`] : [];
}

/** Whether any of these customer keys has used the code up to its per-customer limit. */
async function usedUpBy(d: Discount, keys: string[], trx?: Transaction): Promise<boolean> {
  if (d.perCustomerLimit === null || d.perCustomerLimit === undefined || !keys.length) return false;
  const rows: Array<{ uses: number | string }> = await (trx ?? Discount.knex())('discountCustomerUses')
    .where('discountId', d.id)
    .whereIn('customerKey', keys)
    .select('uses');
  return rows.some((r) => Number(r.uses) >= d.perCustomerLimit!);
}

/** The discount for a code, or a 4xx saying plainly why it does not apply. The customer is the
 *  signed-in `user`, else the guest's `email`; or `customerKeys` given as they are. */
export async function checkDiscount(
  code: string,
  ctx: {
    subtotal: number;
    email?: string | null;
    user?: { id: number; email: string } | null;
    customerKeys?: string[];
    now?: Date;
    currency?: Currency;
  },
  trx?: Transaction,
): Promise<Discount> {
  const field = { discountCode: '' };
  const fail = (message: string, status: 400 | 409 = 400) => {
    field.discountCode = message;
    return status === 400 ? badRequest(message, { ...field }) : conflict(message, { ...field });
  };
  const d = await Discount.query(trx).findOne({ code: normalizeCode(code) });
  if (!d) throw fail(API.discountInvalid);
  const now = (ctx.now ?? new Date()).toISOString();
  if (!d.active) throw fail(API.discountInactive);
  if (d.startsAt && now < d.startsAt) throw fail(API.discountNotStarted);
  if (d.endsAt && now > d.endsAt) throw fail(API.discountExpired);
  if (d.usageLimit !== null && d.usedCount >= d.usageLimit) throw fail(API.discountUsedUp, 409);
  if (ctx.subtotal < d.minSubtotal) throw fail(API.discountMinSubtotal(formatMoney(fromMinor(d.minSubtotal) ?? 0, ctx.currency)));
  if (await usedUpBy(d, ctx.customerKeys ?? customerKeys(ctx), trx)) throw fail(API.discountPerCustomer, 409);
  return d;
}

/**
 * Count one use, overall and for the customer (the signed-in `user`, else the guest's e-mail);
 * refuses (409) when the last use, or the customer's last use, was taken meanwhile. Call inside
 * the order's trx. The code's row is locked first, then the customer rows in key order, so
 * concurrent checkouts never wait on each other in a circle.
 */
export async function redeemDiscount(
  d: Discount,
  orderId: number,
  email: string,
  trx: Transaction,
  user?: { id: number; email: string } | null,
): Promise<void> {
  const updated = await Discount.query(trx)
    .where('id', d.id)
    .where((q) => q.whereNull('usageLimit').orWhereRaw('?? < ??', ['usedCount', 'usageLimit']))
    .increment('usedCount', 1);
  if (!updated) throw conflict(API.discountUsedUp, { discountCode: API.discountUsedUp });
  const keys = customerKeys({ user, email });
  for (const customerKey of [...keys].sort()) {
    await trx('discountCustomerUses').insert({ discountId: d.id, customerKey, uses: 0 }).onConflict(['discountId', 'customerKey']).ignore();
    const raised = await trx('discountCustomerUses')
      .where({ discountId: d.id, customerKey })
      .where((q) => (d.perCustomerLimit === null || d.perCustomerLimit === undefined ? q : q.where('uses', '<', d.perCustomerLimit)))
      .increment('uses', 1);
    if (!raised) throw conflict(API.discountPerCustomer, { discountCode: API.discountPerCustomer });
  }
  await DiscountRedemption.query(trx).insert({
    discountId: d.id,
    orderId,
    email: email.toLowerCase(),
    customerKey: keys[0] ?? '',
  } as Partial<DiscountRedemption>);
}

/** Proof that a code look-up went through the code-check door: counted against the throttle
 *  (countCodeCheck), or made by staff (an order taken by phone). quoteCart looks a code up only
 *  with one, so no call that carries a code (the check, the quote, the order) can skip the count. */
export type CodeCheckPass = { readonly kind: 'counted' | 'staff' };
export const STAFF_CODE_CHECK: CodeCheckPass = Object.freeze({ kind: 'staff' });

/** One more code check by `who` (a session or an account) from this address: 429 past either
 *  limit, before the code is looked up (a right code guessed past the limit is not revealed). */
export async function countCodeCheck(who: string, ip: string): Promise<CodeCheckPass> {
  const window = DISCOUNT_CHECK_WINDOW_MINUTES * 60_000;
  const okWho = await new Throttle(Order.knex(), DISCOUNT_CHECKS_PER_SESSION, window).allow([`discount-check:${who}`]);
  const okAddress = await new Throttle(Order.knex(), DISCOUNT_CHECKS_PER_ADDRESS, window).allow([
    `discount-check:ip:${addressLimitKey(ip)}`,
  ]);
  if (!okWho || !okAddress) throw tooManyRequests(API.tooManyCodeChecks);
  return { kind: 'counted' };
}

/** The per-customer keys of the guest orders among these (a browser's own orders). */
export async function guestOrdersCustomerKeys(orderIds: number[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const own = await Order.query().whereIn('id', orderIds).whereNull('userId').select('customerEmail');
  return [...new Set(own.flatMap((o) => customerKeys({ email: o.customerEmail })))];
}

/**
 * Erasing a person's data: the codes redeemed on these orders no longer name the buyer, and their
 * counted uses by address (`customerKeys`: `email:<key>`) are forgotten.
 */
export async function forgetBuyerOfOrders(trx: Knex.Transaction, orderIds: number[], customerKeys: string[]): Promise<void> {
  await trx('discount_redemptions').whereIn('orderId', orderIds).update({ email: ERASED_EMAIL });
  await trx('discount_redemptions').whereIn('orderId', orderIds).whereIn('customerKey', customerKeys).update({ customerKey: '' });
  await trx('discount_customer_uses').whereIn('customerKey', customerKeys).delete();
}
