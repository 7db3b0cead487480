// „Разрешения за тютюневи изделия“: the approved companies whose permit has expired or expires within
// 30 days (soonest first, each with the words of its standing) and those with no date on record
// (said not to be stopped), each a link to the company's page, under headings of their own; both
// read through the companies list's filters.
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { formatBgDate } from '@domain/dateInput';
import { addDays, shopDay } from '@domain/dates';
import { PermitsCard } from './PermitsCard';

const today = shopDay(new Date());
const expiredOn = addDays(today, -5);
const expiresOn = addDays(today, 12);

const ending = [
  { id: 4, name: 'Изтекла ЕООД', eik: '130175000', tobaccoPermit: 'ЗАДС-4', tobaccoPermitExpiresAt: expiredOn },
  { id: 5, name: 'Скоро ООД', eik: '831642181', tobaccoPermit: 'ЗАДС-5', tobaccoPermitExpiresAt: expiresOn },
];
const missing = [{ id: 6, name: 'Без Срок АД', eik: '175074752', tobaccoPermit: 'ЗАДС-6', tobaccoPermitExpiresAt: null }];

test('lists the expired and expiring permits and those without a date, each linking to its company', async () => {
  const getList = jest.fn(async (_resource: string, params: { filter: { permit: unknown } }) =>
    params.filter.permit === 'missing' ? { data: missing, total: 3 } : { data: ending, total: 2 },
  );
  renderAdmin(<PermitsCard />, { dataProvider: { getList } });

  const card = screen.getByTestId('permits-card');
  expect(within(card).getByRole('heading', { level: 2, name: 'Разрешения за тютюневи изделия' })).toBeInTheDocument();
  const endingList = await screen.findByRole('list', { name: /Изтекли и изтичащи до 30 дни/ });
  const links = within(endingList).getAllByRole('link');
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/admin/companies/4', '/admin/companies/5']);
  expect(links[0]).toHaveTextContent('Изтекла ЕООД');
  expect(links[0]).toHaveTextContent(`Изтекло на ${formatBgDate(expiredOn)}`);
  expect(links[1]).toHaveTextContent(`Изтича на ${formatBgDate(expiresOn)}`);

  const missingList = await screen.findByRole('list', { name: /Без срок в записа/ });
  expect(within(missingList).getByRole('link', { name: /Без Срок АД/ })).toHaveAttribute('href', '/admin/companies/6');
  expect(screen.getByText('Поръчките им не се спират. Поискайте срока и го запишете.')).toBeInTheDocument();
  // Two more without a date than the card shows: a link to the filtered list.
  expect(screen.getByRole('link', { name: 'Още 2' })).toHaveAttribute(
    'href',
    `/admin/companies?filter=${encodeURIComponent(JSON.stringify({ status: 'approved', permit: 'missing' }))}`,
  );

  expect(getList).toHaveBeenCalledWith(
    'companies',
    expect.objectContaining({
      filter: { status: 'approved', permit: ['expired', 'expiring'] },
      sort: { field: 'tobaccoPermitExpiresAt', order: 'ASC' },
    }),
  );
  expect(getList).toHaveBeenCalledWith('companies', expect.objectContaining({ filter: { status: 'approved', permit: 'missing' } }));
});

test('says when nothing needs a look', async () => {
  const getList = jest.fn(async () => ({ data: [], total: 0 }));
  renderAdmin(<PermitsCard />, { dataProvider: { getList } });
  expect(await screen.findByText('Няма разрешения, които изтичат до 30 дни.')).toBeInTheDocument();
  expect(await screen.findByText('Всички одобрени търговци имат срок на разрешението.')).toBeInTheDocument();
});
