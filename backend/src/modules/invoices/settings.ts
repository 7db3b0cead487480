// The ЕИК and VAT number checks (domain/bulstat) on the seller's legal identity (settings) and the
// buyer's invoice request (checkout), after their schemas (domain/schemas/invoices).
import { badRequest, FieldErrors } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '../../../../domain/bulstat';
import { INVOICE_TEXT, InvoiceRequest } from '../../../../domain/invoices';
import type { ShopSettings } from '../settings';

/** The merged legal identity, tidied; an ЕИК or VAT number that is filled in must be valid. */
export function checkLegalSettings(legal: ShopSettings['legal']): ShopSettings['legal'] {
  const out = { ...legal, eik: normaliseTaxNumber(legal.eik), vatNumber: normaliseTaxNumber(legal.vatNumber) };
  const errors: FieldErrors = {};
  if (out.eik && !isValidEik(out.eik)) errors['legal.eik'] = INVOICE_TEXT.eikInvalid;
  if (out.vatNumber && !isValidBgVatNumber(out.vatNumber)) errors['legal.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  return out;
}

/** The parsed request with its numbers checked (400 on `invoice.eik` / `invoice.vatNumber`). */
export function checkInvoiceRequest(input: InvoiceRequest | null | undefined): InvoiceRequest | null {
  if (!input) return null;
  const eik = normaliseTaxNumber(input.eik);
  const vatNumber = input.vatNumber ? normaliseTaxNumber(input.vatNumber) : '';
  const errors: FieldErrors = {};
  if (!isValidEik(eik)) errors['invoice.eik'] = INVOICE_TEXT.eikInvalid;
  if (vatNumber && !isValidBgVatNumber(vatNumber)) errors['invoice.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  if (Object.keys(errors).length) throw badRequest(INVOICE_TEXT.invoiceRequestInvalid ?? API.invalidInput, errors);
  return { companyName: input.companyName, eik, ...(vatNumber ? { vatNumber } : {}), mol: input.mol, address: input.address };
}
