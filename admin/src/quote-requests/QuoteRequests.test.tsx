// „Оферти“: staff enter a net price per line (the price-list price beside it), see the line totals and
// the total as they type, and send the quote with the validity date (today + 14 days by default) and
// the record's version; the server's refusals are shown on their fields; declining asks for a reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { defaultQuoteValidUntil } from '@domain/quoteTexts';
import type { ApiQuoteRequest } from '@domain/api';
import { QuoteAnswer } from './QuoteRequests';

const requested: ApiQuoteRequest = {
  id: 7,
  number: 'ОФ-10007',
  status: 'requested',
  statusLabel: 'Очаква оферта',
  companyId: 3,
  companyName: 'Вейп Трейд ООД',
  requestedBy: { name: 'Петър Петров', email: 'petar@example.bg' },
  lines: [
    {
      variantId: 11,
      productId: 1,
      productName: 'TRIPLES Ментол',
      variantName: 'Стандартен',
      sku: 'TR-1',
      quantity: 10,
      netPrice: null,
      lineTotal: null,
      listPrice: 25,
    },
    {
      variantId: 12,
      productId: 2,
      productName: 'TWINS Плодов микс',
      variantName: '0 mg',
      sku: 'TW-0',
      quantity: 4,
      netPrice: null,
      lineTotal: null,
      listPrice: 20.75,
    },
  ],
  note: 'За новия обект',
  reason: '',
  validUntil: null,
  subtotalNet: null,
  vatTotal: null,
  total: null,
  currency: 'EUR',
  orderId: null,
  orderNumber: null,
  createdAt: '2026-11-28T10:00:00Z',
  answeredAt: null,
  updatedAt: '2026-11-28T10:00:00Z',
  version: 2,
};

function setup(answer: { status?: number; body?: unknown } = { body: { ...requested, status: 'answered' } }) {
  setCsrfToken('tok');
  const fetched = mockFetch({ 'PUT /api/admin/quote-requests/7': answer });
  renderAdmin(
    <RecordContextProvider value={requested}>
      <QuoteAnswer />
    </RecordContextProvider>,
    { dataProvider: { ...createDataProvider(), getOne: async () => ({ data: requested }) } },
  );
  return fetched;
}

test('prices typed per line add up live and are sent with the validity date and the version', async () => {
  const { calls } = setup();
  expect(screen.getByText('За новия обект')).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /TRIPLES Ментол/ })).toHaveTextContent(/25,00\s€/);
  expect(screen.getByLabelText('Валидна до')).toHaveValue(defaultQuoteValidUntil());
  await userEvent.type(screen.getByRole('textbox', { name: 'Цена без ДДС за TRIPLES Ментол (Стандартен)' }), '21,50');
  expect(screen.getByTestId('line-total-0')).toHaveTextContent(/215,00\s€/);
  expect(screen.getByTestId('quote-totals')).toHaveTextContent('—');
  await userEvent.type(screen.getByRole('textbox', { name: 'Цена без ДДС за TWINS Плодов микс (0 mg)' }), '18');
  const totals = screen.getByTestId('quote-totals');
  expect(totals).toHaveTextContent(/Сума без ДДС287,00\s€/);
  expect(totals).toHaveTextContent(/ДДС57,40\s€/);
  expect(totals).toHaveTextContent(/Общо с ДДС344,40\s€/);
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати офертата' }));
  expect(await screen.findByText('Офертата е изпратена на клиента.')).toBeInTheDocument();
  expect(calls).toEqual([
    expect.objectContaining({
      method: 'PUT',
      url: '/api/admin/quote-requests/7',
      body: {
        lines: [
          { variantId: 11, quantity: 10, netPrice: '21,50' },
          { variantId: 12, quantity: 4, netPrice: '18' },
        ],
        validUntil: defaultQuoteValidUntil(),
        version: 2,
      },
    }),
  ]);
});

test("the server's refusals are shown on their fields, the first one focused", async () => {
  setup({ status: 400, body: { message: 'Невалидни данни.', errors: { 'lines.1.netPrice': 'Въведете цена без ДДС.' } } });
  await userEvent.type(screen.getByRole('textbox', { name: 'Цена без ДДС за TRIPLES Ментол (Стандартен)' }), '20');
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати офертата' }));
  const field = screen.getByRole('textbox', { name: 'Цена без ДДС за TWINS Плодов микс (0 mg)' });
  expect(await screen.findByText('Въведете цена без ДДС.')).toBeInTheDocument();
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAttribute('aria-invalid', 'true');
});

test('a line is removed and one added by its variant number', async () => {
  const { calls } = setup();
  await userEvent.click(screen.getByRole('button', { name: 'Премахни ред 2' }));
  expect(screen.queryByText('TWINS Плодов микс (0 mg)')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Добави ред' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Артикул (номер на вариант)' }), '15');
  const prices = screen.getAllByRole('textbox', { name: /^Цена без ДДС за/ });
  await userEvent.type(prices[0], '20');
  await userEvent.type(prices[1], '9,90');
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати офертата' }));
  await screen.findByText('Офертата е изпратена на клиента.');
  expect(calls[0].body.lines).toEqual([
    { variantId: 11, quantity: 10, netPrice: '20' },
    { variantId: 15, quantity: 1, netPrice: '9,90' },
  ]);
});

test('declining asks for a reason in a dialog before anything is sent', async () => {
  const { calls } = setup({ body: { ...requested, status: 'declined' } });
  await userEvent.click(screen.getByRole('button', { name: 'Откажи' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отказ на запитването' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Откажи' }));
  expect(await within(dialog).findByText('Посочете причина.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.type(within(dialog).getByLabelText(/Причина/), 'Спира от производство');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Откажи' }));
  expect(await screen.findByText('Запитването е отказано.')).toBeInTheDocument();
  expect(calls[0].body).toEqual({ status: 'declined', reason: 'Спира от производство', version: 2 });
});
