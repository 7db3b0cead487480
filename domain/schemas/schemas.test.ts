// The shared input schemas answer what the API has always answered: the same Bulgarian text per
// field, dotted paths, unknown fields refused, read-only echoes dropped, partial updates.
import { API, FIELD } from '../messages';
import { NAME_MAX } from '../limits';
import { day, fieldErrors, input, money, query, text, int, withoutAbsent } from './fields';
import { checkoutInput, phoneField } from './checkout';
import { cartAddInput } from './cart';
import { flavourListInput, productChangeInput, productInput } from './catalogue';
import { packingSlipsInput } from './orders';
import { discountInput } from './discounts';
import { settingsInput } from './settings';
import { phoneProblem, postcodeProblem, passwordProblem } from './rules';
import { postcodeField } from './checkout';
import { passwordChangeInput } from './auth';

/** What the API would answer in `errors` (undefined when accepted). */
function refusal(schema: { safeParse: (v: unknown) => any }, input: unknown): Record<string, string> | undefined {
  const r = schema.safeParse(input);
  return r.success ? undefined : fieldErrors(r.error);
}

const order = {
  customer: { firstName: 'Мария', lastName: 'Иванова', email: 'maria@example.bg', phone: '0888 123 456' },
  shipping: { method: 'address', city: 'София', address: 'ул. Витоша 1' },
  paymentMethod: 'cod',
  ageConfirmed: true,
  termsAccepted: true,
};

describe('shared input schemas', () => {
  test('money typed the Bulgarian way becomes minor units; a guess is refused', () => {
    const price = input({ price: money({ min: 0, max: 1000, required: true }) });
    expect(price.safeParse({ price: '29,90' }).data).toEqual({ price: 2990 });
    expect(price.safeParse({ price: '29.90' }).data).toEqual({ price: 2990 });
    expect(price.safeParse({ price: 29.9 }).data).toEqual({ price: 2990 });
    expect(refusal(price, { price: '29,999' })).toEqual({ price: 'Въведете сума, напр. 29,90' });
    expect(refusal(price, { price: '1001' })).toEqual({ price: 'Стойността трябва да е най-много 1000.' });
    expect(refusal(price, {})).toEqual({ price: 'Полето е задължително.' });
  });

  test('the checkout: the phone and postcode texts, required fields, unknown fields, dotted paths', () => {
    expect(checkoutInput.safeParse(order).success).toBe(true);
    expect(refusal(checkoutInput, { ...order, customer: { ...order.customer, phone: '12' } })).toEqual({
      'customer.phone': 'Въведете валиден телефонен номер.',
    });
    expect(refusal(checkoutInput, { ...order, customer: { ...order.customer, phone: undefined } })).toEqual({
      'customer.phone': FIELD.phoneInvalid,
    });
    expect(refusal(checkoutInput, { ...order, shipping: { ...order.shipping, postcode: '10000' } })).toEqual({
      'shipping.postcode': 'Пощенският код е 4 цифри.',
    });
    expect(refusal(checkoutInput, { ...order, ageConfirmed: undefined })).toEqual({ ageConfirmed: API.ageRequired });
    expect(refusal(checkoutInput, { ...order, coupon: 'X' })).toEqual({ coupon: 'Непознато поле.' });
    expect(
      refusal(checkoutInput, {
        ...order,
        items: [
          { productId: 1, quantity: 0 },
          { productId: 'x', quantity: 1 },
        ],
      }),
    ).toEqual({
      'items.0.quantity': 'Стойността трябва да е поне 1.',
      'items.1.productId': 'Трябва да е число.',
    });
    // Prices a client copies along are dropped, never used.
    expect(checkoutInput.safeParse({ ...order, total: 1, items: [{ productId: 1, quantity: 2, price: 0 }] }).data).toMatchObject({
      items: [{ productId: 1, quantity: 2 }],
    });
    expect(
      withoutAbsent(checkoutInput.safeParse({ ...order, total: 1, items: [{ productId: 1, quantity: 2, price: 0 }] }).data),
    ).not.toHaveProperty('total');
  });

  test('a line break in a one-line field is refused before its own message', () => {
    expect(refusal(checkoutInput, { ...order, customer: { ...order.customer, firstName: 'Мария\r\nBcc: x@y.z' } })).toEqual({
      'customer.firstName': 'Полето трябва да е на един ред (без нов ред).',
    });
    expect(refusal(checkoutInput, { ...order, customer: { ...order.customer, phone: '0888\n123456' } })).toEqual({
      'customer.phone': API.singleLine,
    });
    expect(checkoutInput.safeParse({ ...order, note: 'първи ред\nвтори ред' }).success).toBe(true);
  });

  test('text, numbers and lists say what is wrong in Bulgarian', () => {
    const s = input({ name: text(5, { min: 2 }), n: int({ min: 1, max: 9 }) });
    expect(refusal(s, { name: 'абвгде' })).toEqual({ name: 'Най-много 5 знака.' });
    expect(refusal(s, { name: 'а' })).toEqual({ name: 'Най-малко 2 знака.' });
    expect(refusal(s, { name: 5 })).toEqual({ name: 'Трябва да е текст.' });
    expect(refusal(s, { n: 1.5 })).toEqual({ n: 'Трябва да е цяло число.' });
    expect(refusal(s, { n: null })).toEqual({ n: 'Невалидна стойност.' });
    expect(s.safeParse({ name: '  аб  ', n: '3' }).data).toEqual({ name: 'аб', n: 3 });
    expect(refusal(cartAddInput, { productId: 1, attributes: 'x' })).toEqual({ attributes: 'Трябва да е списък.' });
  });

  test('react-admin echoes are dropped; a partial update needs no required field, at any depth', () => {
    expect(productInput.safeParse({ id: 3, createdAt: 'x', name: 'TWINS', price: '10' }).data).toEqual({ name: 'TWINS', price: 1000 });
    expect(refusal(productInput, { price: 10 })).toEqual({ name: 'Полето е задължително.' });
    // A list replaces the whole list: its items are whole in a change too.
    expect(refusal(productChangeInput, { variants: [{ stock: 3 }] })).toEqual({
      'variants.0.name': API.required,
      'variants.0.sku': API.required,
    });
    expect(refusal(productChangeInput, { variants: [{ name: 'A', sku: 'A-1', stock: -1 }] })).toEqual({
      'variants.0.stock': 'Стойността трябва да е поне 0.',
    });
    expect(refusal(discountInput, { code: 'ЛЯТО 10', type: 'percent' })).toEqual({
      code: 'Кодът съдържа само букви, цифри, тире и долна черта.',
    });
    expect(refusal(settingsInput, { bank: { iban: 'BG00' } })).toEqual({ 'bank.iban': 'Невалиден IBAN.' });
  });

  test('a change answers as the form did: null is a wrong value, an empty choice is not given; list items have no presence', () => {
    // What zod's .partial() over the create schema would answer otherwise ("Полето е задължително.").
    expect(refusal(productInput, { name: null, price: 1 })).toEqual({ name: API.required });
    expect(refusal(productChangeInput, { name: null })).toEqual({ name: API.invalidValue });
    expect(refusal(productInput, { name: 'TWINS', price: '' })).toEqual({ price: API.required });
    expect(withoutAbsent(productChangeInput.safeParse({ price: '', seoTitle: undefined }).data)).toEqual({});
    // An item is never "not given": null or '' there is a wrong value, said as such.
    expect(refusal(productInput, { name: 'TWINS', price: 1, variants: [null] })).toEqual({ 'variants.0': API.mustBeObject });
    expect(refusal(flavourListInput, { name: 'Плодови', flavours: [null] })).toEqual({ 'flavours.0': API.mustBeText });
    expect(refusal(packingSlipsInput, { ids: [''] })).toEqual({ 'ids.0': API.mustBeNumber });
  });

  test('a query parameter given twice is refused; unknown ones are ignored', () => {
    const q = query({ page: int({ min: 1 }) });
    expect(q.safeParse({ page: '2', utm_source: 'x' }).data).toEqual({ page: 2 });
    expect(refusal(q, { page: ['1', '2'] })).toEqual({ page: 'Невалидна стойност.' });
  });

  test('the forms check the same rules as the schemas, with the same texts', () => {
    for (const phone of ['0888 123 456', '+359 (88) 812-3456', '12345', 'abc', '0888123456'.repeat(4), '']) {
      const server = refusal(input({ phone: phoneField }), { phone });
      expect(phoneProblem(phone)).toBe(server?.phone);
    }
    for (const postcode of ['1000', ''])
      expect(postcodeProblem(postcode)).toBe(refusal(input({ postcode: postcodeField }), { postcode })?.postcode);
    expect(postcodeProblem('10000')).toBe(refusal(input({ postcode: postcodeField }), { postcode: '10000' })?.postcode);
    for (const password of ['short', 'long enough', 'x'.repeat(201)]) {
      expect(passwordProblem(password)).toBe(refusal(passwordChangeInput, { currentPassword: 'x', newPassword: password })?.newPassword);
    }
  });
});

