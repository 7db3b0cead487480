import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { ORDER_STATUS_LABELS } from '@domain/orderStatus';
import { renderAdmin } from '../test/renderAdmin';
import { OrderEdit } from './OrderEdit';
import { PageHeading } from '../layout/Layout';

const order = {
  id: 5,
  number: 'VS-10012',
  status: 'confirmed',
  allowedTransitions: ['shipped', 'cancelled'],
  paymentStatus: 'unpaid',
  allowedPaymentMoves: ['paid'],
  paymentMethod: 'cod',
  customer: { firstName: 'Иван', lastName: 'Петров', email: 'ivan@example.bg', phone: '0888123456' },
  shipping: { method: 'econt_office', city: 'София', postcode: '1000', address: 'Офис Еконт Център' },
  items: [
    {
      productName: 'TWINS Мента',
      variantName: '10 mg',
      attributes: [],
      personalization: '',
      unitPrice: 24.9,
      quantity: 2,
      lineTotal: 49.8,
    },
  ],
  itemCount: 2,
  subtotal: 49.8,
  discountTotal: 0,
  shippingTotal: 5.9,
  total: 55.7,
  events: [
    { type: 'status', fromStatus: 'pending', toStatus: 'confirmed', note: null, actorLabel: 'Админ', createdAt: '2026-11-20T10:00:00Z' },
  ],
  createdAt: '2026-11-20T09:00:00Z',
};

function setup(
  record: Record<string, unknown> = order,
  update = jest.fn(async (_r: string, p: any) => ({ data: { ...record, ...p.data, allowedTransitions: ['delivered'] } })),
) {
  const dataProvider = { getOne: jest.fn(async () => ({ data: record })), update };
  renderAdmin(
    <ResourceContextProvider value="orders">
      {/* The layout's h1, where the page's title is drawn. */}
      <PageHeading />
      <OrderEdit id={5} />
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/orders/5' },
  );
  return dataProvider;
}

test('only the moves the order allows are offered, labelled as in the shop', async () => {
  setup();
  const actions = await screen.findByTestId('status-actions');
  const labels = within(actions)
    .getAllByRole('button')
    .map((b) => b.textContent);
  expect(labels).toEqual([ORDER_STATUS_LABELS.shipped, ORDER_STATUS_LABELS.cancelled]);
  for (const s of ['pending', 'delivered', 'returned'] as const) {
    expect(within(actions).queryByRole('button', { name: ORDER_STATUS_LABELS[s] })).not.toBeInTheDocument();
  }
  // The order's number heads the page, as its only h1, and its sections follow as h2.
  expect(await screen.findByRole('heading', { level: 1, name: 'Поръчка VS-10012' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 2, name: 'Промяна на статуса' })).toBeInTheDocument();
  expect(screen.getByText('TWINS Мента')).toBeInTheDocument();
  expect(screen.getByText('Иван Петров')).toBeInTheDocument();
});

test('a move is sent and the Bulgarian success toast shown', async () => {
  const dp = setup({ ...order, status: 'pending', allowedTransitions: ['confirmed', 'cancelled'] });
  await userEvent.click(await screen.findByRole('button', { name: ORDER_STATUS_LABELS.confirmed }));
  await waitFor(() => expect(dp.update).toHaveBeenCalled());
  expect(dp.update.mock.calls[0][1]).toMatchObject({ id: 5, data: { status: 'confirmed' } });
  expect(await screen.findByText('Поръчката е актуализирана успешно.')).toBeInTheDocument();
});

test('the tracking number and note typed on the page are saved with the move to shipped', async () => {
  const dp = setup();
  await userEvent.type(await screen.findByLabelText('Номер на товарителница'), '1055000777');
  await userEvent.type(screen.getByLabelText('Вътрешна бележка'), 'Две кутии');
  await userEvent.click(screen.getByRole('button', { name: ORDER_STATUS_LABELS.shipped }));
  // The panel asks for the waybill number, with what was typed already filled in.
  const dialog = await screen.findByRole('dialog', { name: 'Изпращане на поръчка VS-10012' });
  expect(within(dialog).getByLabelText('Номер на товарителница')).toHaveValue('1055000777');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
  await waitFor(() => expect(dp.update).toHaveBeenCalled());
  expect(dp.update.mock.calls[0][1].data).toEqual({ status: 'shipped', trackingNumber: '1055000777', staffNote: 'Две кутии' });
});

test('shipping asks for the number when none is typed; it may still go without one', async () => {
  const dp = setup();
  await userEvent.click(await screen.findByRole('button', { name: ORDER_STATUS_LABELS.shipped }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: 'Изпрати' })).toBeDisabled();
  await userEvent.type(within(dialog).getByLabelText('Номер на товарителница'), 'SP-42');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
  await waitFor(() => expect(dp.update).toHaveBeenCalled());
  expect(dp.update.mock.calls[0][1].data).toMatchObject({ status: 'shipped', trackingNumber: 'SP-42' });
});

