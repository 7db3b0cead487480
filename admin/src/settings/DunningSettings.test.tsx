// Settings → Продажби → „Напомняния за плащане“: the reminder days are a list edited field by
// field (negative: before the due date), saved with the settings form together with the days
// overdue before prepayment only and the two texts; a repeated day is refused on its field before
// anything is sent, and the server's refusals under sales.dunning.* land on their fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { DUNNING_DEFAULTS } from '@domain/dunning';
import { renderAdmin } from '../test/renderAdmin';
import { SettingsForm } from './SettingsForm';

const settings = {
  id: 1,
  brand: 'VAP SOLO',
  dualCurrency: true,
  locale: 'bg-BG',
  lowStockThreshold: 5,
  contacts: { email: 'shop@vapsolo.bg', phone: '', address: '', city: '', hours: '' },
  shippingFees: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
  freeShippingThreshold: 100,
  sales: { mode: 'trade_only', consumerCatalogue: 'info', tradeMinimumOrder: 100, dunning: DUNNING_DEFAULTS },
  bank: { beneficiary: 'ВАП СОЛО ООД', iban: '', bic: '', bankName: '' },
  twoFactorRequiredForAdmins: false,
  privacy: { retentionYears: 10, contactRetentionYears: 2 },
};

function open(update: jest.Mock) {
  const getOne = jest.fn(async () => ({ data: settings }));
  renderAdmin(<SettingsForm />, { dataProvider: { getOne, update }, path: '/admin/sales' });
}

const day = (n: number) => screen.getByLabelText(`Напомняне ${n} (дни спрямо падежа)`);

test('the days, the prepayment threshold and the texts are saved with the settings', async () => {
  const update = jest.fn(async (_resource: string, params: { data: any }) => ({ data: { ...settings, ...params.data, id: 1 } }));
  open(update);
  const days = await screen.findByRole('group', { name: 'Дни за напомняне' });
  expect(days).toHaveAccessibleDescription(/Отрицателно число е дни преди падежа/);
  expect(
    within(days)
      .getAllByRole('spinbutton')
      .map((i) => (i as HTMLInputElement).value),
  ).toEqual(['-3', '1', '7', '14']);

  await userEvent.clear(day(1));
  await userEvent.type(day(1), '-5');
  // The last one removed: focus to the one before it.
  await userEvent.click(screen.getByRole('button', { name: 'Премахни напомняне 4' }));
  expect(day(3)).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Добави напомняне' }));
  expect(day(4)).toHaveFocus();
  await userEvent.type(day(4), '30');

  const threshold = screen.getByLabelText(/Само с предплащане след \(дни просрочие\)/);
  await userEvent.clear(threshold);
  await userEvent.type(threshold, '45');
  const after = screen.getByLabelText(/Текст на напомнянето след падежа/);
  expect(after).toHaveAccessibleDescription(/\{фирма\} \{документ\} \{поръчка\} \{сума\} \{падеж\} \{дни\} \{iban\}/);
  await userEvent.clear(after);
  await userEvent.type(after, 'Просрочени {{сума} от {{падеж}.'); // {{ types one brace

  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1].data.sales.dunning).toEqual({
    reminderDays: [-5, 1, 7, 30],
    prepaymentOnlyAfterDays: 45,
    beforeText: DUNNING_DEFAULTS.beforeText,
    afterText: 'Просрочени {сума} от {падеж}.',
  });
});

test('a repeated day is refused on its field; the server’s refusals land on theirs', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal in development
  const update = jest.fn(async () => {
    throw new HttpError('Невалидни данни.', 400, {
      message: 'Невалидни данни.',
      errors: { 'sales.dunning.reminderDays.1': 'Най-много 365.', 'sales.dunning.afterText': 'Полето е задължително.' },
    });
  });
  open(update);
  await screen.findByRole('group', { name: 'Дни за напомняне' });
  await userEvent.clear(day(2));
  await userEvent.type(day(2), '7');
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(day(3)).toHaveAccessibleDescription('Този ден вече е в списъка.'));
  expect(day(3)).toHaveAttribute('aria-invalid', 'true');
  expect(update).not.toHaveBeenCalled();

  await userEvent.clear(day(2));
  await userEvent.type(day(2), '2');
  await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  await waitFor(() => expect(day(2)).toHaveAccessibleDescription('Най-много 365.'));
  expect(screen.getByLabelText(/Текст на напомнянето след падежа/)).toHaveAccessibleDescription('Полето е задължително.');
});
