// The accountant's month on the analysis page: the orders of the month, the sales ledger and the
// NRA's PRODAGBI.TXT for the month picked (last month by default).
import { screen } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { SalesReportCard } from './SalesReportCard';

test('offers the three downloads of the month', async () => {
  renderAdmin(<SalesReportCard />, { dataProvider: {} });
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Sofia' });
  const [y, m] = today.split('-').map(Number);
  const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  expect(await screen.findByRole('link', { name: 'Поръчки за месеца (CSV)' })).toHaveAttribute(
    'href',
    expect.stringContaining(`/admin/reports/sales.csv?month=${month}`),
  );
  expect(screen.getByRole('link', { name: 'Дневник на продажбите (CSV)' })).toHaveAttribute(
    'href',
    expect.stringContaining(`/admin/reports/sales-ledger.csv?month=${month}`),
  );
  expect(screen.getByRole('link', { name: 'PRODAGBI.TXT за НАП' })).toHaveAttribute(
    'href',
    expect.stringContaining(`/admin/reports/prodagbi.txt?month=${month}`),
  );
});
