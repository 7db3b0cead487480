// The admin's forms refuse what the API would, with the API's own text (domain/schemas).
import { fieldRule } from './fieldRule';
import { phoneField, postcodeField } from '@domain/schemas/checkout';
import { bankFields } from '@domain/schemas/settings';
import { discountCodeField } from '@domain/schemas/discounts';
import { courierSettingsFields } from '@domain/schemas/couriers';

test('a field of the shared schemas becomes a react-admin validator with the Bulgarian text', () => {
  expect(fieldRule(phoneField)('12-34')).toBe('Въведете валиден телефонен номер.');
  expect(fieldRule(phoneField)('+359 888 123 456')).toBeUndefined();
  expect(fieldRule(postcodeField)('10000')).toBe('Пощенският код е 4 цифри.');
  expect(fieldRule(bankFields.iban)('BG00')).toBe('Невалиден IBAN.');
  expect(fieldRule(bankFields.iban)('BG80BNBG96611020345678')).toBeUndefined();
  expect(fieldRule(discountCodeField)('ЛЯТО 10')).toBe('Кодът съдържа само букви, цифри, тире и долна черта.');
  expect(fieldRule(courierSettingsFields.speedySenderOfficeId)('A1')).toBe('Номерът на офиса на Спиди е от цифри.');
  expect(fieldRule(courierSettingsFields.senderPhone)('ред\nдва')).toBe('Полето трябва да е на един ред (без нов ред).');
  // Empty is required()'s business.
  expect(fieldRule(phoneField)('')).toBeUndefined();
  expect(fieldRule(phoneField)(null)).toBeUndefined();
});
