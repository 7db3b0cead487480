// „Ценови листи“: a variant may have several fixed prices, each „От количество“ (quantity breaks);
// the rows are saved with their quantities, and a variant priced twice from one quantity is said
// before anything is sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { renderAdmin } from '../test/renderAdmin';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';
import { PriceListEdit } from './PriceLists';

const variant = { id: 7, sku: 'POD-10', productName: 'TWINS Под Ментол', variantName: 'Опаковка', price: 6.9, stock: 100 };
const list = {
  id: 3,
  name: 'Дистрибутори',
  discountPercent: 10,
  prices: [
    {
      variantId: 7,
      netPrice: 5.75,
      minQuantity: 1,
      sku: 'POD-10',
      productName: 'TWINS Под Ментол',
      variantName: 'Опаковка',
      retailPrice: 6.9,
    },
    {
      variantId: 7,
      netPrice: 5.2,
      minQuantity: 50,
      sku: 'POD-10',
      productName: 'TWINS Под Ментол',
      variantName: 'Опаковка',
      retailPrice: 6.9,
    },
  ],
  priceCount: 2,
  companyCount: 1,
  version: 2,
};

function renderEdit() {
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...list, ...p.data, version: 3 } }));
  const dataProvider = {
    getOne: jest.fn(async (resource: string) => ({ data: resource === 'inventory' ? variant : list })),
    getMany: jest.fn(async () => ({ data: [variant] })),
    getList: jest.fn(async () => ({ data: [variant], total: 1 })),
    update,
  };
  renderAdmin(
    <ResourceContextProvider value="price-lists">
      <Routes>
        <Route path="price-lists/:id" element={<PriceListEdit />} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/price-lists/3' },
  );
  return { update };
}

test('each row has its „От количество“, and the rows are saved with their quantities', async () => {
  const { update } = renderEdit();
  const quantities = await screen.findAllByRole('spinbutton', { name: PRICE_LIST_TEXTS.fromQuantity });
  expect(quantities.map((q) => (q as HTMLInputElement).value)).toEqual(['1', '50']);
  fireEvent.change(quantities[1], { target: { value: '100' } });
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1].data).toMatchObject({
    prices: [
      { variantId: 7, netPrice: 5.75, minQuantity: 1 },
      { variantId: 7, netPrice: 5.2, minQuantity: 100 },
    ],
    version: 2,
  });
});

test('a variant priced twice from one quantity is refused before anything is sent', async () => {
  const { update } = renderEdit();
  const quantities = await screen.findAllByRole('spinbutton', { name: PRICE_LIST_TEXTS.fromQuantity });
  fireEvent.change(quantities[1], { target: { value: '1' } });
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  expect(await screen.findByText(PRICE_LIST_TEXTS.breakTwice)).toBeInTheDocument();
  expect(update).not.toHaveBeenCalled();
});
