// „Промени“ on an unmatched line: the company is picked by name, its open invoices for the line's
// amount come with the suggestion ticked, and what is saved names the payer and the ticked
// invoices in the order they are due, whatever order they were ticked in.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { LineChangeDialog } from './LineChangeDialog';
import type { BankLine } from './api';

const line: BankLine = {
  id: 3,
  position: 3,
  date: '2026-11-20',
  amount: 43.21,
  bookedAmount: 43.21,
  bookedCurrency: 'BGN',
  reference: 'за стока',
  payer: 'НЕПОЗНАТ ЕООД',
  payerIban: '',
  bankReference: '',
  status: 'unmatched',
  companyId: null,
  companyName: null,
  customerEmail: null,
  invoiceIds: [],
  invoices: [],
  paymentId: null,
};

const invoice = (id: number, dueAt: string, outstanding: number) => ({
  id,
  number: `00000000${id}`,
  orderId: 100 + id,
  orderNumber: `VS-10${100 + id}`,
  issuedAt: dueAt,
  dueAt,
  total: outstanding,
  paid: 0,
  outstanding,
  paymentState: 'unpaid',
});

test('a line matched by hand: the payer and the ticked invoices, in due order', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'GET /api/admin/companies': {
      body: [{ id: 3, name: 'Вейп Трейд ООД' }],
      headers: { 'Content-Range': 'companies 0-0/1' },
    },
    'GET /api/admin/payments/open-invoices': {
      body: {
        invoices: [invoice(11, '2026-10-15', 30), invoice(12, '2026-11-15', 50), invoice(13, '2026-12-15', 20)],
        credit: 0,
        suggestion: {
          allocations: [
            { invoiceId: 11, amount: 30 },
            { invoiceId: 12, amount: 13.21 },
          ],
          unallocated: 0,
        },
      },
    },
    'PUT /api/admin/bank-statements/5/lines/3': { body: {} },
  });
  const onSaved = jest.fn();
  renderAdmin(
    <ResourceContextProvider value="bank-statements">
      <LineChangeDialog statementId={5} line={line} onClose={jest.fn()} onSaved={onSaved} />
    </ResourceContextProvider>,
    { dataProvider: createDataProvider(), path: '/admin/bank-statements/5/show' },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Съвпадение на постъплението' });
  expect(dialog).toHaveTextContent(/20\.11\.2026 · 43,21\s€ · НЕПОЗНАТ ЕООД/);
  await userEvent.type(within(dialog).getByRole('combobox', { name: /Фирма/ }), 'Вейп');
  await userEvent.click(await screen.findByRole('option', { name: 'Вейп Трейд ООД' }));

  const group = await within(dialog).findByRole('group', { name: 'Фактури, които плаща (по реда на падежа)' }, { timeout: 3000 });
  const asked = calls.find((c) => c.url.startsWith('/api/admin/payments/open-invoices'))!;
  expect(Object.fromEntries(new URL(asked.url, 'http://shop').searchParams)).toEqual({
    companyId: '3',
    amount: '43.21',
    reference: 'за стока',
  });
  const boxes = within(group).getAllByRole('checkbox');
  expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, false]);
  expect(within(group).getByLabelText(/^Фактура 0000000013 \(поръчка VS-10113\), остава 20,00\s€$/)).toBeInTheDocument();

  // The last ticked first, the first unticked: sent in due order.
  await userEvent.click(boxes[0]);
  await userEvent.click(boxes[2]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.url).toBe('/api/admin/bank-statements/5/lines/3');
  expect(put.body).toEqual({ companyId: 3, invoiceIds: [12, 13] });
  expect(await screen.findByText('Съвпадението е променено.')).toBeInTheDocument();
});
