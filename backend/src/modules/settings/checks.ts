// Checks of settings groups beyond their schemas (domain/schemas/settings): the seller's legal
// identity (ЕИК and VAT number with their check digits) and the guest-order limits.
import { badRequest, FieldErrors } from '../../platform/http/errors';
import { GUEST_ORDER } from '@domain/messages';
import { isValidBgVatNumber, isValidEik, normaliseTaxNumber } from '@domain/bulstat';
import { INVOICE_TEXT } from '@domain/invoices';
import type { GuestOrderLimits } from '@domain/limits';
import type { ShopSettings } from './service';

/** The merged legal identity, tidied; an ЕИК or VAT number that is filled in must be valid. */
export function checkLegalSettings(legal: ShopSettings['legal']): ShopSettings['legal'] {
  const out = { ...legal, eik: normaliseTaxNumber(legal.eik), vatNumber: normaliseTaxNumber(legal.vatNumber) };
  const errors: FieldErrors = {};
  if (out.eik && !isValidEik(out.eik)) errors['legal.eik'] = INVOICE_TEXT.eikInvalid;
  if (out.vatNumber && !isValidBgVatNumber(out.vatNumber)) errors['legal.vatNumber'] = INVOICE_TEXT.vatNumberInvalid;
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  return out;
}

/** The settings group as staff save it: each soft limit at most its hard one. */
export function checkGuestOrderLimits(limits: GuestOrderLimits): GuestOrderLimits {
  const errors: Record<string, string> = {};
  for (const of of ['Address', 'Phone', 'Email'] as const) {
    if (limits[`per${of}Soft`] > limits[`per${of}Hard`]) errors[`guestOrders.per${of}Soft`] = GUEST_ORDER.softAboveHard;
  }
  if (Object.keys(errors).length) throw badRequest(GUEST_ORDER.softAboveHard, errors);
  return limits;
}
