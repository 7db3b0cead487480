import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { InventoryList } from './InventoryList';

const rows = [
  { id: 11, productId: 1, productName: 'TWINS Мента', productStatus: 'active', variantName: '10 mg', sku: 'TW-10', stock: 4, price: 24.9 },
  { id: 12, productId: 1, productName: 'TWINS Мента', productStatus: 'active', variantName: '20 mg', sku: 'TW-20', stock: 9, price: 24.9 },
];

test('stock is changed in place: Enter saves the typed number and says so', async () => {
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...rows[0], ...p.data } }));
  renderAdmin(
    <ResourceContextProvider value="inventory">
      <InventoryList />
    </ResourceContextProvider>,
    { dataProvider: { getList: async () => ({ data: rows, total: 2 }), update }, path: '/admin/inventory' },
  );
  const cell = await screen.findByLabelText('Наличност на TWINS Мента 10 mg');
  await userEvent.clear(cell);
  await userEvent.type(cell, '25{Enter}');
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1]).toMatchObject({ id: 11, data: { stock: 25 } });
  expect(await screen.findByText('Наличността на TWINS Мента 10 mg е запазена.')).toBeInTheDocument();
});
