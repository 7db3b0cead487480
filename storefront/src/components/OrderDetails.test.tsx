// The shopper's order page links a shipped order to the courier's own tracking page.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { OrderDetails } from './OrderDetails';
import type { ApiOrder } from '@domain/api';

const order: ApiOrder = {
  id: 9,
  number: 'VS-10009',
  status: 'shipped',
  statusLabel: 'Изпратена',
  allowedTransitions: ['delivered', 'returned'],
  paymentStatus: 'unpaid',
  allowedPaymentMoves: ['paid'],
  paymentMethod: 'cod',
  customer: { firstName: 'Елена', lastName: 'Георгиева', email: 'elena@example.bg', phone: '0899555444' },
  shipping: {
    method: 'econt_office',
    city: 'Пловдив',
    postcode: '',
    address: 'Пловдив Център, бул. „Руски“ 51',
    office: { id: 2, courier: 'econt', code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' },
  },
  items: [],
  itemCount: 0,
  subtotal: 30,
  discountCode: null,
  discountTotal: 0,
  shippingTotal: 0,
  total: 30,
  currency: 'BGN',
  note: '',
  trackingNumber: '1051000000007',
  trackingUrl: 'https://www.econt.com/services/track-shipment/1051000000007',
  events: [],
  payments: [],
  deliveredAt: null,
  withdrawnAt: null,
  stockRestored: false,
  createdAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-21T09:00:00Z',
};

it('shows the waybill number and links to the courier’s tracking page', () => {
  render(
    <MemoryRouter>
      <OrderDetails order={order} onChange={() => undefined} />
    </MemoryRouter>,
  );
  expect(screen.getByText('1051000000007')).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'Проследете пратката при куриера' });
  expect(link).toHaveAttribute('href', 'https://www.econt.com/services/track-shipment/1051000000007');
  expect(link).toHaveAttribute('target', '_blank');
});

it('shows no tracking link before the order has a waybill', () => {
  render(
    <MemoryRouter>
      <OrderDetails order={{ ...order, status: 'confirmed', trackingNumber: '', trackingUrl: null }} onChange={() => undefined} />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('link', { name: 'Проследете пратката при куриера' })).not.toBeInTheDocument();
});
