// The one price quote: lines priced from the catalogue, the discount code checked, shipping
// judged after the discount (domain/pricing), in the shop's currency of account. The cart page,
// the checkout page, the discount check and placing an order all run this same function, so what
// a shopper is shown is what an order charges.
import type { Transaction } from 'objection';
import type { User } from '../../models/User';
import type { Discount } from '../../models/Discount';
import { HttpError, badRequest } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { fromMinor, type Currency } from '@domain/money';
import { computeTotals, freeShippingMissing, shippingOptions, type Totals } from '@domain/pricing';
import type { ShippingMethod } from '@domain/orderStatus';
import { LineInput, ResolvedLine, resolveLines } from '../cart';
import { checkDiscount, discountRule, type CodeCheckPass } from '../discounts';
import { cartLinesOf } from '../cart';
import { getSettings, shippingRule, ShopSettings } from '../settings';
import { visitorOf, type Visitor } from '../catalogue';

export interface QuoteInput {
  /** A guest's cookie lines; without them a signed-in user's server cart is quoted. */
  items?: LineInput[];
  shippingMethod: ShippingMethod | null;
  discountCode?: string | null;
  email?: string | null;
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
  /** Who buys (ctx.state.visitor: the sales mode and trade terms); else the user without terms. */
  visitor?: Visitor;
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
}

export async function quoteCart(input: QuoteInput, user: User | null, opts: QuoteOptions = {}): Promise<Quote> {
  const { trx } = opts;
  const fromServerCart = !input.items && !!user;
  const wanted: LineInput[] = fromServerCart ? await cartLinesOf(user!.id, trx) : (input.items ?? []);
  if (!wanted.length) throw badRequest(API.cartEmpty, { items: API.cartEmpty });
  const settings = await getSettings(trx);
  // What the shopper may buy is the catalogue's policy (catalogue/visibility), checked per line.
  const lines = await resolveLines(wanted, trx, {
    checkStock: opts.checkStock ?? false,
    stockTakenAfter: opts.stockTakenAfter,
    path: (i) => `items.${i}`,
    visitor: opts.visitor ?? visitorOf(user),
  });
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
  };
}

/** The quote as the API answers it: decimal amounts in `currency`. */
export function quoteView(q: Quote) {
  const rule = shippingRule(q.settings);
  const options = shippingOptions(q.lines, rule, q.discount ? discountRule(q.discount) : null);
  const missing = freeShippingMissing(q.totals, rule);
  return {
    lines: q.lines.map((l) => ({
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
  };
}

export type QuoteView = ReturnType<typeof quoteView>;
