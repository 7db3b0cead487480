import { phoneOrderPayload } from './OrderCreate';

test('the form lines become checkout items with the chosen flavours', () => {
  const payload = phoneOrderPayload({
    customer: { firstName: 'Георги' },
    items: [
      { productId: 3, variantId: 7, quantity: 2, attributeValues: ['1:11', undefined] },
      { productId: 4, quantity: 1 },
    ],
  });
  expect(payload.items).toEqual([
    { productId: 3, variantId: 7, quantity: 2, attributes: [{ attributeId: 1, attributeValueId: 11 }] },
    { productId: 4, quantity: 1, attributes: [] },
  ]);
  expect(payload.customer).toEqual({ firstName: 'Георги' });
});