test('cancelling asks for confirmation with a reason; nothing is sent before', async () => {
  const dp = setup();
  await userEvent.click(await screen.findByRole('button', { name: ORDER_STATUS_LABELS.cancelled }));
  const dialog = await screen.findByRole('dialog', { name: 'Отказване на поръчка VS-10012' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Откажи поръчката' }));
  expect(await within(dialog).findByText('Напишете причината.')).toBeInTheDocument();
  expect(dp.update).not.toHaveBeenCalled();
  await userEvent.type(within(dialog).getByLabelText(/Причина/), 'Клиентът се обади');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Откажи поръчката' }));
  await waitFor(() => expect(dp.update).toHaveBeenCalled());
  expect(dp.update.mock.calls[0][1].data).toMatchObject({ status: 'cancelled', statusNote: 'Клиентът се обади' });
});

test('a refund asks how much, why and whether stock comes back; the amount is read Bulgarian style', async () => {
  const dp = setup({
    ...order,
    status: 'delivered',
    allowedTransitions: ['returned'],
    paymentStatus: 'paid',
    allowedPaymentMoves: ['refunded'],
    payments: [{ id: 1, amount: 55.7, status: 'paid' }],
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Възстанови сумата' }));
  const dialog = await screen.findByRole('dialog');
  const amount = within(dialog).getByLabelText('Сума за възстановяване');
  expect(amount).toHaveValue('55,70');
  await userEvent.clear(amount);
  await userEvent.type(amount, '99');
  expect(within(dialog).getByText(/най-много/)).toBeInTheDocument();
  await userEvent.clear(amount);
  await userEvent.type(amount, '10,50');
  await userEvent.type(within(dialog).getByLabelText(/Причина/), 'Липсва вкус');
  await userEvent.click(within(dialog).getByLabelText('Върни стоката в наличност'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Възстанови' }));
  await waitFor(() => expect(dp.update).toHaveBeenCalled());
  expect(dp.update.mock.calls[0][1].data).toMatchObject({
    paymentStatus: 'refunded',
    refundAmount: 10.5,
    refundReason: 'Липсва вкус',
    restock: true,
  });
});

test('a cancelled order offers no "mark paid": the server lists no payment move', async () => {
  setup({ ...order, status: 'cancelled', allowedTransitions: [], paymentStatus: 'unpaid', allowedPaymentMoves: [] });
  await screen.findByText('Поръчката е в краен статус.');
  expect(screen.queryByRole('button', { name: 'Маркирай като платено' })).not.toBeInTheDocument();
});

test("a refused move shows the server's message", async () => {
  const refused = Object.assign(new Error('Поръчка със статус „Потвърдена“ не може да премине в „Доставена“.'), {
    status: 409,
    body: { message: 'Поръчка със статус „Потвърдена“ не може да премине в „Доставена“.' },
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal
  setup(
    { ...order, status: 'pending', allowedTransitions: ['confirmed', 'cancelled'] },
    jest.fn(async (_r: string, _p: any) => Promise.reject(refused)),
  );
  await userEvent.click(await screen.findByRole('button', { name: ORDER_STATUS_LABELS.confirmed }));
  expect(await screen.findByText('Поръчка със статус „Потвърдена“ не може да премине в „Доставена“.')).toBeInTheDocument();
});

test('a final status offers no move', async () => {
  setup({ ...order, status: 'cancelled', allowedTransitions: [] });
  expect(await screen.findByText('Поръчката е в краен статус.')).toBeInTheDocument();
  expect(screen.queryByTestId('status-actions')).not.toBeInTheDocument();
});

test("a company's order shows the buyer's purchase-order number and the shop it goes to", async () => {
  setup({
    ...order,
    shipping: { method: 'address', city: 'Варна', postcode: '', address: 'ул. Славянска 10', companyShopId: 41 },
    companyId: 3,
    pricesInclude: 'net',
    purchaseOrderNumber: 'ПО-2026/117',
    companyShopId: 41,
    companyShopName: 'Вейп Център Варна',
  });
  expect(await screen.findByText('Поръчка на клиента (PO) №: ПО-2026/117')).toBeInTheDocument();
  expect(screen.getByText('Доставка до обект: Вейп Център Варна')).toBeInTheDocument();
  expect(screen.getByText('ул. Славянска 10')).toBeInTheDocument();
});

test("an order held for the company's approval says so, and staff may only cancel it", async () => {
  setup({
    ...order,
    status: 'awaiting_approval',
    allowedTransitions: ['cancelled'],
    companyId: 3,
    placedBy: { id: 7, name: 'Иван Иванов' },
  });
  expect(await screen.findByText(/Поръчката чака одобрение от собственик на фирмата\..*Поръчал: Иван Иванов\./)).toBeInTheDocument();
  expect(screen.getAllByText(ORDER_STATUS_LABELS.awaiting_approval).length).toBeGreaterThan(0);
  const labels = within(screen.getByTestId('status-actions'))
    .getAllByRole('button')
    .map((b) => b.textContent);
  expect(labels).toEqual([ORDER_STATUS_LABELS.cancelled]);
});
