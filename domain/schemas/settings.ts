// The shop's settings as staff change them (PUT /admin/settings, always partial: a form may send
// one field of a group) and the one-way switch to the euro.
import type { z } from 'zod';
import { FIELD } from '../messages';
import {
  GUEST_ORDER_LIMIT_MAX,
  GUEST_ORDER_WINDOW_MAX_MINUTES,
  NAME_MAX,
  PHONE_MAX,
  PRICE_MAX,
  QUANTITY_MAX,
  STOCK_MAX,
  TEXT_MAX,
} from '../limits';
import { bool, email, input, int, list, money, object, oneOf, recordVersion, text } from './fields';
import { DUNNING_DAY_MAX, DUNNING_DAY_MIN, DUNNING_REMINDERS_MAX, DUNNING_TEXT } from '../dunning';
import { invoiceSettingsInput, legalSettingsInput } from './invoices';
import { courierSettingsInput } from './couriers';
import { privacySettingsInput } from './privacy';
import { accessibilitySettingsInput } from './accessibility';
import { BIC_PATTERN, IBAN_PATTERN } from './rules';
import { CONSUMER_CATALOGUES, SALES_MODES } from '../trade';

const fee = () => money({ min: 0, max: PRICE_MAX });

/** Limits on orders without an account (domain/limits GuestOrderLimits); soft ≤ hard is checked
 *  on the merged group (modules/checkout/guestOrders). */
const guestLimit = () => int({ min: 1, max: GUEST_ORDER_LIMIT_MAX });
export const guestOrderLimitsFields = {
  windowMinutes: int({ min: 1, max: GUEST_ORDER_WINDOW_MAX_MINUTES }),
  perAddressSoft: guestLimit(),
  perAddressHard: guestLimit(),
  perPhoneSoft: guestLimit(),
  perPhoneHard: guestLimit(),
  perEmailSoft: guestLimit(),
  perEmailHard: guestLimit(),
  maxUnits: int({ min: 1, max: QUANTITY_MAX }),
  maxStockPercent: int({ min: 1, max: 100 }),
};
const guestOrderLimitsInput = object(guestOrderLimitsFields);

/** The shop's bank account (bank transfers); the admin's form checks each field with these. */
export const bankFields = {
  beneficiary: text(200),
  iban: text(34, { pattern: IBAN_PATTERN, message: FIELD.ibanInvalid }),
  bic: text(11, { pattern: BIC_PATTERN, message: FIELD.bicInvalid }),
  bankName: text(200),
};

const settingsFields = {
  // The shop's own name, in every mail and page title: a name like any other (domain/names.ts).
  brand: text(NAME_MAX, { min: 1, name: true }),
  contacts: object({ email: email(), phone: text(PHONE_MAX), address: text(200), city: text(NAME_MAX), hours: text(200) }),
  currency: oneOf(['BGN', 'EUR']),
  locale: oneOf(['bg-BG']),
  dualCurrency: bool(),
  shippingFees: object({ econt_office: fee(), speedy_office: fee(), address: fee() }),
  freeShippingThreshold: money({ min: 0, max: PRICE_MAX, nullable: true }),
  lowStockThreshold: int({ min: 0, max: STOCK_MAX }),
  bank: object(bankFields),
  twoFactorRequiredForAdmins: bool(),
  legal: legalSettingsInput,
  invoices: invoiceSettingsInput,
  couriers: courierSettingsInput,
  guestOrders: guestOrderLimitsInput,
  privacy: privacySettingsInput,
  accessibility: accessibilitySettingsInput,
  // The sales mode within the tobacco law; the trade minimum is net, in decimals.
  sales: object({
    mode: oneOf(SALES_MODES),
    consumerCatalogue: oneOf(CONSUMER_CATALOGUES),
    tradeMinimumOrder: fee(),
    // When companies that owe are reminded, and from how many days overdue they prepay.
    dunning: object({
      reminderDays: list(int({ min: DUNNING_DAY_MIN, max: DUNNING_DAY_MAX, item: true }), { max: DUNNING_REMINDERS_MAX }).refine(
        (days) => days === undefined || new Set(days).size === days.length,
        { error: DUNNING_TEXT.daysInvalid },
      ),
      prepaymentOnlyAfterDays: int({ min: 0, max: DUNNING_DAY_MAX }),
      beforeText: text(TEXT_MAX, { multiline: true, min: 1 }),
      afterText: text(TEXT_MAX, { multiline: true, min: 1 }),
    }),
  }),
};

/** The groups staff change, each with its own version (a row of the settings table). */
export const SETTINGS_GROUPS = Object.keys(settingsFields) as Array<keyof typeof settingsFields>;
/** The staff's change of the settings. `versions`: the version of each group (a key above) the
 *  form was loaded at; a group this save changes that has changed since is refused (409). */
export const settingsInput = input(
  { ...settingsFields, versions: object(Object.fromEntries(SETTINGS_GROUPS.map((k) => [k, recordVersion()]))) },
  { ignore: ['id', 'eurRate', 'euroSince', 'message'] },
);
/** A change as read: any field of a group may be left out (merged over the current values). */
export type SettingsChange = z.output<typeof settingsInput>;

/** POST /admin/settings/euro: the admin's confirmation travels along. */
export const euroSwitchInput = input({ confirm: bool() });
