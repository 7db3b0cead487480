// Rules a form checks before sending, the same ones the API's schemas apply (domain/schemas/*),
// as plain patterns and functions: the storefront's bundle carries these, not the schema library.
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../limits';
import { API, FIELD } from '../messages';
import { TRADE } from '../tradeTexts';
import { shopDay } from '../dates';
import { formatBgDate } from '../dateInput';

/** A phone number as people type it: digits, spaces, brackets, dashes, an optional leading +. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{6,}$/;
export const PHONE_MIN = 6;
/** The checkout's rule (the schema's `phone`): what the courier can call. */
export const isPhone = (value: string): boolean => {
  const s = value.trim();
  return s.length >= PHONE_MIN && s.length <= PHONE_MAX && PHONE_PATTERN.test(s);
};
/** A form's check of a phone: undefined when fine, else the API's text. */
export const phoneProblem = (value: string | null | undefined): string | undefined =>
  isPhone(value ?? '') ? undefined : FIELD.phoneInvalid;

/** A new password: PASSWORD_MIN to PASSWORD_MAX characters, kept as typed. */
export const passwordProblem = (value: string): string | undefined =>
  value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX ? undefined : API.passwordTooShort;

/** A Bulgarian postcode: four digits (the API takes it empty, or up to four as typed). */
export const POSTCODE_PATTERN = /^\d{0,4}$/;
/** A form's check of a filled-in postcode: all four digits. */
export const postcodeProblem = (value: string | null | undefined): string | undefined => {
  const s = (value ?? '').trim();
  return !s || /^\d{4}$/.test(s) ? undefined : FIELD.postcodeInvalid;
};

/** A discount code as staff create it: letters, digits, dash and underscore. */
export const DISCOUNT_CODE_PATTERN = /^[\p{L}\d_-]+$/u;

/** Bank details on the settings page: empty, or a well-formed IBAN / BIC. */
export const IBAN_PATTERN = /^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/;
export const BIC_PATTERN = /^([A-Z0-9]{8}|[A-Z0-9]{11})?$/;
/** The sender's office with each courier (Настройки → Куриери). */
export const ECONT_OFFICE_CODE_PATTERN = /^[A-Za-z0-9-]*$/;
export const SPEEDY_OFFICE_ID_PATTERN = /^\d*$/;
/** The sender's phone in the courier settings: empty, or a phone number. */
export const OPTIONAL_PHONE_PATTERN = /^(\+?[\d\s()-]{6,})?$/;

/** A trade applicant's permit must still be valid: its last day ("YYYY-MM-DD") today or later, the
 *  shop's day. Undefined when fine, else the text naming the day it expired. */
export const permitExpiryProblem = (last: string, today: string = shopDay(new Date())): string | undefined =>
  last < today ? TRADE.permitExpiredOnApply(formatBgDate(last)) : undefined;
