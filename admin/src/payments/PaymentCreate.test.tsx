// „Запиши плащане“: once the payer and the amount are given the payer's open invoices come with
// the server's suggestion; a row changed by hand changes the totals read out; only rows with money
// are sent (once, with an Idempotency-Key), and a row the server refuses shows its error on itself.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { shopDay } from '@domain/dates';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { PaymentCreate } from './PaymentCreate';

const company = { id: 3, name: 'Вейп Трейд ООД', eik: '130175000', status: 'approved' };
const openInvoices = {
  invoices: [
    {
      id: 11,
      number: '0000000011',
      orderId: 101,
      orderNumber: 'VS-10101',
      issuedAt: '2026-10-01T10:00:00Z',
      dueAt: '2026-10-15T10:00:00Z',
      total: 200,
      paid: 0,
      outstanding: 200,
      paymentState: 'unpaid',
    },
    {
      id: 12,
      number: '0000000012',
      orderId: 102,
      orderNumber: 'VS-10102',
      issuedAt: '2026-11-01T10:00:00Z',
      dueAt: '2026-11-15T10:00:00Z',
      total: 150,
      paid: 0,
      outstanding: 150,
      paymentState: 'unpaid',
    },
  ],
  credit: 0,
  suggestion: {
    allocations: [
      { invoiceId: 11, amount: 200 },
      { invoiceId: 12, amount: 100 },
    ],
    unallocated: 0,
  },
};

const MORE_THAN_OPEN = 'По фактурата остават само 40,00 €';

function setup() {
  setCsrfToken('tok');
  const fetched = mockFetch({
    'GET /api/admin/companies': { body: [company], headers: { 'Content-Range': 'companies 0-0/1' } },
    'GET /api/admin/payments/open-invoices': { body: openInvoices },
    'POST /api/admin/payments': {
      status: 400,
      body: { message: MORE_THAN_OPEN, errors: { 'allocations.0.amount': MORE_THAN_OPEN } },
    },
  });
  renderAdmin(
    <ResourceContextProvider value="payments">
      <PaymentCreate />
    </ResourceContextProvider>,
    { dataProvider: createDataProvider(), path: '/admin/payments/create' },
  );
  return fetched;
}

const totals = () => screen.getByTestId('allocation-totals');

test('loads the suggestion, reads out the totals as rows change, sends the chosen rows and shows the refusal on its row', async () => {
  const { calls } = setup();
  await userEvent.type(await screen.findByRole('combobox', { name: /Фирма/ }), 'Вейп');
  await userEvent.click(await screen.findByRole('option', { name: company.name }));
  await userEvent.type(screen.getByLabelText(/^Сума/), '300');

  // The payer's open invoices, each prefilled with the suggestion.
  const first = await screen.findByRole('textbox', { name: 'Разпредели по фактура 0000000011' }, { timeout: 3000 });
  const second = screen.getByRole('textbox', { name: 'Разпредели по фактура 0000000012' });
  expect(first).toHaveValue('200,00');
  expect(second).toHaveValue('100,00');
  const asked = calls.find((c) => c.url.startsWith('/api/admin/payments/open-invoices'))!;
  expect(new URL(asked.url, 'http://shop').searchParams.get('companyId')).toBe('3');
  expect(new URL(asked.url, 'http://shop').searchParams.get('amount')).toBe('300');
  expect(screen.getByRole('link', { name: 'VS-10101' })).toHaveAttribute('href', '/admin/orders/101');
  expect(totals()).toHaveAttribute('aria-live', 'polite');
  expect(totals()).toHaveTextContent(/Разпределено: 300,00\s€ от 300,00\s€ · Остава като кредит: 0,00\s€/);

  // Nothing on the first invoice, 50 on the second: the rest is credit.
  await userEvent.clear(first);
  await userEvent.clear(second);
  await userEvent.type(second, '50');
  expect(totals()).toHaveTextContent(/Разпределено: 50,00\s€ от 300,00\s€ · Остава като кредит: 250,00\s€/);

  // The suggestion comes back with one click, and goes again with another.
  await userEvent.click(screen.getByRole('button', { name: 'Приложи предложението' }));
  expect(totals()).toHaveTextContent(/Разпределено: 300,00\s€/);
  await userEvent.click(screen.getByRole('button', { name: 'Изчисти' }));
  expect(totals()).toHaveTextContent(/Остава като кредит: 300,00\s€/);
  await userEvent.type(second, '50');

  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.url).toBe('/api/admin/payments');
  expect(post.body).toEqual({
    companyId: 3,
    amount: 300,
    date: shopDay(new Date()),
    method: 'bank_transfer',
    reference: '',
    allocations: [{ invoiceId: 12, amount: 50 }],
  });
  expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  // The server named the first row it was sent, which is the table's second.
  await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'));
  expect(first).not.toHaveAttribute('aria-invalid', 'true');
  const row = second.closest('tr')!;
  expect(within(row).getByText(MORE_THAN_OPEN)).toBeInTheDocument();
  await waitFor(() => expect(second).toHaveFocus());
});

test('without the payer and the amount no invoices are asked for, and the page says what to give', async () => {
  const { calls } = setup();
  expect(await screen.findByText('Изберете платеца и въведете сумата: тогава ще се покажат неплатените му фактури.')).toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Клиент без фирма (имейл)'));
  await userEvent.type(screen.getByLabelText(/Имейл на клиента/), 'ivan@example.bg');
  await new Promise((r) => setTimeout(r, 600));
  expect(calls.some((c) => c.url.startsWith('/api/admin/payments/open-invoices'))).toBe(false);
  await userEvent.type(screen.getByLabelText(/^Сума/), '20');
  await waitFor(() => expect(calls.some((c) => c.url.includes('customerEmail=ivan%40example.bg'))).toBe(true), { timeout: 3000 });
});
