// Staff answer a personal data request by e-mail: the erase asks for a confirmation
// first, then posts the address with the CSRF token and shows the server's answer; a refusal stays
// in the dialog, tied to the field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { PrivacyRequestButton } from './PrivacyRequest';
import { PRIVACY } from '@domain/messages';

test('erases what is held for an address only after the confirmation', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'POST /api/admin/privacy/erase': { body: { message: PRIVACY.erased(2, 1, false), orders: 2, messages: 1, account: false } },
  });
  const onErased = jest.fn();
  renderAdmin(<PrivacyRequestButton onErased={onErased} />, { dataProvider: createDataProvider() });
  await userEvent.click(screen.getByRole('button', { name: 'Заявка за лични данни' }));
  await userEvent.type(screen.getByLabelText('Имейл на заявителя'), 'gost@example.bg');
  await userEvent.click(screen.getByRole('button', { name: 'Заличи данните' }));
  expect(await screen.findByText('Заличаване на личните данни на gost@example.bg?')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Заличи окончателно' }));
  expect(await screen.findByText(PRIVACY.erased(2, 1, false))).toBeInTheDocument();
  expect(calls).toEqual([
    expect.objectContaining({ method: 'POST', url: '/api/admin/privacy/erase', body: { email: 'gost@example.bg', confirm: true } }),
  ]);
  expect(calls[0].headers['x-csrf-token']).toBe('tok');
  await waitFor(() => expect(onErased).toHaveBeenCalled());
});

test('a refused address is said at the field', async () => {
  setCsrfToken('tok');
  mockFetch({
    'POST /api/admin/privacy/export': { status: 400, body: { message: 'Невалидни данни.', errors: { email: 'Невалиден имейл адрес.' } } },
  });
  renderAdmin(<PrivacyRequestButton email="not-an-address" />, { dataProvider: createDataProvider() });
  await userEvent.click(screen.getByRole('button', { name: 'Заявка за лични данни' }));
  await userEvent.click(screen.getByRole('button', { name: 'Изтегли (JSON)' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Невалиден имейл адрес.');
  expect(screen.getByLabelText('Имейл на заявителя')).toHaveAccessibleDescription('Невалиден имейл адрес.');
});
