// Order totals: the one computation, run on the server by the quote (POST /api/checkout/quote)
// that the cart page, the checkout page, the discount check and placing an order all use. The
// front ends show the quote and never add up totals themselves. Everything is integer minor
// units of the shop's currency of account (stotinki or euro cents); prices include VAT.
// Order of the rules: lines → discount on the subtotal → shipping, judged on what remains
// after the discount (the free-shipping threshold included).
import type { ShippingMethod } from './orderStatus';

/** The kinds of discount code. */
export const DISCOUNT_TYPES = ['percent', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_TYPES)[number];

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export interface DiscountRule {
  type: DiscountKind;
  /** whole percent for 'percent', minor units for 'fixed', unused for 'free_shipping' */
  value: number;
  minSubtotal: number;
}

export interface ShippingRule {
  fees: Record<ShippingMethod, number>;
  /** Subtotal (after discount) from which shipping is free; null for never. */
  freeShippingThreshold: number | null;
}

export interface Totals {
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  total: number;
}

export function lineTotal(line: PricedLine): number {
  return line.unitPrice * line.quantity;
}

export function subtotalOf(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

/** The discount a code gives on a subtotal (0 when the minimum is not reached). */
export function discountAmount(subtotal: number, d: DiscountRule | null | undefined): number {
  if (!d || subtotal < d.minSubtotal) return 0;
  if (d.type === 'percent') return Math.min(subtotal, Math.round((subtotal * Math.min(d.value, 100)) / 100));
  if (d.type === 'fixed') return Math.min(subtotal, d.value);
  return 0;
}

export function shippingFee(method: ShippingMethod | null | undefined, afterDiscount: number, rule: ShippingRule, d?: DiscountRule | null): number {
  if (!method) return 0;
  if (d?.type === 'free_shipping' && afterDiscount + discountAmount(afterDiscount, d) >= d.minSubtotal) return 0;
  if (rule.freeShippingThreshold !== null && afterDiscount >= rule.freeShippingThreshold) return 0;
  return rule.fees[method] ?? 0;
}

export function computeTotals(lines: PricedLine[], shipping: { method: ShippingMethod | null; rule: ShippingRule }, discount?: DiscountRule | null): Totals {
  const subtotal = subtotalOf(lines);
  const discountTotal = discountAmount(subtotal, discount);
  const afterDiscount = subtotal - discountTotal;
  const shippingTotal = lines.length ? shippingFee(shipping.method, afterDiscount, shipping.rule, discount) : 0;
  return { subtotal, discountTotal, shippingTotal, total: afterDiscount + shippingTotal };
}

/** What each shipping method would cost with these lines and this discount (same rule as the total). */
export function shippingOptions(lines: PricedLine[], rule: ShippingRule, discount?: DiscountRule | null): Record<ShippingMethod, number> {
  const out = {} as Record<ShippingMethod, number>;
  for (const method of Object.keys(rule.fees) as ShippingMethod[]) out[method] = computeTotals(lines, { method, rule }, discount).shippingTotal;
  return out;
}

/** How much more (after the discount) until shipping is free; null when there is no threshold. */
export function freeShippingMissing(totals: Totals, rule: ShippingRule): number | null {
  if (rule.freeShippingThreshold === null) return null;
  return Math.max(0, rule.freeShippingThreshold - (totals.subtotal - totals.discountTotal));
}
