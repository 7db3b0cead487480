// A customer's page: a guest buyer (keyed by e-mail) with contacts, the places their parcels
// went, spending and their orders linked to the order pages.
import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { CustomerShow } from './CustomerShow';

const guest = {
  id: 'gergana@example.bg',
  email: 'gergana@example.bg',
  firstName: 'Гергана',
  lastName: 'Стоянова',
  phone: '0888 333 444',
  registered: false,
  userId: null,
  orderCount: 2,
  totalSpent: 75.8,
  lastOrderAt: '2026-11-20T10:00:00.000Z',
  lastOrderId: 12,
  createdAt: null,
  phones: ['0888 333 444', '+359879111222'],
  firstOrderAt: '2026-10-01T09:00:00.000Z',
  averageOrder: 37.9,
  addresses: [
    {
      method: 'econt_office',
      city: 'Пловдив',
      postcode: '4000',
      address: 'Пловдив Център, бул. „Руски“ 51',
      office: { id: 1, courier: 'econt', code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' },
      orderCount: 1,
      lastUsedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      method: 'address',
      city: 'Русе',
      postcode: '7000',
      address: 'ул. „Александровска“ 1',
      office: null,
      orderCount: 1,
      lastUsedAt: '2026-10-01T09:00:00.000Z',
    },
  ],
  orders: [
    {
      id: 12,
      number: 'VS-10012',
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'pending',
      statusLabel: 'Нова',
      paymentStatus: 'unpaid',
      paymentMethod: 'cod',
      total: 37.9,
      currency: 'BGN',
      itemCount: 2,
    },
    {
      id: 5,
      number: 'VS-10005',
      createdAt: '2026-10-01T09:00:00.000Z',
      status: 'delivered',
      statusLabel: 'Доставена',
      paymentStatus: 'paid',
      paymentMethod: 'cod',
      total: 37.9,
      currency: 'BGN',
      itemCount: 1,
    },
  ],
};

test('shows a guest buyer’s contacts, addresses, totals and orders with links', async () => {
  const getOne = jest.fn(async () => ({ data: guest }));
  renderAdmin(
    <ResourceContextProvider value="customers">
      <CustomerShow id={guest.id} />
    </ResourceContextProvider>,
    { dataProvider: { getOne } },
  );
  expect(await screen.findByRole('heading', { name: 'Гергана Стоянова' })).toBeInTheDocument();
  expect(getOne).toHaveBeenCalledWith('customers', expect.objectContaining({ id: 'gergana@example.bg' }));
  expect(screen.getByText('Гост (без профил)')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'gergana@example.bg' })).toHaveAttribute('href', 'mailto:gergana@example.bg');
  expect(screen.getByRole('link', { name: '+359879111222' })).toHaveAttribute('href', 'tel:+359879111222');
  expect(screen.getByText('Еконт · Пловдив Център (4000)')).toBeInTheDocument();
  expect(screen.getByText('7000 Русе')).toBeInTheDocument();
  expect(screen.getByText('75,80 лв.')).toBeInTheDocument();
  const orders = screen.getByRole('table', { name: 'Поръчки' });
  expect(within(orders).getByRole('link', { name: 'VS-10012' })).toHaveAttribute('href', '/admin/orders/12');
  expect(
    within(orders)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual([expect.stringContaining('Номер'), expect.stringContaining('VS-10012'), expect.stringContaining('VS-10005')]);
  expect(screen.getByRole('link', { name: 'Всички поръчки в списъка' }).getAttribute('href')).toContain('customerEmail');
});
