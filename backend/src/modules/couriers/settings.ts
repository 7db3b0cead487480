// What staff may set about couriers (Настройки → Куриери): the sender and the default weight.
import type { Shape } from '../../platform/http/validate';
import { NAME_MAX, PHONE_MAX } from '../../../../domain/limits';
import { COURIERS, PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '../../../../domain/couriers';

export const courierSettingsShape: Shape = {
  senderName: { type: 'string', max: NAME_MAX },
  senderPhone: { type: 'string', max: PHONE_MAX, pattern: /^(\+?[\d\s()-]{6,})?$/, message: 'Въведете валиден телефонен номер.' },
  econtSenderOfficeCode: { type: 'string', max: 32, pattern: /^[A-Za-z0-9-]*$/, message: 'Кодът на офиса е от букви и цифри.' },
  speedySenderOfficeId: { type: 'string', max: 32, pattern: /^\d*$/, message: 'Номерът на офиса на Спиди е от цифри.' },
  senderCity: { type: 'string', max: NAME_MAX },
  senderPostcode: { type: 'string', max: 10, pattern: /^\d{0,4}$/, message: 'Пощенският код е 4 цифри.' },
  senderAddress: { type: 'string', max: 300 },
  defaultWeightKg: { type: 'number', min: PARCEL_WEIGHT_MIN_KG, max: PARCEL_WEIGHT_MAX_KG },
  addressCourier: { type: 'enum', values: COURIERS },
  speedyServiceId: { type: 'int', min: 1, max: 100000 },
};
