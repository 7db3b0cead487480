import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Edit, ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { ProductForm } from './ProductForm';

const product = {
  id: 5,
  name: 'TWINS Мента',
  price: 24.9,
  status: 'active',
  kind: 'device',
  tankCount: 2,
  variants: [{ id: 51, name: '0 mg', sku: 'TW-0', price: 24.9, stock: 44 }],
  attributes: [],
  images: [],
};
const movements = [
  {
    id: 2,
    variantId: 51,
    productId: 5,
    variantName: '0 mg',
    sku: 'TW-0',
    delta: -3,
    reason: 'sale',
    orderId: 9,
    orderNumber: 'VS-10009',
    userEmail: null,
    note: '',
    stockAfter: 41,
    createdAt: '2026-11-28T10:00:00.000Z',
  },
  {
    id: 1,
    variantId: 51,
    productId: 5,
    variantName: '0 mg',
    sku: 'TW-0',
    delta: 44,
    reason: 'initial',
    orderId: null,
    orderNumber: null,
    userEmail: 'admin@vapsolo.bg',
    note: '',
    stockAfter: 44,
    createdAt: '2026-11-27T10:00:00.000Z',
  },
];

async function renderEdit(tab: RegExp) {
  const adjustStock = jest.fn(async (_id: number, _delta: number, _note: string) => ({ stock: 42 }));
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...product, ...p.data } }));
  const getManyReference = jest.fn(async (_resource: string, _params: any) => ({ data: movements, total: 2 }));
  renderAdmin(
    <ResourceContextProvider value="products">
      <Edit id={5} mutationMode="pessimistic">
        <ProductForm stockHistory />
      </Edit>
    </ResourceContextProvider>,
    {
      dataProvider: {
        getOne: async () => ({ data: product }),
        getList: async () => ({ data: [], total: 0 }),
        getMany: async () => ({ data: [] }),
        getManyReference,
        update,
        adjustStock,
      },
      path: '/admin',
    },
  );
  await userEvent.click(await screen.findByRole('tab', { name: tab }));
  return { adjustStock, update, getManyReference };
}

test("a saved variant's stock is shown, not editable; a correction goes to the inventory with its note", async () => {
  const { adjustStock } = await renderEdit(/^Варианти/);
  const stock = await screen.findByLabelText('Наличност на TWINS Мента 0 mg');
  expect(stock).toHaveTextContent('44');
  expect(stock.tagName).toBe('OUTPUT');
  await userEvent.click(screen.getByRole('button', { name: 'Коригирай наличността на TWINS Мента 0 mg' }));
  const dialog = await screen.findByRole('dialog', { name: 'Наличност на TWINS Мента 0 mg: 44 бр.' });
  await userEvent.type(within(dialog).getByLabelText(/Промяна/), '-2');
  await userEvent.type(within(dialog).getByLabelText('Бележка'), 'Повредени');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(adjustStock).toHaveBeenCalledWith(51, -2, 'Повредени'));
  expect(await screen.findByText('Наличността на TWINS Мента 0 mg е коригирана.')).toBeInTheDocument();
});

test('a count sends the figure found to the inventory (the server records the difference)', async () => {
  const { update } = await renderEdit(/^Варианти/);
  await userEvent.click(await screen.findByRole('button', { name: 'Коригирай наличността на TWINS Мента 0 mg' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByLabelText('Преброяване'));
  await userEvent.type(within(dialog).getByLabelText(/Преброени/), '40');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][0]).toBe('inventory');
  expect(update.mock.calls[0][1]).toMatchObject({ id: 51, data: { stock: 40, note: '' } });
});

test("the product's stock history lists its movements with their reasons in Bulgarian", async () => {
  const { getManyReference } = await renderEdit(/История на наличността/);
  expect(await screen.findByText('Продажба')).toBeInTheDocument();
  expect(screen.getByText('Начално')).toBeInTheDocument();
  expect(screen.getByText('-3')).toBeInTheDocument();
  expect(screen.getByText('+44')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'VS-10009' })).toBeInTheDocument();
  expect(getManyReference.mock.calls[0][0]).toBe('stock-movements');
  expect(getManyReference.mock.calls[0][1]).toMatchObject({ target: 'productId', id: 5 });
});
