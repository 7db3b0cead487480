// Discount codes: finding a code (case-insensitive), checking that it applies now, for this
// e-mail and subtotal, and redeeming it inside the order's transaction with a guarded update
// so that a code with one use left is used once, however many checkouts race for it.
import type { Transaction } from 'objection';
import { Discount } from '../models/Discount';
import { DiscountRedemption } from '../models/DiscountRedemption';
import { badRequest, conflict } from '../http/errors';
import { API } from '../../../domain/messages';
import { formatMoney, fromMinor, type Currency } from '../../../domain/money';
import type { DiscountRule } from '../../../domain/pricing';

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function discountRule(d: Discount): DiscountRule {
  return { type: d.type, value: d.value, minSubtotal: d.minSubtotal };
}

/** The discount for a code, or a 4xx saying plainly why it does not apply. */
export async function checkDiscount(
  code: string,
  ctx: { subtotal: number; email?: string | null; now?: Date; currency?: Currency },
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
  if (ctx.email && d.perCustomerLimit !== null) {
    const [{ n }] = (await DiscountRedemption.query(trx).where({ discountId: d.id, email: ctx.email.toLowerCase() }).count({ n: '*' })) as any;
    if (Number(n) >= d.perCustomerLimit) throw fail(API.discountPerCustomer, 409);
  }
  return d;
}

/** Count one use; refuses (409) when the last use was taken meanwhile. Call inside the order's trx. */
export async function redeemDiscount(d: Discount, orderId: number, email: string, trx: Transaction): Promise<void> {
  const updated = await Discount.query(trx)
    .where('id', d.id)
    .where((q) => q.whereNull('usageLimit').orWhereRaw('?? < ??', ['usedCount', 'usageLimit']))
    .increment('usedCount', 1);
  if (!updated) throw conflict(API.discountUsedUp, { discountCode: API.discountUsedUp });
  await DiscountRedemption.query(trx).insert({ discountId: d.id, orderId, email: email.toLowerCase() } as Partial<DiscountRedemption>);
}
