// Order totals: the one computation, run on the server by the quote (POST /api/checkout/quote)
// that the cart page, the checkout page, the discount check and placing an order all use. The
// front ends show the quote and never add up totals themselves. Everything is integer minor
// units of the shop's currency of account (stotinki or euro cents); prices include VAT.
// Order of the rules: lines → discount on the subtotal → shipping, judged on what remains
// after the discount (the free-shipping threshold included).
import type { ShippingMethod } from './orderStatus';
import { VAT_RATE } from './money';

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

/** Whether a unit price includes VAT (the shop's retail prices) or not (a trade price list's net prices). */
export type PricesInclude = 'gross' | 'net';

export interface LineAmountsInput {
  /** The price of one unit, integer minor units. */
  unitMinor: number;
  quantity: number;
  /** VAT in whole percent (20). */
  vatPercent: number;
  /** 'gross': unitMinor includes VAT (retail); 'net': it does not (trade). */
  pricesInclude: PricesInclude;
}

/** One line's money, minor units: net (the tax base) + vat = gross, exactly. */
export interface LineAmounts {
  /** The unit's price before VAT, rounded half-up (shown on invoices; not multiplied back). */
  unitNet: number;
  /** The unit's price with VAT (for net prices: rounded half-up; shown only). */
  unitGross: number;
  net: number;
  vat: number;
  gross: number;
}

/** a / b rounded half away from zero, exact in integers (no float at the .5 boundary). */
function divideHalfUp(a: number, b: number): number {
  const sign = Math.sign(a);
  const abs = Math.abs(a);
  const q = Math.floor(abs / b);
  return sign * (2 * (abs - q * b) >= b ? q + 1 : q);
}

/**
 * The one rule for a line's money, used by the quote, the order and every invoice and credit
 * note (the rule a Bulgarian accountant checks line by line):
 * - gross prices (retail, VAT included): gross = unit × quantity; VAT = round(gross × p / (100 + p));
 *   net = gross − VAT;
 * - net prices (trade): net = unit × quantity; VAT = round(net × p / 100); gross = net + VAT.
 * Rounding is half away from zero, to the minor unit, once per line; a document's totals are the
 * sums of its lines (sumLineAmounts), never a second rounding of the total.
 */
export function lineAmounts({ unitMinor, quantity, vatPercent, pricesInclude }: LineAmountsInput): LineAmounts {
  if (pricesInclude === 'gross') {
    const gross = unitMinor * quantity;
    const vat = divideHalfUp(gross * vatPercent, 100 + vatPercent);
    return {
      unitGross: unitMinor,
      unitNet: unitMinor - divideHalfUp(unitMinor * vatPercent, 100 + vatPercent),
      net: gross - vat,
      vat,
      gross,
    };
  }
  const net = unitMinor * quantity;
  const vat = divideHalfUp(net * vatPercent, 100);
  return { unitNet: unitMinor, unitGross: unitMinor + divideHalfUp(unitMinor * vatPercent, 100), net, vat, gross: net + vat };
}

/** Money of a line without its unit prices: what a credit note takes of it. */
export type LinePart = Pick<LineAmounts, 'net' | 'vat' | 'gross'>;

/** `wanted` held between nothing and `remaining`, in the remaining amount's direction (a
 *  discount line is negative). */
function bounded(wanted: number, remaining: number): number {
  return remaining >= 0 ? Math.min(Math.max(wanted, 0), remaining) : Math.max(Math.min(wanted, 0), remaining);
}

/**
 * The part of a line a credit note takes when the line is credited in parts. Rounding each part
 * as a line of its own would add up to more than the line (12 × 5,13 net credited one by one:
 * 12 × 1,03 VAT = 12,36 against the line's 12,31). Instead a part is what the line comes to up to
 * and with this note (`upTo`: the line's first units, by lineAmounts, or the line itself once its
 * last units are credited) less what the earlier notes took (`taken`): so the parts of a line add
 * up to the line exactly, the note with the last units takes exactly what remains, and no part
 * takes more than remains of the net or of the VAT.
 */
export function creditedPart(line: LinePart, taken: LinePart, upTo: LinePart): LinePart {
  const net = bounded(upTo.net - taken.net, line.net - taken.net);
  const vat = bounded(upTo.vat - taken.vat, line.vat - taken.vat);
  return { net, vat, gross: net + vat };
}

