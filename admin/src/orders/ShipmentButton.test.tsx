// The waybill on the order page: staff create it in a small dialog; a courier's refusal is shown
// in the courier's words and the order stays as it was; once made, the waybill and its label show.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { OrderEdit } from './OrderEdit';

const order = {
  id: 5,
  number: 'VS-10012',
  status: 'confirmed',
  allowedTransitions: ['shipped', 'cancelled'],
  paymentStatus: 'unpaid',
  paymentMethod: 'cod',
  customer: { firstName: 'Иван', lastName: 'Петров', email: 'ivan@example.bg', phone: '0888123456' },
  shipping: { method: 'econt_office', city: 'Пловдив', postcode: '', address: 'Пловдив Център, бул. „Руски“ 51' },
  items: [],
  itemCount: 0,
  subtotal: 55.7,
  discountTotal: 0,
  shippingTotal: 0,
  total: 55.7,
  events: [],
  createdAt: '2026-11-20T09:00:00Z',
};
const made = {
  id: 3,
  orderId: 5,
  courier: 'econt',
  waybillNumber: '1051000000007',
  codAmount: 55.7,
  currency: 'BGN',
  weightKg: 1.5,
  reviewBeforePayment: true,
  status: 'created',
  courierStatus: '',
  labelUrl: '/api/admin/shipments/3/label',
  trackingUrl: 'https://www.econt.com/services/track-shipment/1051000000007',
};

test('staff create the waybill; the courier’s refusal is shown first, the waybill and its label after', async () => {
  setCsrfToken('tok');
  let tries = 0;
  const { calls } = mockFetch({
    'GET /api/admin/orders/5/shipment': { body: { shipment: null } },
    'POST /api/admin/orders/5/shipment': () =>
      ++tries === 1
        ? { status: 409, body: { message: 'Куриерът отказа: Невалиден телефон на получателя' } }
        : { status: 201, body: { shipment: made } },
  });
  const dataProvider = { ...createDataProvider(), getOne: jest.fn(async () => ({ data: order })), update: jest.fn() };
  renderAdmin(
    <ResourceContextProvider value="orders">
      <OrderEdit id={5} />
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/orders/5' },
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Създай товарителница' }));
  const dialog = await screen.findByRole('dialog', { name: 'Нова товарителница' });
  await userEvent.type(within(dialog).getByLabelText('Тегло (кг)'), '1,5');
  await userEvent.click(within(dialog).getByLabelText('Преглед преди плащане'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Създай' }));
  expect(await within(dialog).findByText('Куриерът отказа: Невалиден телефон на получателя')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')[0].body).toEqual({ weightKg: 1.5, reviewBeforePayment: true });

  await userEvent.click(within(dialog).getByRole('button', { name: 'Създай' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const shown = await screen.findByTestId('shipment');
  expect(within(shown).getByText('1051000000007')).toBeInTheDocument();
  expect(within(shown).getByRole('link', { name: 'Етикет (PDF)' })).toHaveAttribute('href', '/api/admin/shipments/3/label');
  expect(within(shown).getByRole('link', { name: 'Проследяване при куриера' })).toHaveAttribute('href', made.trackingUrl);
});
