// Вземания: each company's unpaid and overdue totals, the oldest due date and a link to
// its unpaid orders; the list asks the server for overdue ones only when staff tick the filter.
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
  creditLimit: 1000,
  paymentTermsDays: 14,
  unpaidCount: 2,
  unpaidTotal: 450.5,
  overdueCount: 1,
  overdueTotal: 150,
  oldestDueAt: '2026-11-01T10:00:00.000Z',
  currency: 'BGN',
  ordersLink: '/admin/orders?filter=%7B%22companyId%22%3A3%2C%22paymentStatus%22%3A%22unpaid%22%7D',
};

test('shows what each company owes, links to its unpaid orders and filters the overdue', async () => {
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
  expect(screen.getByRole('link', { name: 'Неплатени поръчки' })).toHaveAttribute('href', row.ordersLink);
  await userEvent.click(screen.getByLabelText('Само просрочени'));
  await waitFor(() => expect(getList).toHaveBeenLastCalledWith('receivables', expect.objectContaining({ filter: { overdue: true } })));
});
