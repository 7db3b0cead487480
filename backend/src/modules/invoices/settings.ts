// The ЕИК and VAT number checks (domain/bulstat) on the buyer's invoice request (checkout), after
// its schema (domain/schemas/invoices); the seller's own are the settings area's.
import { badRequest, FieldErrors } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { INVOICE_TEXT, InvoiceRequest } from '@domain/invoices';
import type { InvoiceRequestInput } from '@domain/schemas/invoices';

/** The parsed request with its numbers checked (400 on `invoice.eik` / `invoice.vatNumber`). */
export function checkInvoiceRequest(input: InvoiceRequestInput): InvoiceRequest | null {
  if (!input) return null;
  const eik = normaliseTaxNumber(input.eik);
  const vatNumber = input.vatNumber ? normaliseTaxNumber(input.vatNumber) : '';
  const errors: FieldErrors = {};
  if (!isValidEik(eik)) errors['invoice.eik'] = INVOICE_TEXT.eikInvalid;
  if (vatNumber && !isValidBgVatNumber(vatNumber)) errors['invoice.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  if (Object.keys(errors).length) throw badRequest(INVOICE_TEXT.invoiceRequestInvalid ?? API.invalidInput, errors);
  return { companyName: input.companyName, eik, ...(vatNumber ? { vatNumber } : {}), mol: input.mol, address: input.address };
}
