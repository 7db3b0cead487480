// The order list's bulk action: waybills for the selected orders, one after the other, with what
// happened to each (the waybill, or the courier's or the shop's reason).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { BulkShipmentButton } from './BulkShipmentButton';

test('reports each selected order’s waybill or the reason it has none', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'POST /api/admin/orders/1/shipment': { status: 201, body: { shipment: { id: 1, courier: 'econt', waybillNumber: '1051000000001' } } },
    'POST /api/admin/orders/2/shipment': { status: 409, body: { message: 'Куриерът отказа: Невалиден телефон на получателя' } },
  });
  const list = {
    resource: 'orders',
    selectedIds: [1, 2],
    data: [
      { id: 1, number: 'VS-10001' },
      { id: 2, number: 'VS-10002' },
    ],
    onUnselectItems: jest.fn(),
    onSelect: jest.fn(),
    onToggleItem: jest.fn(),
  };
  renderAdmin(
    <ListContextProvider value={list as any}>
      <BulkShipmentButton />
    </ListContextProvider>,
    { dataProvider: createDataProvider() },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Товарителници' }));
  const dialog = await screen.findByRole('dialog', { name: 'Товарителници за избраните поръчки' });
  expect(await within(dialog).findByText('Създадени: 1 от 2.')).toBeInTheDocument();
  const results = within(dialog).getByTestId('bulk-shipment-results');
  expect(within(results).getByText('VS-10001').closest('li')).toHaveTextContent('1051000000001');
  expect(within(results).getByText('VS-10002').closest('li')).toHaveTextContent('Куриерът отказа: Невалиден телефон на получателя');
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
    '/api/admin/orders/1/shipment',
    '/api/admin/orders/2/shipment',
  ]);
});
