// Placing an order (the shop's checkout, and staff taking one by phone) and the one price quote.
import type { z } from 'zod';
import { API, FIELD, FORM } from '../messages';
import { NAME_MAX, PHONE_MAX, TEXT_MAX } from '../limits';
import { PAYMENT_METHODS, SHIPPING_METHODS } from '../orderStatus';
import { bool, email, input, int, number, object, oneOf, text } from './fields';
import { cartLines, PRICE_LIKE, tradeLines } from './cart';
import { invoiceRequestInput } from './invoices';
import { PHONE_MIN, PHONE_PATTERN, POSTCODE_PATTERN } from './rules';
import { PURCHASE_ORDER_NUMBER_MAX, PURCHASE_ORDER_NUMBER_PATTERN, TRADE_ORDER_TEXT } from '../tradeOrderTexts';

/** The phone the courier calls (the storefront's checkout checks the same rule: schemas/rules). */
export const phoneField = text(PHONE_MAX, { min: PHONE_MIN, pattern: PHONE_PATTERN, required: true, message: FIELD.phoneInvalid });
/** Four digits, or empty (the form asks for all four when filled in). */
export const postcodeField = text(10, { pattern: POSTCODE_PATTERN, message: FIELD.postcodeInvalid });

/** Who buys: also an order placed by a quote (schemas/quotes), where the account's details stand in. */
export const customerFields = {
  firstName: text(NAME_MAX, { min: 1, required: true, name: true, missing: FIELD.firstNameMissing }),
  lastName: text(NAME_MAX, { min: 1, required: true, name: true, missing: FIELD.lastNameMissing }),
  // The shop's forms say one thing for an address missing or mistyped.
  email: email({ required: true, message: FORM.invalidEmail }),
  phone: phoneField,
};
const customer = object(customerFields, { required: true });

/** Where to: with an office from the directory (`officeId`), or one of the member's company's shops
 *  (`companyShopId`), the city and address come from it. */
export const shipping = (withOffice: boolean) =>
  object(
    {
      method: oneOf(SHIPPING_METHODS, { required: true }),
      city: text(NAME_MAX, withOffice ? {} : { min: 1, required: true, missing: FIELD.cityMissing }),
      postcode: postcodeField,
      address: text(300, withOffice ? {} : { min: 1, required: true, missing: FIELD.addressMissing }),
      officeId: int({ min: 1 }),
      companyShopId: int({ min: 1 }),
    },
    { required: true },
  );

const checkoutFields = (withOffice: boolean, lines = cartLines) => ({
  items: lines,
  customer,
  shipping: shipping(withOffice),
  paymentMethod: oneOf(PAYMENT_METHODS, { required: true }),
  discountCode: text(50, { nullable: true }),
  note: text(TEXT_MAX, { nullable: true }),
  ageConfirmed: bool({ required: true, ticked: true, message: API.ageRequired }),
  termsAccepted: bool({ required: true, ticked: true, message: API.termsRequired }),
  invoice: invoiceRequestInput,
  // What the shopper was shown (the quote's total): a different total refuses the order (409).
  expectedTotal: number({ min: 0 }),
  // A member's own purchase-order number (required when their company says so: the service).
  purchaseOrderNumber: text(PURCHASE_ORDER_NUMBER_MAX, {
    pattern: PURCHASE_ORDER_NUMBER_PATTERN,
    nullable: true,
    message: TRADE_ORDER_TEXT.purchaseOrderInvalid,
  }),
  // A company's bank transfer paid in advance (due at once), as one held to prepayment must.
  prepayment: bool(),
  // A guest past a soft limit: the solved proof of work (ALTCHA's base64 payload).
  altcha: text(4000, { nullable: true }),
});

/** POST /orders/create; `officeCheckoutInput` when the body names `shipping.officeId` or
 *  `shipping.companyShopId`. */
export const checkoutInput = input(checkoutFields(false), { ignore: PRICE_LIKE });
export const officeCheckoutInput = input(checkoutFields(true), { ignore: PRICE_LIKE });
/** A member's order: the same fields, with a quick order's number of lines. */
export const tradeCheckoutInput = input(checkoutFields(false, tradeLines), { ignore: PRICE_LIKE });
export const tradeOfficeCheckoutInput = input(checkoutFields(true, tradeLines), { ignore: PRICE_LIKE });
/** Whether a body's shipping names an office from the directory or one of the company's shops:
 *  either brings its own city and address, so the body need not type them. */
export function bringsOwnAddress(body: unknown): boolean {
  const shipping = (body as { shipping?: { officeId?: unknown; companyShopId?: unknown } } | null)?.shipping;
  if (typeof shipping !== 'object' || shipping === null) return false;
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  return given(shipping.officeId) || given(shipping.companyShopId);
}

/** The schema a checkout body is read with, by the server and by the shop's form alike: a
 *  member's quick order may carry more lines than a consumer's cart. */
export function checkoutSchemaFor(body: unknown, trade: boolean) {
  const own = bringsOwnAddress(body);
  return trade ? (own ? tradeOfficeCheckoutInput : tradeCheckoutInput) : own ? officeCheckoutInput : checkoutInput;
}

/** A checkout as any of its four schemas reads it (the office's may leave the city and address
 *  to the office it names). */
export type CheckoutOrder =
  | z.output<typeof checkoutInput>
  | z.output<typeof officeCheckoutInput>
  | z.output<typeof tradeCheckoutInput>
  | z.output<typeof tradeOfficeCheckoutInput>;

/** An order staff take by phone: the customer confirms age and terms aloud. */
export const phoneOrderInput = input(
  { ...checkoutFields(false), termsAccepted: bool(), staffNote: text(TEXT_MAX) },
  { ignore: [...PRICE_LIKE, 'id'] },
);
export type PhoneOrder = z.output<typeof phoneOrderInput>;

/** POST /checkout/quote: the lines (a guest's), the delivery method, a code and the e-mail it is for. */
const quoteFields = (lines = cartLines) => ({
  items: lines,
  shipping: object(
    { method: oneOf(SHIPPING_METHODS, { nullable: true }) },
    { ignore: ['city', 'postcode', 'address', 'officeId', 'companyShopId'] },
  ),
  discountCode: text(50, { nullable: true }),
  email: email({ nullable: true }),
  prepayment: bool(),
});
export const quoteInput = input(quoteFields());
/** A member's quote: a quick order's number of lines. */
export const tradeQuoteInput = input(quoteFields(tradeLines));
export type QuoteRequest = z.output<typeof quoteInput> | z.output<typeof tradeQuoteInput>;
