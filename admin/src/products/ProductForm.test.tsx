import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { ProductCreate } from './ProductEdit';
import { CATALOGUE } from '@domain/messages';
import { DISPOSABLE_TEXT } from '@domain/salesModeTexts';
import { PRICE_LIST_TEXTS } from '@domain/priceListTexts';

const FLAVOURS = ['Ягода', 'Диня', 'Мента'];

function renderCreate(create = jest.fn(async (_r: string, p: any) => ({ data: { id: 7, ...p.data } }))) {
  const getList = async (resource: string) =>
    resource === 'flavour-lists'
      ? { data: [{ id: 3, name: 'Вкусове TWINS', flavours: FLAVOURS, flavourCount: 3 }], total: 1 }
      : { data: [], total: 0 };
  renderAdmin(
    <ResourceContextProvider value="products">
      <ProductCreate />
    </ResourceContextProvider>,
    { dataProvider: { getList, getMany: async () => ({ data: [] }), create }, path: '/admin/products/create' },
  );
  return create;
}

test("30 mg/ml nicotine is refused in the form with the server's Bulgarian words, and nothing is sent", async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'TWINS тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '27,90');
  await userEvent.type(screen.getByLabelText(/^Никотин/), '30');
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  expect(await screen.findByText(CATALOGUE.nicotineTooStrong(20))).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test('a device of one tank with 4 ml is refused on the volume; with 2 tanks it is saved', async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'TWINS тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '27,90');
  await userEvent.type(screen.getByLabelText(/^Обем/), '4');
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  expect(await screen.findByText(CATALOGUE.tankTooBig(2, 4))).toBeInTheDocument();
  const tanks = screen.getByLabelText(/^Резервоари/);
  await userEvent.clear(tanks);
  await userEvent.type(tanks, '2');
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0][1].data).toMatchObject({ kind: 'device', tankCount: 2, volumeMl: 4 });
});

test('picking a flavour list fills one flavour attribute per tank, sent with the product', async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'TWINS тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '27,90');
  const tanks = screen.getByLabelText(/^Резервоари/);
  await userEvent.clear(tanks);
  await userEvent.type(tanks, '2');
  await userEvent.click(screen.getByRole('tab', { name: 'Характеристики' }));
  await userEvent.click(await screen.findByRole('combobox', { name: 'Вкусове' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Вкусове TWINS (3)' }));
  expect(await screen.findByText('Вкусовете от „Вкусове TWINS“ са попълнени (3).')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByDisplayValue('Мента')).toHaveLength(2));
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0][1].data.attributes).toEqual([
    { name: 'Вкус 1', values: FLAVOURS.map((value) => ({ value })) },
    { name: 'Вкус 2', values: FLAVOURS.map((value) => ({ value })) },
  ]);
});

test('a disposable device cannot be saved active: the form says why (the 2025 ban) and sends nothing', async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'Еднократен тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '15');
  await userEvent.click(screen.getByLabelText(DISPOSABLE_TEXT.label));
  expect(screen.getByText(DISPOSABLE_TEXT.hint)).toBeInTheDocument();
  fireEvent.mouseDown(screen.getAllByRole('combobox', { hidden: true })[0]);
  fireEvent.click(await screen.findByRole('option', { name: 'Активен' }));
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  expect(await screen.findByText(DISPOSABLE_TEXT.cannotBeActive)).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test("a product's trade minimum and multiple are sent with it; an empty multiple follows the packs", async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'Течност тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '9,90');
  await userEvent.click(screen.getByRole('tab', { name: 'Варианти' }));
  const minimum = await screen.findByRole('spinbutton', { name: PRICE_LIST_TEXTS.tradeMinimumLabel });
  expect(minimum).toHaveValue(1);
  fireEvent.change(minimum, { target: { value: '20' } });
  expect(screen.getByText(PRICE_LIST_TEXTS.tradeMultipleHelp)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0][1].data).toMatchObject({ tradeMinimumQuantity: 20, tradeMultiple: null });
});

test("a variant's own nicotine strength: over 20 mg/ml refused in its row with the server's words; else sent with it", async () => {
  const create = renderCreate();
  await userEvent.type(await screen.findByLabelText(/^Име/), 'Течност тест');
  await userEvent.type(screen.getByLabelText(/^Цена/), '9,90');
  await userEvent.click(screen.getByRole('tab', { name: 'Варианти' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Добави' }));
  const row = await screen.findByRole('spinbutton', { name: 'Никотин (mg/ml)' });
  await userEvent.type(screen.getAllByLabelText(/^Име/)[1], 'Силен');
  await userEvent.type(screen.getByLabelText(/^SKU/), 'LQ-S');
  fireEvent.change(row, { target: { value: '25' } });
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  expect(await screen.findByText(CATALOGUE.variantNicotineTooStrong(25, 20))).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
  fireEvent.change(row, { target: { value: '1.5' } });
  await waitFor(() => expect(screen.queryByText(CATALOGUE.variantNicotineTooStrong(25, 20))).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0][1].data.variants).toEqual([expect.objectContaining({ name: 'Силен', sku: 'LQ-S', nicotineMgMl: 1.5 })]);
});
