// Фактури: each invoice says how much of it is paid (Неплатена / Частично платена / Платена, with
// the paid and open amounts in the shop's currency); a credit note has no payment of its own.
import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { InvoiceList } from './InvoiceList';

const invoice = {
  id: 21,
  number: '0000000021',
  kind: 'invoice',
  orderId: 31,
  orderNumber: 'VS-10031',
  recipientName: 'Вейп Трейд ООД',
  issuedAt: '2026-11-02T09:00:00Z',
  currency: 'EUR',
  total: 240.5,
  taxBase: 200.42,
  vatTotal: 40.08,
  invoiceNumber: null,
  pdfUrl: '/api/admin/invoices/21/pdf',
  paid: 0,
  outstanding: 240.5,
  paymentState: 'unpaid',
  paymentCurrency: 'EUR',
};
const note = {
  ...invoice,
  id: 22,
  number: '0000000022',
  kind: 'credit_note',
  invoiceNumber: '0000000021',
  total: 20,
  pdfUrl: '/api/admin/invoices/22/pdf',
  paid: null,
  outstanding: null,
  paymentState: null,
  paymentCurrency: null,
};

test('an invoice shows its payment state and the paid and open amounts; a credit note none', async () => {
  const getList = jest.fn(async () => ({ data: [note, invoice], total: 2 }));
  renderAdmin(
    <ResourceContextProvider value="invoices">
      <InvoiceList />
    </ResourceContextProvider>,
    { dataProvider: { getList }, path: '/admin/invoices' },
  );
  const invoiceRow = (await screen.findByText('0000000021', { selector: 'td span' })).closest('tr')!;
  expect(within(invoiceRow).getByText('Неплатена')).toBeInTheDocument();
  expect(within(invoiceRow).getByText(/^0,00\s€$/)).toBeInTheDocument();
  expect(within(invoiceRow).getAllByText(/^240,50\s€$/)).toHaveLength(2);
  const noteRow = screen.getByText('0000000022', { selector: 'td span' }).closest('tr')!;
  expect(within(noteRow).queryByText(/платена/i)).not.toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: /Плащане/ })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: /Остава/ })).toBeInTheDocument();
});
