// An answered quote becomes one order, through the checkout's own transaction (checkout/service
// `checkout`: the one write path of an order): its lines are the quote's, each at the agreed net
// price instead of the price list's; stock, the credit limit, the permit and the purchase-order
// number are judged as for any trade order. In the same transaction the quote is claimed for the
// order with a guarded update (still answered, still valid today), so of two racing calls one
// places the order and the other finds the quote taken and rolls back.
import type { Transaction } from 'objection';
import type { Config } from '../../config';
import { QuoteRequest } from '../../models/QuoteRequest';
import { QuoteRequestLine } from '../../models/QuoteRequestLine';
import { Order } from '../../models/Order';
import type { User } from '../../models/User';
import { conflict, notFound } from '../../platform/http/errors';
import { checkout, type CheckoutInput } from '../checkout';
import type { Visitor } from '../catalogue';
import { linkQuoteToOrder, orderView } from '../orders';
import { shopDay } from '@domain/dates';
import { formatBgDate } from '@domain/dateInput';
import { QUOTE_TEXT, quoteStatusOn } from '@domain/quoteTexts';
import type { QuoteOrderInput } from '@domain/schemas/quotes';
import type { ApiOrder } from '@domain/api';
import { memberTerms } from './service';

/** Why a quote cannot be ordered now (409), or null when it can. */
function refusalOf(q: Pick<QuoteRequest, 'status' | 'validUntil'>): string | null {
  switch (quoteStatusOn(q.status, q.validUntil)) {
    case 'answered':
      return null;
    case 'expired':
      return QUOTE_TEXT.expired(formatBgDate(q.validUntil));
    case 'ordered':
      return QUOTE_TEXT.alreadyOrdered;
    case 'declined':
      return QUOTE_TEXT.declined;
    default:
      return QUOTE_TEXT.notAnswered;
  }
}

/** The quote is this order's, if it is still answered and valid today (0 rows: someone else's order
 *  took it, or it lapsed, or staff declined it meanwhile — 409 saying which). */
async function claimQuote(trx: Transaction, quoteId: number, order: Order): Promise<void> {
  const claimed = await QuoteRequest.query(trx)
    .patch({ status: 'ordered', orderId: order.id } as Partial<QuoteRequest>)
    .where({ id: quoteId, status: 'answered' })
    .where('validUntil', '>=', shopDay(new Date()));
  if (!claimed) {
    const now = await QuoteRequest.query(trx).findById(quoteId);
    throw conflict(now ? (refusalOf(now) ?? QUOTE_TEXT.alreadyOrdered) : QUOTE_TEXT.notFound);
  }
  await linkQuoteToOrder(trx, order.id, quoteId);
  order.quoteRequestId = quoteId;
}

/** The company's quote, if it can be ordered now: 403 for anyone who buys for no company, 404 for
 *  another company's, 409 when it is expired, already ordered, declined or not yet answered. Said
 *  before the body is read, so whatever was sent, a quote that cannot be ordered answers why. */
export async function orderableQuote(visitor: Visitor | undefined, quoteId: number): Promise<QuoteRequest> {
  const terms = memberTerms(visitor);
  const quote = await QuoteRequest.query().findOne({ id: quoteId, companyId: terms.companyId });
  if (!quote) throw notFound(QUOTE_TEXT.notFound);
  const refusal = refusalOf(quote);
  if (refusal) throw conflict(refusal);
  return quote;
}

/**
 * A member orders by their company's answered quote. The body is the checkout's without the lines:
 * the customer defaults to the member's account, and accepting the quote confirms age and terms.
 * Answers the order as the checkout does.
 */
export async function orderByQuote(
  config: Config,
  user: User,
  visitor: Visitor | undefined,
  quoteId: number,
  input: QuoteOrderInput,
): Promise<ApiOrder> {
  // Said before anything is priced; the claim in the order's transaction is what decides.
  await orderableQuote(visitor, quoteId);
  const lines = await QuoteRequestLine.query().where({ quoteRequestId: quoteId }).orderBy('position').orderBy('id');
  const order: CheckoutInput = {
    items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
    customer: input.customer ?? {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      phone: user.phone ?? '',
    },
    shipping: input.shipping,
    paymentMethod: input.paymentMethod ?? 'bank_transfer',
    note: input.note ?? undefined,
    purchaseOrderNumber: input.purchaseOrderNumber ?? null,
    prepayment: input.prepayment,
    expectedTotal: input.expectedTotal,
    ageConfirmed: input.ageConfirmed ?? true,
    termsAccepted: input.termsAccepted ?? true,
  };
  const placed = await checkout(config, order, {
    user,
    visitor,
    quoted: {
      netPrices: new Map(lines.map((l) => [l.variantId, l.netPrice!])),
      record: (trx, o) => claimQuote(trx, quoteId, o),
    },
  });
  return orderView(placed);
}
