// The one price quote: lines priced from the catalogue, the discount code checked, shipping
// judged after the discount (domain/pricing), in the shop's currency of account. The cart page,
// the checkout page, the discount check and placing an order all run this same function, so what
// a shopper is shown is what an order charges.
import type { Transaction } from 'objection';
import type { User } from '../../models/User';
import type { Discount } from '../../models/Discount';
import { HttpError, badRequest, conflict } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { formatMoney, fromMinor, type Currency } from '@domain/money';
import {
  computeTotals,
  freeShippingMissing,
  netDocumentTotals,
  shippingFee,
  shippingOptions,
  type NetDocument,
  type Totals,
} from '@domain/pricing';
import type { ShippingMethod } from '@domain/orderStatus';
import { tradeQuantityProblem, tradeQuantityRule, type TradeQuantityRule, type TradeTerms } from '@domain/trade';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DUNNING_TEXT } from '@domain/dunning';
import { DAY_MS } from '@domain/dates';
import { Variant } from '../../models/Variant';
import { LineInput, ResolvedLine, resolveLines } from '../cart';
import { checkDiscount, discountRule, type CodeCheckPass } from '../discounts';
import { cartLinesOf } from '../cart';
import { getSettings, shippingRule, ShopSettings } from '../settings';
import { tradeUnitPrices, visitorOf, type Visitor } from '../catalogue';
import { companyDunning, companyUnpaidTotal, lockCompanyCredit } from '../orders';
import { refuseOnExpiredPermit } from '../trade';
import { concurrently } from '../../platform/db/concurrently';

export interface QuoteInput {
  /** A guest's cookie lines; without them a signed-in user's server cart is quoted. */
  items?: LineInput[];
  shippingMethod: ShippingMethod | null;
  discountCode?: string | null;
  email?: string | null;
  /** A company's order paid in advance (due at once). */
  prepayment?: boolean;
  /** Whose per-customer limits a preview checks (modules/discounts/routes previewCustomerKeys); without
   *  them the signed-in account's, else the typed e-mail's (checkout). */
  customerKeys?: string[];
  /** The code-check door's pass (discounts/routes codeCheckOf): a code is looked up only with one. */
  codeCheck?: CodeCheckPass;
}

export interface QuoteOptions {
  /** Inside the order's transaction (stock checked). Settings and prices come from the same kept
   *  catalogue (dropped together by any write to either), so an order's currency and its prices are
   *  of the same moment, and what it charges is what the page showed. */
  trx?: Transaction;
  /** A code that does not apply refuses the quote (checkout, the discount check) instead of
   *  being reported beside it (the cart and checkout pages). */
  strictDiscount?: boolean;
  checkStock?: boolean;
  /** Checkout takes the stock with guarded updates: it is not read for the quote (cart/lines). */
  stockTakenAfter?: boolean;
  /** Who buys (ctx.state.visitor); without it the user as a consumer. A member of an approved
   *  company (visitor.trade) gets the trade quote: net prices, packs, minimum, credit limit. */
  visitor?: Visitor;
  /** An order placed by an answered quote (modules/quotes): each variant's agreed net unit price
   *  (minor units) stands in for the price list's. Only a member's quote takes it; every other
   *  rule of a trade order still holds. */
  fixedNetPrices?: ReadonlyMap<number, number>;
}

/** A member's quote: the company's terms, each line's pack size and quantity rule, the net
 *  document's amounts. */
export interface TradeQuote {
  terms: TradeTerms;
  /** By line index. */
  packSizes: number[];
  /** By line index: the product's trade minimum and multiple (domain/trade tradeQuantityRule). */
  quantityRules: TradeQuantityRule[];
  amounts: NetDocument;
  /** What the company owed before this order, with VAT, minor units. */
  unpaid: number;
  minimumOrder: number;
  /** Paid in advance: due at once. */
  prepayment: boolean;
  /** Its dunning: held to prepayment while something is overdue past the settings' days. */
  dunning: { prepaymentOnly: boolean; daysOverdue: number; overdue: number; afterDays: number };
}

