// The order page's documents: the invoices and credit notes with their balance, each invoice with
// how much of it is paid, and for an order that stays active a partial credit note by lines and
// quantities.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { OrderEdit } from '../orders/OrderEdit';

const order = {
  id: 7,
  number: 'VS-10020',
  status: 'delivered',
  allowedTransitions: ['returned'],
  paymentStatus: 'paid',
  paymentMethod: 'cod',
  customer: { firstName: 'Иван', lastName: 'Петров', email: 'ivan@example.bg', phone: '0888123456' },
  shipping: { method: 'econt_office', city: 'Пловдив', postcode: '', address: 'Пловдив Център' },
  items: [],
  itemCount: 0,
  subtotal: 60,
  discountTotal: 0,
  shippingTotal: 0,
  total: 60,
  events: [],
  createdAt: '2026-11-20T09:00:00Z',
};
const invoice = {
  id: 11,
  number: '0000000011',
  kind: 'invoice',
  orderId: 7,
  orderNumber: 'VS-10020',
  recipientName: 'Клиент ООД',
  issuedAt: '2026-11-21T09:00:00Z',
  currency: 'EUR',
  total: 33.7,
  taxBase: 28.08,
  vatTotal: 5.62,
  invoiceNumber: null,
  pdfUrl: '/api/admin/invoices/11/pdf',
  paid: 10,
  outstanding: 8.36,
  paymentState: 'partly_paid',
  paymentCurrency: 'EUR',
  lines: [
    { kind: 'goods', orderItemId: 70, name: 'TRIPLES Ментол', quantity: 2, unitPrice: 15.34, total: 30.68 },
    { kind: 'shipping', orderItemId: null, name: 'Доставка', quantity: 1, unitPrice: 3.02, total: 3.02 },
  ],
};
const note = {
  ...invoice,
  id: 12,
  number: '0000000012',
  kind: 'credit_note',
  invoiceNumber: '0000000011',
  total: 15.34,
  taxBase: 12.78,
  vatTotal: 2.56,
  pdfUrl: '/api/admin/invoices/12/pdf',
  paid: null,
  outstanding: null,
  paymentState: null,
  paymentCurrency: null,
  lines: [{ kind: 'goods', orderItemId: 70, name: 'TRIPLES Ментол', quantity: 1, unitPrice: 15.34, total: 15.34 }],
};

test('shows the documents, what is paid of the invoice and the balance, and credits part of an active order', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'GET /api/admin/orders/7/shipment': { body: { shipment: null } },
    'GET /api/admin/orders/7/invoices': {
      body: {
        request: null,
        invoice,
        creditNote: note,
        documents: [invoice, note],
        balance: { currency: 'EUR', invoiced: 33.7, credited: 15.34, open: 18.36 },
      },
    },
    'POST /api/admin/invoices/11/credit-note': {
      status: 201,
      body: { message: 'Кредитното известие е издадено.', creditNote: { ...note, id: 13 } },
    },
  });
  const dataProvider = { ...createDataProvider(), getOne: jest.fn(async () => ({ data: order })), update: jest.fn() };
  renderAdmin(
    <ResourceContextProvider value="orders">
      <OrderEdit id={7} />
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/orders/7' },
  );
  const card = await screen.findByTestId('order-invoice');
  expect(await within(card).findByText(/Фактура № 0000000011 от 21\.11\.2026/)).toBeInTheDocument();
  expect(within(card).getByText(/Кредитно известие № 0000000012/)).toBeInTheDocument();
  expect(within(card).getByText(/Фактурирано 33,70 €, кредитирано 15,34 €, остава 18,36 €/)).toBeInTheDocument();
  // The invoice's payment: its state in words and the amounts; a credit note has none.
  expect(within(card).getByText('Частично платена')).toBeInTheDocument();
  expect(within(card).getAllByText(/^Платено 10,00\s€ · Остава 8,36\s€$/)).toHaveLength(1);
  expect(within(card).getByRole('link', { name: 'Изтегли фактура 0000000011' })).toHaveAttribute('href', '/api/admin/invoices/11/pdf');
  // Active order: no full credit note, no second invoice; one TRIPLES and the shipping are left.
  expect(within(card).queryByRole('button', { name: 'Издай кредитно известие' })).not.toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Издай фактура' })).not.toBeInTheDocument();
  const quantity = within(card).getByLabelText('Количество за кредитиране: TRIPLES Ментол');
  expect(quantity).toHaveAttribute('max', '1');
  await userEvent.type(quantity, '1');
  await userEvent.click(within(card).getByLabelText('Кредитирай и доставката'));
  await userEvent.type(within(card).getByLabelText('Основание'), 'Върната стока');
  await userEvent.click(within(card).getByRole('button', { name: 'Издай кредитното известие' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    lines: [{ orderItemId: 70, quantity: 1 }],
    shipping: true,
    reason: 'Върната стока',
  });
});
