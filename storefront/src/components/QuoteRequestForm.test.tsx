// „Поискай оферта“: the button opens a note, the lines (one per variant) are sent with it, and the
// request's number is confirmed on the page and told through the live region.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QUOTE_TEXT } from '@domain/quoteTexts';
import { setCsrfToken } from '../api/client';
import { subscribeAnnouncements } from '../state/announce';
import { mockFetch } from '../test/fetchMock';
import { QuoteRequestForm, quoteLines } from './QuoteRequestForm';

test('one line per variant', () => {
  expect(
    quoteLines([
      { variantId: 3, quantity: 2 },
      { variantId: 3, quantity: 5 },
      { variantId: 4, quantity: 1 },
      { variantId: null, quantity: 1 },
    ]),
  ).toEqual([
    { variantId: 3, quantity: 7 },
    { variantId: 4, quantity: 1 },
  ]);
});

test('sends the lines with the note and confirms the number', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'POST /api/trade/quote-requests': { status: 201, body: { id: 9, number: 'ОФ-10009', status: 'requested', lines: [] } },
  });
  const heard: string[] = [];
  const stop = subscribeAnnouncements((_p, a) => heard.push(a.text));
  render(
    <MemoryRouter>
      <QuoteRequestForm lines={[{ variantId: 11, quantity: 40 }]} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXT.askButton }));
  const note = screen.getByRole('textbox', { name: /Бележка към запитването/ });
  expect(note).toHaveFocus();
  await userEvent.type(note, 'Доставка до 10 декември');
  await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXT.send }));
  expect(await screen.findByText(QUOTE_TEXT.sent('ОФ-10009'))).toBeInTheDocument();
  expect(heard).toContain(QUOTE_TEXT.sent('ОФ-10009'));
  expect(calls[0].body).toEqual({ lines: [{ variantId: 11, quantity: 40 }], note: 'Доставка до 10 декември' });
  stop();
});

test('a refusal is said beside the form', async () => {
  setCsrfToken('tok');
  mockFetch({ 'POST /api/trade/quote-requests': { status: 409, body: { message: QUOTE_TEXT.tooManyOpen(5) } } });
  render(
    <MemoryRouter>
      <QuoteRequestForm lines={[{ variantId: 11, quantity: 40 }]} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXT.askButton }));
  await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXT.send }));
  expect(await screen.findByText(QUOTE_TEXT.tooManyOpen(5))).toBeInTheDocument();
});
