// Settings → Достъпност: the accessibility statement's parts are read and saved on their own
// (only `accessibility` travels), the date typed as dd.mm.yyyy, the server's refusal on its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { AccessibilityCard } from './AccessibilityCard';

const statement = {
  limitations: 'PDF фактурите не са достъпни.',
  statementDate: '2026-11-26',
  email: 'office@vapsolo.bg',
  phone: '+359 88 888 1234',
};

test('staff read and save the statement; the date is dd.mm.yyyy; a refusal shows on its field', async () => {
  setCsrfToken('tok');
  let answer: { status: number; body: unknown } = {
    status: 400,
    body: { message: 'Невалидни данни.', errors: { 'accessibility.email': 'Най-много 254 знака.' } },
  };
  const { calls } = mockFetch({
    'GET /api/admin/settings': { body: { legal: {}, accessibility: statement } },
    'PUT /api/admin/settings': () => answer,
  });
  renderAdmin(<AccessibilityCard />, { dataProvider: createDataProvider() });
  const card = await screen.findByTestId('accessibility-statement');
  expect(within(card).getByRole('heading', { level: 2, name: 'Достъпност' })).toBeInTheDocument();
  expect(within(card).getByRole('textbox', { name: 'Известни ограничения' })).toHaveValue(statement.limitations);
  const date = within(card).getByRole('textbox', { name: 'Дата на декларацията' });
  expect(date).toHaveValue('26.11.2026');

  await userEvent.clear(date);
  await userEvent.type(date, '15.01.2027');
  await userEvent.click(within(card).getByRole('button', { name: 'Запази декларацията' }));
  expect(await within(card).findByText('Най-много 254 знака.')).toBeInTheDocument();
  const sent = calls.find((c) => c.method === 'PUT')!.body;
  expect(sent).toEqual({ accessibility: { ...statement, statementDate: '2027-01-15' } });

  answer = {
    status: 200,
    body: { message: 'Настройките са запазени.', settings: { accessibility: { ...statement, statementDate: '2027-01-15' } } },
  };
  await userEvent.click(within(card).getByRole('button', { name: 'Запази декларацията' }));
  expect(await screen.findByText('Настройките са запазени.')).toBeInTheDocument();
  await waitFor(() => expect(within(card).queryByText('Най-много 254 знака.')).not.toBeInTheDocument());
});