export interface Quote {
  lines: ResolvedLine[];
  totals: Totals;
  currency: Currency;
  settings: ShopSettings;
  shippingMethod: ShippingMethod | null;
  discount: Discount | null;
  discountError?: string;
  /** Whether the server cart was quoted (checkout then empties it). */
  fromServerCart: boolean;
  /** A member's order (lines' unitPrice and lineTotal net); null for a consumer. */
  trade: TradeQuote | null;
}

export async function quoteCart(input: QuoteInput, user: User | null, opts: QuoteOptions = {}): Promise<Quote> {
  const { trx } = opts;
  const fromServerCart = !input.items && !!user;
  const wanted: LineInput[] = fromServerCart ? await cartLinesOf(user!.id, trx) : (input.items ?? []);
  if (!wanted.length) throw badRequest(API.cartEmpty, { items: API.cartEmpty });
  const settings = await getSettings(trx);
  const visitor = opts.visitor ?? visitorOf(user);
  // What the shopper may buy is the catalogue's policy (catalogue/visibility), checked per line.
  const lines = await resolveLines(wanted, trx, {
    checkStock: opts.checkStock ?? false,
    stockTakenAfter: opts.stockTakenAfter,
    path: (i) => `items.${i}`,
    visitor,
  });
  if (visitor.trade) return tradeQuote(visitor.trade, lines, input, settings, fromServerCart, opts);
  if (opts.fixedNetPrices) throw new Error('Agreed net prices quoted without a member of a company');
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);

  let discount: Discount | null = null;
  let discountError: string | undefined;
  const code = input.discountCode?.trim();
  if (code) {
    // Every call that carries a code counts it at the one throttled door first.
    if (!input.codeCheck) throw new Error('A discount code looked up without the code-check door (discounts/routes codeCheckOf)');
    try {
      discount = await checkDiscount(
        code,
        { subtotal, email: input.email ?? null, user, customerKeys: input.customerKeys, currency: settings.currency },
        trx,
      );
    } catch (err) {
      if (opts.strictDiscount || !(err instanceof HttpError) || err.status >= 500) throw err;
      discountError = err.message;
    }
  }
  const totals = computeTotals(
    lines,
    { method: input.shippingMethod, rule: shippingRule(settings) },
    discount ? discountRule(discount) : null,
  );
  return {
    lines,
    totals,
    currency: settings.currency,
    settings,
    shippingMethod: input.shippingMethod,
    discount,
    discountError,
    fromServerCart,
    trade: null,
  };
}

/**
 * A member's quote: each line at the company's trade unit price for its quantity (net, catalogue's
 * tradeUnitPrices: the list's quantity breaks, one batch for all lines), at least the product's
 * trade minimum and in multiples of its multiple (the pack by default), computed as a net document
 * (domain/pricing netDocumentTotals: every line's VAT rounded once, totals the sums of the lines);
 * the shipping fee (gross, as settings keep it) is a gross service line, free from the same
 * threshold as a consumer's (judged on the goods with VAT). No discount codes: the price list is
 * the company's discount. Refused: a quantity below the product's minimum or not its multiple (400
 * naming the line), a net subtotal below the trade minimum (400 with both amounts), and an order
 * that would take the company's unpaid total past its credit limit (409 with the limit, the unpaid
 * and this order). Inside an order's transaction the company's row is held
 * (orders/lockCompanyCredit) so that two orders judge the limit one after the other.
 */
