// „Търговци“: a rejection asks for its reason before anything is sent; the decision is
// posted to the company's own call and confirmed with a toast; a member is removed only after the
// confirmation.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { DecisionButtons, Members } from './Companies';

const pending = {
  id: 3,
  name: 'Вейп Търговия ЕООД',
  eik: '100012377',
  status: 'pending',
  members: [{ id: 8, email: 'firma@example.bg', firstName: 'Петър', lastName: 'Петров' }],
};

test('reject needs a reason; then it is posted and confirmed', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({ 'POST /api/admin/companies/3/reject': { body: { ...pending, status: 'rejected' } } });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <DecisionButtons />
    </RecordContextProvider>,
    { dataProvider: {} },
  );
  expect(screen.queryByRole('button', { name: 'Спри' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Откажи' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отказ на кандидатурата' });
  await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
  expect(await screen.findByText('Посочете причина.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.type(screen.getByLabelText(/Причина/), 'Няма разрешение');
  await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
  expect(await screen.findByText('Кандидатурата е отказана.')).toBeInTheDocument();
  expect(calls).toEqual([
    expect.objectContaining({ method: 'POST', url: '/api/admin/companies/3/reject', body: { reason: 'Няма разрешение' } }),
  ]);
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
});

test('a member is removed only after the confirmation', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({ 'DELETE /api/admin/companies/3/members/8': { body: { ...pending, members: [] } } });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <Members />
    </RecordContextProvider>,
    { dataProvider: {} },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Премахни' }));
  expect(await screen.findByText('Профилът firma@example.bg вече няма да купува за фирмата.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: /Потвърди|Confirm/ }));
  expect(await screen.findByText('Членът е премахнат.')).toBeInTheDocument();
  expect(calls).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/admin/companies/3/members/8' })]);
});
