// Input rules for the seller's legal identity (settings) and the buyer's invoice request
// (checkout): shapes for the body parser, then the ЕИК and VAT number checks from domain/.
import type { Rule } from '../../platform/http/validate';
import { badRequest, FieldErrors } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '../../../../domain/bulstat';
import { DOCUMENT_NUMBER_MAX, INVOICE_FIELD_MAX, INVOICE_TEXT, InvoiceRequest } from '../../../../domain/invoices';
import { EMAIL_MAX, PHONE_MAX } from '../../../../domain/limits';
import type { ShopSettings } from '../settings/service';

export const legalSettingsRule: Rule = {
  type: 'object',
  shape: {
    companyName: { type: 'string', max: INVOICE_FIELD_MAX.companyName },
    eik: { type: 'string', max: 20 },
    vatNumber: { type: 'string', max: 20 },
    seat: { type: 'string', max: 200 },
    address: { type: 'string', max: INVOICE_FIELD_MAX.address },
    mol: { type: 'string', max: INVOICE_FIELD_MAX.mol },
    phone: { type: 'string', max: PHONE_MAX },
    email: { type: 'string', max: EMAIL_MAX },
  },
};

export const invoiceSettingsRule: Rule = {
  type: 'object',
  shape: {
    firstNumber: { type: 'int', min: 1, max: DOCUMENT_NUMBER_MAX, message: INVOICE_TEXT.firstNumberInvalid },
    autoIssueOnPayment: { type: 'bool' },
  },
};

/** The merged legal identity, tidied; an ЕИК or VAT number that is filled in must be valid. */
export function checkLegalSettings(legal: ShopSettings['legal']): ShopSettings['legal'] {
  const out = { ...legal, eik: normaliseTaxNumber(legal.eik), vatNumber: normaliseTaxNumber(legal.vatNumber) };
  const errors: FieldErrors = {};
  if (out.eik && !isValidEik(out.eik)) errors['legal.eik'] = INVOICE_TEXT.eikInvalid;
  if (out.vatNumber && !isValidBgVatNumber(out.vatNumber)) errors['legal.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  return out;
}

const field = (max: number, required = true): Rule => ({ type: 'string', max, min: required ? 1 : 0, required });
/** `invoice` in the checkout body; null or absent when no invoice is wanted. */
export const invoiceRequestRule: Rule = {
  type: 'object',
  nullable: true,
  shape: {
    companyName: field(INVOICE_FIELD_MAX.companyName),
    eik: field(20),
    vatNumber: { type: 'string', max: 20, nullable: true },
    mol: field(INVOICE_FIELD_MAX.mol),
    address: field(INVOICE_FIELD_MAX.address),
  },
};

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
