// A bank statement's page: every line with its state; the suggested ones ticked and the others not
// choosable; the ticked ones confirmed only after the dialog naming how many and how much, the
// request naming exactly those lines, what was recorded read out, and the page reloaded.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { BankStatementShow } from './BankStatementShow';
import type { BankLine, BankStatement } from './api';

const line = (over: Partial<BankLine>): BankLine => ({
  id: 1,
  position: 1,
  date: '2026-11-20',
  amount: 120,
  bookedAmount: 120,
  bookedCurrency: 'BGN',
  reference: '',
  payer: 'ВЕЙП ТРЕЙД ООД',
  payerIban: 'BG80BNBG96611020345678',
  bankReference: '',
  status: 'suggested',
  companyId: 3,
  companyName: 'Вейп Трейд ООД',
  customerEmail: null,
  invoiceIds: [],
  invoices: [],
  paymentId: null,
  ...over,
});

const lines = [
  line({
    id: 1,
    reference: 'Плащане по фактура 0000000011',
    invoiceIds: [11],
    invoices: [{ id: 11, number: '0000000011', orderNumber: 'VS-10101', outstanding: 120 }],
  }),
  line({
    id: 2,
    position: 2,
    amount: 80.5,
    bookedAmount: 80.5,
    reference: 'VS-10102',
    invoiceIds: [12],
    invoices: [{ id: 12, number: '0000000012', orderNumber: 'VS-10102', outstanding: 80.5 }],
  }),
  line({ id: 3, position: 3, amount: 43.21, payer: 'НЕПОЗНАТ', payerIban: '', status: 'unmatched', companyId: null, companyName: null }),
  line({ id: 4, position: 4, amount: 10, status: 'already_imported', companyId: null, companyName: null }),
  line({ id: 5, position: 5, amount: 99, status: 'recorded', paymentId: 70 }),
];

const statement: BankStatement = {
  id: 5,
  format: 'camt053',
  accountIban: 'BG18RZBB91550123456789',
  statementRef: 'STMT-2026-11-20',
  fileName: 'camt053.xml',
  createdBy: 'admin@vapsolo.bg',
  createdAt: '2026-11-20T16:00:00Z',
  lines,
  counts: { suggested: 2, unmatched: 1, alreadyImported: 1, recorded: 1 },
};

const afterConfirm: BankStatement = {
  ...statement,
  lines: lines.map((l) => (l.id === 1 ? { ...l, status: 'recorded', paymentId: 77 } : l)),
  counts: { suggested: 1, unmatched: 1, alreadyImported: 1, recorded: 2 },
};

test('lists the lines with their states and confirms the ticked ones after the dialog', async () => {
  setCsrfToken('tok');
  let confirmed = false;
  const { calls } = mockFetch({
    'GET /api/admin/bank-statements/5': () => ({ body: confirmed ? afterConfirm : statement }),
    'POST /api/admin/bank-statements/5/confirm': () => {
      confirmed = true;
      return {
        body: {
          payments: [{ lineId: 1, id: 77, amount: 120, allocations: [{ invoiceId: 11, amount: 120, paymentId: 77 }], unallocated: 0 }],
          skipped: [],
          statement: afterConfirm,
        },
      };
    },
  });
  renderAdmin(
    <ResourceContextProvider value="bank-statements">
      <BankStatementShow id={5} />
    </ResourceContextProvider>,
    { dataProvider: createDataProvider(), path: '/admin/bank-statements/5/show' },
  );

  const table = await screen.findByRole('region', { name: 'Постъпления' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(5);
  expect(rows.map((r) => within(r).getAllByText(/^(Предложено|Без съвпадение|Вече внесено|Записано)$/)[0].textContent)).toEqual([
    'Предложено',
    'Предложено',
    'Без съвпадение',
    'Вече внесено',
    'Записано',
  ]);
  expect(within(rows[0]).getByText('0000000011')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Плащане по фактура 0000000011')).toBeInTheDocument();
  expect(within(rows[0]).getByText('BG80BNBG96611020345678')).toBeInTheDocument();
  expect(within(rows[4]).getByRole('link', { name: 'Плащане № 70' })).toHaveAttribute('href', '/admin/payments/70/show');

  // The suggested lines are ticked; the others cannot be chosen; the unmatched one can be changed.
  const first = within(rows[0]).getByRole('checkbox', { name: /^Избери реда от 20\.11\.2026 за 120,00\s€$/ });
  const second = within(rows[1]).getByRole('checkbox');
  expect(first).toBeChecked();
  expect(second).toBeChecked();
  for (const r of rows.slice(2)) expect(within(r).queryByRole('checkbox')).toBeNull();
  expect(within(rows[2]).getByRole('button', { name: /^Промени съвпадението/ })).toBeInTheDocument();
  expect(within(rows[3]).queryByRole('button', { name: /^Промени/ })).toBeNull();
  expect(within(rows[4]).queryByRole('button', { name: /^Промени/ })).toBeNull();

  // One line unticked: the dialog names one payment and its sum, and nothing is sent before it is confirmed.
  await userEvent.click(second);
  await userEvent.click(screen.getByRole('button', { name: 'Потвърди избраните (1)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Потвърждаване на плащания' });
  expect(dialog).toHaveTextContent(/Ще бъдат записани 1 плащане за общо 120,00\s€/);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Потвърди' }));

  const status = await screen.findByText(/^Записани плащания: 1 \(общо 120,00\s€\)\. Пропуснати редове: 0\.$/);
  expect(status.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.url).toBe('/api/admin/bank-statements/5/confirm');
  expect(post.body).toEqual({ lineIds: [1] });
  // Reloaded: the line is recorded and leads to its payment.
  expect(await screen.findByRole('link', { name: 'Плащане № 77' })).toHaveAttribute('href', '/admin/payments/77/show');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
