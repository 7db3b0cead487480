// The courier calls: the office search, a waybill, and what staff set in Настройки → Куриери.
import { FIELD } from '../messages';
import { NAME_MAX, PHONE_MAX } from '../limits';
import { COURIER_TEXT, COURIERS, OFFICE_QUERY_MAX, PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '../couriers';
import { bool, input, int, number, object, oneOf, query, text } from './fields';
import { ECONT_OFFICE_CODE_PATTERN, OPTIONAL_PHONE_PATTERN, POSTCODE_PATTERN, SPEEDY_OFFICE_ID_PATTERN } from './rules';

/** GET /couriers/offices?courier&q. */
export const officeSearchQuery = query({
  courier: oneOf(COURIERS, { required: true, message: COURIER_TEXT.invalidCourier }),
  q: text(OFFICE_QUERY_MAX),
});

/** POST /admin/orders/:id/shipment. */
export const shipmentInput = input({
  weightKg: number({ min: PARCEL_WEIGHT_MIN_KG, max: PARCEL_WEIGHT_MAX_KG }),
  reviewBeforePayment: bool(),
});

/** The sender and the defaults (settings.couriers); the admin's form checks each field with these. */
export const courierSettingsFields = {
  senderName: text(NAME_MAX, { name: true }),
  senderPhone: text(PHONE_MAX, { pattern: OPTIONAL_PHONE_PATTERN, message: FIELD.phoneInvalid }),
  econtSenderOfficeCode: text(32, { pattern: ECONT_OFFICE_CODE_PATTERN, message: FIELD.econtOfficeCodeInvalid }),
  speedySenderOfficeId: text(32, { pattern: SPEEDY_OFFICE_ID_PATTERN, message: FIELD.speedyOfficeIdInvalid }),
  senderCity: text(NAME_MAX),
  senderPostcode: text(10, { pattern: POSTCODE_PATTERN, message: FIELD.postcodeInvalid }),
  senderAddress: text(300),
  defaultWeightKg: number({ min: PARCEL_WEIGHT_MIN_KG, max: PARCEL_WEIGHT_MAX_KG }),
  addressCourier: oneOf(COURIERS),
  speedyServiceId: int({ min: 1, max: 100000 }),
};
export const courierSettingsInput = object(courierSettingsFields);
