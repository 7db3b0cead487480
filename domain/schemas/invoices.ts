// The seller's legal identity and invoice settings (Настройки), the buyer's invoice request at
// checkout, and the staff's list of documents. The ЕИК and VAT number checks (domain/bulstat)
// run after these, on the merged values.
import { EMAIL_MAX, PAGE_SIZE_MAX, PHONE_MAX } from '../limits';
import { DOCUMENT_KINDS, DOCUMENT_NUMBER_MAX, INVOICE_FIELD_MAX, INVOICE_TEXT } from '../invoices';
import type { z } from 'zod';
import { FIELD } from '../messages';
import { bool, input, int, list, object, oneOf, query, text } from './fields';

export const legalSettingsInput = object({
  companyName: text(INVOICE_FIELD_MAX.companyName, { name: true }),
  eik: text(20),
  vatNumber: text(20),
  seat: text(200),
  address: text(INVOICE_FIELD_MAX.address),
  mol: text(INVOICE_FIELD_MAX.mol),
  phone: text(PHONE_MAX),
  email: text(EMAIL_MAX),
});

export const invoiceSettingsInput = object({
  firstNumber: int({ min: 1, max: DOCUMENT_NUMBER_MAX, message: INVOICE_TEXT.firstNumberInvalid }),
  autoIssueOnPayment: bool(),
});

const filledIn = (max: number, missing?: string) => text(max, { min: 1, required: true, missing });
/** `invoice` in the checkout body; null or absent when no invoice is wanted. */
export const invoiceRequestInput = object(
  {
    // On the invoice the shop mails to the address typed at checkout: no links (domain/names.ts).
    companyName: text(INVOICE_FIELD_MAX.companyName, { min: 1, required: true, name: true, missing: FIELD.invoiceCompanyMissing }),
    eik: filledIn(20),
    vatNumber: text(20, { nullable: true }),
    mol: filledIn(INVOICE_FIELD_MAX.mol, FIELD.invoiceMolMissing),
    address: filledIn(INVOICE_FIELD_MAX.address, FIELD.invoiceAddressMissing),
  },
  { nullable: true },
);
/** The request as its schema reads it: none (null or absent), or the fields typed. */
export type InvoiceRequestInput = z.output<typeof invoiceRequestInput>;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** GET /admin/invoices?month=YYYY-MM&kind&page&limit. */
export const invoiceListQuery = query({
  month: text(7, { pattern: MONTH_PATTERN, message: INVOICE_TEXT.monthInvalid }),
  kind: oneOf(DOCUMENT_KINDS),
  page: int({ min: 1, max: 1_000_000 }),
  limit: int({ min: 1, max: PAGE_SIZE_MAX }),
});

/** The most lines one credit note names (an order has at most as many lines as a cart). */
export const CREDIT_NOTE_LINES_MAX = 100;
export const CREDIT_REASON_MAX = 200;
/**
 * POST /admin/invoices/:id/credit-note: an empty body is the full credit note (a closed order
 * only); lines (order line and quantity) and/or the shipping make a partial one.
 */
export const creditNoteInput = input({
  lines: list(input({ orderItemId: int({ min: 1, required: true }), quantity: int({ min: 1, max: 1_000_000, required: true }) }), {
    max: CREDIT_NOTE_LINES_MAX,
  }),
  shipping: bool(),
  reason: text(CREDIT_REASON_MAX, { message: INVOICE_TEXT.creditReasonTooLong }),
});
export type CreditNoteRequest = z.output<typeof creditNoteInput>;