/** A document's totals: the sums of its lines. */
export function sumLineAmounts(lines: Array<Pick<LineAmounts, 'net' | 'vat' | 'gross'>>): { net: number; vat: number; gross: number } {
  return lines.reduce((s, l) => ({ net: s.net + l.net, vat: s.vat + l.vat, gross: s.gross + l.gross }), { net: 0, vat: 0, gross: 0 });
}

/** The shop's VAT rate in whole percent. */
export const SHOP_VAT_PERCENT = Math.round(VAT_RATE * 100);

/** A retail line's total (prices include VAT): lineAmounts' gross. */
export function lineTotal(line: PricedLine): number {
  return lineAmounts({ unitMinor: line.unitPrice, quantity: line.quantity, vatPercent: SHOP_VAT_PERCENT, pricesInclude: 'gross' }).gross;
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

export function shippingFee(
  method: ShippingMethod | null | undefined,
  afterDiscount: number,
  rule: ShippingRule,
  d?: DiscountRule | null,
): number {
  if (!method) return 0;
  if (d?.type === 'free_shipping' && afterDiscount + discountAmount(afterDiscount, d) >= d.minSubtotal) return 0;
  if (rule.freeShippingThreshold !== null && afterDiscount >= rule.freeShippingThreshold) return 0;
  return rule.fees[method] ?? 0;
}

export function computeTotals(
  lines: PricedLine[],
  shipping: { method: ShippingMethod | null; rule: ShippingRule },
  discount?: DiscountRule | null,
): Totals {
  const subtotal = subtotalOf(lines);
  const discountTotal = discountAmount(subtotal, discount);
  const afterDiscount = subtotal - discountTotal;
  const shippingTotal = lines.length ? shippingFee(shipping.method, afterDiscount, shipping.rule, discount) : 0;
  return { subtotal, discountTotal, shippingTotal, total: afterDiscount + shippingTotal };
}

/** What each shipping method would cost with these lines and this discount (same rule as the total). */
export function shippingOptions(lines: PricedLine[], rule: ShippingRule, discount?: DiscountRule | null): Record<ShippingMethod, number> {
  const out = {} as Record<ShippingMethod, number>;
  for (const method of Object.keys(rule.fees) as ShippingMethod[])
    out[method] = computeTotals(lines, { method, rule }, discount).shippingTotal;
  return out;
}

/** How much more (after the discount) until shipping is free; null when there is no threshold. */
export function freeShippingMissing(totals: Totals, rule: ShippingRule): number | null {
  if (rule.freeShippingThreshold === null) return null;
  return Math.max(0, rule.freeShippingThreshold - (totals.subtotal - totals.discountTotal));
}

/** A trade (net-priced) document's money: its goods lines, its shipping and its totals, minor units. */
export interface NetDocument {
  /** Each goods line by lineAmounts (pricesInclude 'net'), in the order given. */
  lines: LineAmounts[];
  /** The shipping as a service line: its fee is gross (settings), its net and VAT derived from it. */
  shipping: LineAmounts;
  /** The goods' net (Σ lines' net): what the trade minimum is judged on. */
  subtotalNet: number;
  /** The goods with VAT (Σ lines' gross). */
  subtotalGross: number;
  /** Σ every line's VAT (goods and shipping). */
  vatTotal: number;
  /** Σ every line's net (goods and shipping): the document's tax base. */
  netTotal: number;
  /** Σ every line's gross: what the buyer pays. netTotal + vatTotal = total, exactly. */
  total: number;
}

/**
 * A net-priced document (a trade quote, order or invoice): every goods line by lineAmounts with
 * pricesInclude 'net' (net = unit × quantity, VAT rounded half-up once per line), the shipping fee
 * (gross, as settings keep it) as a gross line, and the totals as the sums of the lines, never a
 * second rounding of a total. The quote, the order and the invoice all call this.
 */
export function netDocumentTotals(
  items: ReadonlyArray<{ unitNet: number; quantity: number }>,
  shippingGross: number,
  vatPercent = SHOP_VAT_PERCENT,
): NetDocument {
  const lines = items.map((i) => lineAmounts({ unitMinor: i.unitNet, quantity: i.quantity, vatPercent, pricesInclude: 'net' }));
  const shipping = lineAmounts({ unitMinor: shippingGross, quantity: 1, vatPercent, pricesInclude: 'gross' });
  const goods = sumLineAmounts(lines);
  const all = sumLineAmounts([...lines, shipping]);
  return {
    lines,
    shipping,
    subtotalNet: goods.net,
    subtotalGross: goods.gross,
    vatTotal: all.vat,
    netTotal: all.net,
    total: all.gross,
  };
}