async function tradeQuote(
  terms: TradeTerms,
  resolved: ResolvedLine[],
  input: QuoteInput,
  settings: ShopSettings,
  fromServerCart: boolean,
  opts: QuoteOptions,
): Promise<Quote> {
  const { trx } = opts;
  // An expired tobacco trade permit stops regulated goods (409 naming it), whatever else holds.
  await refuseOnExpiredPermit(terms, resolved, trx);
  let discountError: string | undefined;
  if (input.discountCode?.trim()) {
    if (opts.strictDiscount) throw badRequest(TRADE_ORDER_TEXT.noDiscountCodes, { discountCode: TRADE_ORDER_TEXT.noDiscountCodes });
    discountError = TRADE_ORDER_TEXT.noDiscountCodes;
  }
  const { packSizes, quantityRules } = await tradeQuantities(resolved, trx);
  resolved.forEach((l, i) => refuseTradeQuantity(l, i, quantityRules[i]));
  // A quote's agreed prices, else the price list's for each line's quantity.
  const fixed = opts.fixedNetPrices;
  const prices = fixed
    ? resolved.map((l) => fixed.get(l.variantId)!)
    : await tradeUnitPrices(
        terms.priceListId,
        resolved.map((l) => ({ variantId: l.variantId, retailGross: l.unitPrice, quantity: l.quantity })),
        trx,
      );
  const net = resolved.map((l, i) => ({ unitNet: prices[i], quantity: l.quantity }));
  const goods = netDocumentTotals(net, 0);
  const rule = shippingRule(settings);
  const fee = resolved.length ? shippingFee(input.shippingMethod, goods.subtotalGross, rule) : 0;
  const amounts = netDocumentTotals(net, fee);
  const lines = resolved.map((l, i) => ({ ...l, unitPrice: net[i].unitNet, lineTotal: amounts.lines[i].net }));
  const currency = settings.currency;
  const money = (minor: number) => formatMoney(fromMinor(minor) ?? 0, currency);
  const minimumOrder = settings.sales?.tradeMinimumOrder ?? 0;
  if (minimumOrder > 0 && amounts.subtotalNet < minimumOrder) {
    const text = TRADE_ORDER_TEXT.belowMinimum(money(minimumOrder), money(amounts.subtotalNet));
    throw badRequest(text, { items: text });
  }
  if (trx) await lockCompanyCredit(terms.companyId, trx);
  const [unpaid, dunning] = await concurrently(trx, [
    () => companyUnpaidTotal(terms.companyId, trx),
    () => companyDunning(terms.companyId, new Date(), trx),
  ] as const);
  if (terms.creditLimit !== null && unpaid + amounts.total > terms.creditLimit) {
    const text = TRADE_ORDER_TEXT.creditLimitExceeded(money(terms.creditLimit), money(unpaid), money(amounts.total));
    throw conflict(text, { creditLimit: text });
  }
  return {
    lines,
    totals: { subtotal: amounts.subtotalGross, discountTotal: 0, shippingTotal: amounts.shipping.gross, total: amounts.total },
    currency,
    settings,
    shippingMethod: input.shippingMethod,
    discount: null,
    discountError,
    fromServerCart,
    trade: { terms, packSizes, quantityRules, amounts, unpaid, minimumOrder, dunning, prepayment: Boolean(input.prepayment) },
  };
}

/** Each line's pack size and the quantity rule of its product (one query for all lines). */
async function tradeQuantities(
  lines: ResolvedLine[],
  trx: Transaction | undefined,
): Promise<{ packSizes: number[]; quantityRules: TradeQuantityRule[] }> {
  const rows = (await Variant.query(trx)
    .whereIn('variants.id', [...new Set(lines.map((l) => l.variantId))])
    .join('products', 'products.id', 'variants.productId')
    .select('variants.id', 'variants.packSize', 'products.tradeMinimumQuantity', 'products.tradeMultiple')) as unknown as Array<{
    id: number;
    packSize: number | null;
    tradeMinimumQuantity: number | null;
    tradeMultiple: number | null;
  }>;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const packSizes = lines.map((l) => Math.max(1, byId.get(l.variantId)?.packSize ?? 1));
  const quantityRules = lines.map((l, i) => tradeQuantityRule(byId.get(l.variantId) ?? {}, { packSize: packSizes[i] }));
  return { packSizes, quantityRules };
}

/** A line below its product's trade minimum, or not in its multiple: 400 naming the line. */
function refuseTradeQuantity(line: ResolvedLine, index: number, rule: TradeQuantityRule): void {
  const problem = tradeQuantityProblem(line.quantity, rule);
  if (!problem) return;
  const text =
    problem === 'minimum'
      ? TRADE_ORDER_TEXT.belowProductMinimum(line.refusalName, rule.minimum)
      : rule.byPack
        ? TRADE_ORDER_TEXT.packMultiple(line.refusalName, rule.multiple)
        : TRADE_ORDER_TEXT.productMultiple(line.refusalName, rule.multiple);
  throw badRequest(text, { [`items.${index}.quantity`]: text });
}

