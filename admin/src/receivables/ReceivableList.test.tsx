// Вземания: each company's unpaid and overdue totals, the oldest due date, its credit and the
// balance after it, its dunning stage and days overdue, and links to its statement of account and
// unpaid orders; the list asks the server for overdue ones only when staff tick the filter.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { ReceivableList } from './ReceivableList';

const row = {
  id: 3,
  companyId: 3,
  companyName: 'Вейп Трейд ООД',
  eik: '130175000',
  contactEmail: 'office@vapetrade.bg',
  creditLimit: 1000,
  paymentTermsDays: 14,
  unpaidCount: 2,
  unpaidTotal: 450.5,
  overdueCount: 1,
  overdueTotal: 150,
  oldestDueAt: '2026-11-01T10:00:00.000Z',
  credit: 50,
  balance: 400.5,
  dunningStage: 'prepayment_only',
  daysOverdue: 34,
  currency: 'BGN',
  ordersLink: '/admin/orders?filter=%7B%22companyId%22%3A3%2C%22paymentStatus%22%3A%22unpaid%22%7D',
};

test('shows what each company owes, its credit, balance and stage, links to its statement and unpaid orders, and filters the overdue', async () => {
  const getList = jest.fn(async () => ({ data: [row], total: 1 }));
  renderAdmin(
    <ResourceContextProvider value="receivables">
      <ReceivableList />
    </ResourceContextProvider>,
    { dataProvider: { getList }, path: '/admin/receivables' },
  );
  expect(await screen.findByText('Вейп Трейд ООД')).toBeInTheDocument();
  expect(screen.getByText(/^450,50\sлв\.$/)).toBeInTheDocument();
  expect(screen.getByText(/^150,00\sлв\.$/)).toBeInTheDocument();
  expect(screen.getByText('01.11.2026 г.')).toBeInTheDocument();
  expect(screen.getByText(/^50,00\sлв\.$/)).toBeInTheDocument();
  expect(screen.getByText(/^400,50\sлв\.$/)).toBeInTheDocument();
  // Held to prepayment: said in words on the row, not only by colour.
  expect(screen.getByText('Само с предплащане')).toBeInTheDocument();
  expect(screen.getByText('34')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: /Етап/ })).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: /Дни просрочие/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Извлечение' })).toHaveAttribute('href', '/admin/companies/3#statement');
  expect(screen.getByRole('link', { name: 'Неплатени поръчки' })).toHaveAttribute('href', row.ordersLink);
  await userEvent.click(screen.getByLabelText('Само просрочени'));
  await waitFor(() => expect(getList).toHaveBeenLastCalledWith('receivables', expect.objectContaining({ filter: { overdue: true } })));
});
