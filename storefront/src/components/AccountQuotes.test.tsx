// A member's „Оферти“: each request with its status in Bulgarian; an answered one with its prices,
// total and validity, ordered from a small form (the company's shop, the payment, the PO number the
// company requires, refused on its field before anything is sent) that then names the order placed;
// a declined one with its reason.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ApiQuoteRequest } from '@domain/api';
import { FIELD } from '@domain/messages';
import { QUOTE_TEXT } from '@domain/quoteTexts';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { formatBgDate } from '@domain/dateInput';
import { setCsrfToken } from '../api/client';
import { mockFetch } from '../test/fetchMock';
import { AccountQuotes } from './AccountQuotes';

const base: Omit<ApiQuoteRequest, 'id' | 'number' | 'status' | 'statusLabel'> = {
  companyId: 3,
  companyName: 'Вейп Трейд ООД',
  requestedBy: { name: 'Петър Петров', email: 'petar@example.bg' },
  lines: [
    {
      variantId: 11,
      productId: 1,
      productName: 'TRIPLES Ментол',
      variantName: '',
      sku: 'TR-1',
      quantity: 10,
      netPrice: 20,
      lineTotal: 200,
    },
  ],
  note: '',
  reason: '',
  validUntil: '2026-12-12',
  subtotalNet: 200,
  vatTotal: 40,
  total: 240,
  currency: 'EUR',
  orderId: null,
  orderNumber: null,
  createdAt: '2026-11-28T10:00:00Z',
  answeredAt: '2026-11-28T11:00:00Z',
  updatedAt: '2026-11-28T11:00:00Z',
  version: 3,
};
const answered: ApiQuoteRequest = { ...base, id: 7, number: 'ОФ-10007', status: 'answered', statusLabel: 'Оферта изпратена' };
const declined: ApiQuoteRequest = {
  ...base,
  id: 6,
  number: 'ОФ-10006',
  status: 'declined',
  statusLabel: 'Отказано',
  reason: 'Спира от производство',
  subtotalNet: null,
  vatTotal: null,
  total: null,
  lines: [{ ...base.lines[0], netPrice: null, lineTotal: null }],
};

function setup(requirePurchaseOrderNumber = true) {
  setCsrfToken('tok');
  return mockFetch({
    'GET /api/trade/quote-requests': { body: { quoteRequests: [answered, declined] } },
    'GET /api/trade/company': {
      body: {
        company: {
          id: 3,
          name: 'Вейп Трейд ООД',
          status: 'approved',
          requirePurchaseOrderNumber,
          shops: [{ id: 21, name: 'Обект Център', city: 'Пловдив', address: 'ул. „Главна“ 1', phone: '' }],
        },
      },
    },
    'GET /api/couriers/offices': {
      body: { offices: [{ id: 7, courier: 'econt', code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' }] },
    },
    'POST /api/trade/quote-requests/7/order': {
      status: 201,
      body: { message: 'Поръчката е приета успешно.', order: { id: 55, number: 'VS-10055' } },
    },
  });
}

test('lists the requests with their status, prices, validity and a refusal’s reason', async () => {
  setup();
  render(
    <MemoryRouter>
      <AccountQuotes />
    </MemoryRouter>,
  );
  const cards = await screen.findAllByRole('listitem');
  expect(within(cards[0]).getByRole('heading', { name: 'ОФ-10007' })).toBeInTheDocument();
  expect(cards[0]).toHaveTextContent('Оферта изпратена');
  expect(cards[0]).toHaveTextContent(QUOTE_TEXT.validUntil(formatBgDate('2026-12-12')));
  expect(within(cards[0]).getByRole('row', { name: /TRIPLES Ментол/ })).toHaveTextContent(/200,00\s€/);
  expect(cards[1]).toHaveTextContent('Отказано');
  expect(cards[1]).toHaveTextContent(QUOTE_TEXT.declinedReason('Спира от производство'));
  expect(within(cards[1]).queryByRole('button', { name: QUOTE_TEXT.orderTitle })).toBeNull();
});

test('orders an answered quote to the company’s shop, asking first for the required PO number', async () => {
  const { calls } = setup();
  render(
    <MemoryRouter>
      <AccountQuotes />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: QUOTE_TEXT.orderTitle }));
  const form = await screen.findByRole('form', { name: QUOTE_TEXT.orderTitle });
  expect(await within(form).findByRole('radio', { name: /Обект Център/ })).toBeChecked();
  expect(form).toHaveTextContent(/240,00\s€/);
  await userEvent.click(within(form).getByRole('button', { name: QUOTE_TEXT.orderButton }));
  const po = within(form).getByRole('textbox', { name: /Номер на поръчка на клиента/ });
  expect(await within(form).findByText(TRADE_ORDER_TEXT.purchaseOrderRequired)).toBeInTheDocument();
  expect(po).toHaveFocus();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.type(po, 'PO-77');
  await userEvent.click(within(form).getByRole('button', { name: QUOTE_TEXT.orderButton }));
  expect(await screen.findByText(QUOTE_TEXT.ordered('VS-10055'))).toBeInTheDocument();
  expect(screen.getByRole('link', { name: QUOTE_TEXT.openOrder })).toHaveAttribute('href', '/account/orders/55');
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    shipping: { method: 'address', companyShopId: 21 },
    paymentMethod: 'bank_transfer',
    purchaseOrderNumber: 'PO-77',
  });
});

test('orders an answered quote to an Econt office, asking first for the office', async () => {
  const { calls } = setup(false);
  render(
    <MemoryRouter>
      <AccountQuotes />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: QUOTE_TEXT.orderTitle }));
  const form = await screen.findByRole('form', { name: QUOTE_TEXT.orderTitle });
  await userEvent.click(within(form).getByRole('radio', { name: 'До офис на Еконт' }));
  expect(within(form).queryByRole('radio', { name: /Обект Център/ })).toBeNull();
  await userEvent.click(within(form).getByRole('button', { name: QUOTE_TEXT.orderButton }));
  const office = within(form).getByRole('combobox', { name: /Офис на Еконт/ });
  expect(office).toHaveAccessibleDescription(FIELD.officeMissing);
  expect(office).toHaveFocus();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.type(office, 'плов');
  await userEvent.click(await within(form).findByRole('option', { name: /Пловдив Център/ }));
  await userEvent.click(within(form).getByRole('button', { name: QUOTE_TEXT.orderButton }));
  expect(await screen.findByText(QUOTE_TEXT.ordered('VS-10055'))).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    shipping: { method: 'econt_office', officeId: 7 },
    paymentMethod: 'bank_transfer',
  });
});