/** When a bank transfer on the company's terms placed at `at` is due (0 days: at once, prepayment). */
export function paymentDueAt(terms: Pick<TradeTerms, 'paymentTermsDays'>, at: Date = new Date()): string {
  return new Date(at.getTime() + terms.paymentTermsDays * DAY_MS).toISOString();
}

/** The quote as the API answers it: decimal amounts in `currency`. */
export function quoteView(q: Quote) {
  const rule = shippingRule(q.settings);
  const options = q.trade
    ? tradeShippingOptions(q.trade.amounts.subtotalGross, rule)
    : shippingOptions(q.lines, rule, q.discount ? discountRule(q.discount) : null);
  const missing = freeShippingMissing(q.totals, rule);
  return {
    lines: q.lines.map((l, i) => ({
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      productSlug: l.productSlug,
      variantName: l.variantName,
      image: l.image,
      attributes: l.attributes.map((a) => ({
        attributeId: a.attributeId,
        attributeValueId: a.attributeValueId,
        name: a.name,
        value: a.value,
      })),
      personalization: l.personalization,
      quantity: l.quantity,
      unitPrice: fromMinor(l.unitPrice)!,
      lineTotal: fromMinor(l.lineTotal)!,
      stock: l.stock,
      ...(q.trade
        ? {
            sku: l.sku,
            packSize: q.trade.packSizes[i],
            minimumQuantity: q.trade.quantityRules[i].minimum,
            multiple: q.trade.quantityRules[i].multiple,
          }
        : {}),
    })),
    subtotal: fromMinor(q.totals.subtotal)!,
    discountTotal: fromMinor(q.totals.discountTotal)!,
    shippingMethod: q.shippingMethod,
    shippingTotal: fromMinor(q.totals.shippingTotal)!,
    total: fromMinor(q.totals.total)!,
    currency: q.currency,
    dualCurrency: q.settings.dualCurrency,
    freeShippingFrom: fromMinor(rule.freeShippingThreshold),
    freeShippingMissing: fromMinor(missing),
    shippingOptions: Object.fromEntries(Object.entries(options).map(([m, fee]) => [m, fromMinor(fee)!])) as Record<ShippingMethod, number>,
    discount: q.discount
      ? { code: q.discount.code, type: q.discount.type, value: q.discount.toJSON().value, minSubtotal: fromMinor(q.discount.minSubtotal) }
      : null,
    ...(q.discountError ? { discountError: q.discountError } : {}),
    ...(q.trade ? tradeView(q, q.trade) : {}),
  };
}

/** A member's shipping by method: the same fee and threshold (on the goods with VAT) as the quote's. */
function tradeShippingOptions(goodsGross: number, rule: ReturnType<typeof shippingRule>): Record<ShippingMethod, number> {
  const out = {} as Record<ShippingMethod, number>;
  for (const method of Object.keys(rule.fees) as ShippingMethod[]) out[method] = shippingFee(method, goodsGross, rule);
  return out;
}

/** What a member's quote adds: net amounts, VAT, and the company's terms with the due date. */
function tradeView(q: Quote, t: TradeQuote) {
  return {
    pricesInclude: 'net' as const,
    subtotalNet: fromMinor(t.amounts.subtotalNet)!,
    vatTotal: fromMinor(t.amounts.vatTotal)!,
    shippingNet: fromMinor(t.amounts.shipping.net)!,
    trade: {
      companyId: t.terms.companyId,
      companyName: t.terms.companyName,
      paymentTermsDays: t.terms.paymentTermsDays,
      paymentDueAt: paymentDueAt(t.prepayment ? { paymentTermsDays: 0 } : t.terms),
      prepayment: t.prepayment,
      prepaymentOnly: t.dunning.prepaymentOnly,
      prepaymentOnlyNotice: t.dunning.prepaymentOnly ? DUNNING_TEXT.prepaymentOnlyNotice(t.dunning.afterDays) : null,
      minimumOrder: fromMinor(t.minimumOrder)!,
      creditLimit: fromMinor(t.terms.creditLimit),
      unpaid: fromMinor(t.unpaid)!,
      requirePurchaseOrderNumber: Boolean(t.terms.requirePurchaseOrderNumber),
    },
  };
}

export type QuoteView = ReturnType<typeof quoteView>;