test('a day is "YYYY-MM-DD" or typed the Bulgarian way; an impossible one is refused, never rolled over', () => {
  const schema = input({ until: day({ nullable: true, refuse: (d: string) => (d < '2026-01-01' ? 'Твърде рано.' : undefined) }) });
  expect(schema.parse({ until: '2026-12-31' })).toEqual({ until: '2026-12-31' });
  expect(schema.parse({ until: '1.2.2027' })).toEqual({ until: '2027-02-01' });
  expect(schema.parse({ until: null })).toEqual({ until: null });
  expect(schema.parse({ until: '' })).toEqual({ until: null });
  expect(refusal(schema, { until: '29.02.2026' })).toEqual({ until: API.invalidDate });
  expect(refusal(schema, { until: 20261231 })).toEqual({ until: API.invalidDate });
  expect(refusal(schema, { until: '31.12.2025' })).toEqual({ until: 'Твърде рано.' });
});

test('the checkout says what is missing the way its form does, and refuses the two ticks left empty', () => {
  const without = { ...order, customer: { ...order.customer, firstName: ' ' }, shipping: { method: 'address', city: '', address: '' } };
  expect(refusal(checkoutInput, without)).toEqual({
    'customer.firstName': FIELD.firstNameMissing,
    'shipping.city': FIELD.cityMissing,
    'shipping.address': FIELD.addressMissing,
  });
  // Its other refusals keep their own texts.
  expect(refusal(checkoutInput, { ...order, customer: { ...order.customer, lastName: 'Я'.repeat(500) } })).toEqual({
    'customer.lastName': API.tooLong(NAME_MAX),
  });
  expect(refusal(checkoutInput, { ...order, ageConfirmed: false, termsAccepted: false })).toEqual({
    ageConfirmed: API.ageRequired,
    termsAccepted: API.termsRequired,
  });
  expect(refusal(checkoutInput, { ...order, ageConfirmed: 'true' })).toBeUndefined();
});
