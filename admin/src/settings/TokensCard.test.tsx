import { fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { TokensCard } from './ApiTokens';
import { API } from '@domain/messages';

const token = (fields: object) => ({
  id: 1,
  name: 'Склад',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-01-30T10:00:00.000Z',
  expired: false,
  ...fields,
});

test('shows when each token expires, which have expired, and what revokes them all', async () => {
  const dataProvider = { tokens: async () => [token({}), token({ id: 2, name: 'Стар', expired: true })] };
  renderAdmin(<TokensCard />, { dataProvider });
  expect(await screen.findByText('Склад')).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(within(items[0]).getByText(/Изтича: /)).toBeInTheDocument();
  expect(within(items[1]).getByText(/Изтекъл/)).toBeInTheDocument();
  expect(screen.getByText(API.tokensRevokedNote)).toBeInTheDocument();
});

test('creates a token for the validity chosen (90 days unless changed)', async () => {
  const createToken = jest.fn(async () => ({ token: { ...token({ id: 3 }), token: 'vs_secret' }, message: API.tokenCreated }));
  renderAdmin(<TokensCard />, { dataProvider: { tokens: async () => [], createToken } });
  fireEvent.change(await screen.findByLabelText('Име на токена'), { target: { value: 'Скрипт' } });
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: '365 дни' }));
  fireEvent.click(screen.getByRole('button', { name: 'Създай токен' }));
  expect(await screen.findByText('vs_secret')).toBeInTheDocument();
  expect(createToken).toHaveBeenCalledWith('Скрипт', 365);
});
