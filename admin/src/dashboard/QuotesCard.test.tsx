// „Запитвания за оферта“: how many wait for an answer and the newest few, each a link to the request,
// read through the list's own filter; a calm line when none wait.
import { screen, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { QuotesCard } from './QuotesCard';

const waiting = [
  { id: 9, number: 'ОФ-10009', companyName: 'Вейп Трейд ООД', lines: [{}, {}], createdAt: '2026-11-28T10:00:00Z' },
  { id: 8, number: 'ОФ-10008', companyName: 'Друга Фирма ЕООД', lines: [{}], createdAt: '2026-11-27T10:00:00Z' },
];

test('counts the waiting requests and links the newest to their pages', async () => {
  const getList = jest.fn(async () => ({ data: waiting, total: 7 }));
  renderAdmin(<QuotesCard />, { dataProvider: { getList } });
  const card = screen.getByTestId('quotes-card');
  expect(within(card).getByRole('heading', { level: 2, name: 'Запитвания за оферта' })).toBeInTheDocument();
  expect(await within(card).findByText('Чакат отговор: 7')).toBeInTheDocument();
  const list = within(card).getByRole('list', { name: 'Запитвания за оферта' });
  const links = within(list).getAllByRole('link');
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/admin/quote-requests/9', '/admin/quote-requests/8']);
  expect(links[0]).toHaveTextContent('ОФ-10009 · Вейп Трейд ООД');
  expect(links[0]).toHaveTextContent('Редове: 2');
  expect(within(card).getByRole('link', { name: 'Всички запитвания' })).toHaveAttribute(
    'href',
    `/admin/quote-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'requested' }))}`,
  );
  expect(getList).toHaveBeenCalledWith('quote-requests', expect.objectContaining({ filter: { status: 'requested' } }));
});

test('says when none wait', async () => {
  renderAdmin(<QuotesCard />, { dataProvider: { getList: jest.fn(async () => ({ data: [], total: 0 })) } });
  expect(await screen.findByText('Няма чакащи запитвания.')).toBeInTheDocument();
});
