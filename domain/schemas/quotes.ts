// Quotes: a member's request (lines and a note), staff's answer (net prices and a validity date) or
// refusal, and the order a member places by an answered quote (the checkout's fields but the lines,
// which are the quote's).
import { z } from 'zod';
import { API } from '../messages';
import { TEXT_MAX, QUANTITY_MAX } from '../limits';
import { PAYMENT_METHODS } from '../orderStatus';
import { QUOTE_LINES_MAX, QUOTE_NOTE_MAX, QUOTE_STATUSES } from '../quoteTexts';
import { PURCHASE_ORDER_NUMBER_MAX, PURCHASE_ORDER_NUMBER_PATTERN, TRADE_ORDER_TEXT } from '../tradeOrderTexts';
import { bool, day, input, int, list, money, number, object, oneOf, recordVersion, text } from './fields';
import { customerFields, shipping } from './checkout';

/** What a line answers besides what is asked: echoed back by react-admin, accepted and dropped. */
const LINE_READ_OUTS = ['id', 'productId', 'productName', 'variantName', 'sku', 'lineTotal', 'listPrice', 'packSize'];

/** POST /trade/quote-requests. */
export const quoteRequestInput = input({
  lines: list(
    input(
      { variantId: int({ min: 1, required: true }), quantity: int({ min: 1, max: QUANTITY_MAX, required: true }) },
      {
        ignore: [...LINE_READ_OUTS, 'netPrice', 'unitPrice', 'price'],
      },
    ),
    { max: QUOTE_LINES_MAX, required: true },
  ),
  note: text(QUOTE_NOTE_MAX, { nullable: true }),
});
export type QuoteRequestInput = z.output<typeof quoteRequestInput>;

/** PUT /admin/quote-requests/:id: an answer (lines with net prices, a validity date: past days are
 *  accepted, staff may record a quote already lapsed) or, with `status: 'declined'`, a refusal with
 *  its reason. The rest of the record react-admin sends back is dropped. */
export const quoteAnswerInput = input(
  {
    lines: list(
      input(
        {
          variantId: int({ min: 1, required: true }),
          quantity: int({ min: 1, max: QUANTITY_MAX, required: true }),
          netPrice: money({ min: 0, nullable: true }),
        },
        { ignore: LINE_READ_OUTS },
      ),
      { max: QUOTE_LINES_MAX },
    ),
    validUntil: day({ nullable: true }),
    status: oneOf(QUOTE_STATUSES),
    reason: text(QUOTE_NOTE_MAX),
    version: recordVersion(),
  },
  {
    ignore: [
      'id',
      'number',
      'statusLabel',
      'companyId',
      'companyName',
      'requestedBy',
      'note',
      'subtotalNet',
      'vatTotal',
      'total',
      'currency',
      'orderId',
      'orderNumber',
      'createdAt',
      'answeredAt',
      'updatedAt',
    ],
  },
);
export type QuoteAnswerInput = z.output<typeof quoteAnswerInput>;

/** POST /trade/quote-requests/:id/order: the checkout's fields without the lines (the quote's) and
 *  without a discount code (the quote is the price). The customer defaults to the member's account,
 *  and accepting the quote is the confirmation of age and terms (the company accepted the terms
 *  when it applied). With `withOffice` (an office or a company's shop named) the city and address
 *  come from it. */
export const quoteOrderInput = (withOffice: boolean) =>
  input({
    customer: object({ ...customerFields }),
    shipping: shipping(withOffice),
    // Absent: by bank transfer on the company's payment terms, as the account page's form offers first.
    paymentMethod: oneOf(PAYMENT_METHODS),
    note: text(TEXT_MAX, { nullable: true }),
    purchaseOrderNumber: text(PURCHASE_ORDER_NUMBER_MAX, {
      pattern: PURCHASE_ORDER_NUMBER_PATTERN,
      nullable: true,
      message: TRADE_ORDER_TEXT.purchaseOrderInvalid,
    }),
    prepayment: bool(),
    expectedTotal: number({ min: 0 }),
    ageConfirmed: bool({ ticked: true, message: API.ageRequired }),
    termsAccepted: bool({ ticked: true, message: API.termsRequired }),
  });
export type QuoteOrderInput = z.output<ReturnType<typeof quoteOrderInput>>;
