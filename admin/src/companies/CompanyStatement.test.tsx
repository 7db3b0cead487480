// A company's statement of account on its page: the year so far by default, the balance carried in
// first and out last with the running balance, amounts in the shop's currency from cents, the
// invoices overdue today; the PDF and CSV are the API's files for the period shown in the fields;
// „Изпрати по имейл“ names the contact's address before it posts, and says what the server answered;
// a period the server refuses is said on its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { defaultStatementPeriod } from '@domain/statementOfAccount';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { CompanyStatement } from './CompanyStatement';

const company = { id: 3, name: 'Вейп Трейд ООД', contact: { email: 'office@vapetrade.bg' } };

function statementFor(from: string, to: string) {
  return {
    company: { name: 'Вейп Трейд ООД', eik: '130175000', vatNumber: '', address: 'ул. Витоша 1', city: 'София' },
    seller: { name: 'ВАП СОЛО ООД', eik: '200000000', vatNumber: '', address: '', iban: 'BG00' },
    currency: 'EUR',
    from,
    to,
    asOf: to,
    openingBalance: 10000,
    rows: [
      {
        date: from,
        document: 'Фактура',
        kind: 'invoice',
        number: '0000000021',
        dueAt: from,
        debit: 24050,
        credit: 0,
        balance: 34050,
        note: 'Поръчка VS-10031',
      },
      { date: from, document: 'Плащане', kind: 'payment', number: 'BNK-7', dueAt: null, debit: 0, credit: 15000, balance: 19050, note: '' },
    ],
    totals: { debit: 24050, credit: 15000 },
    closingBalance: 19050,
    overdue: { total: 9050, invoices: [{ number: '0000000021', dueAt: from, outstanding: 9050, daysOverdue: 12 }] },
  };
}

function api() {
  setCsrfToken('tok');
  return mockFetch({
    'GET /api/admin/companies/3/statement': (call) => {
      const q = new URL(call.url, 'http://shop.test').searchParams;
      const from = q.get('from')!;
      const to = q.get('to')!;
      if (from === '2030-01-01')
        return {
          status: 400,
          body: { message: 'Краят на периода е преди началото му.', errors: { to: 'Краят на периода е преди началото му.' } },
        };
      return { body: statementFor(from, to) };
    },
    'POST /api/admin/companies/3/statement/send': { body: { message: 'Извлечението е изпратено на office@vapetrade.bg.' } },
  });
}

function open(path = '/admin/companies/3') {
  renderAdmin(
    <RecordContextProvider value={company}>
      <CompanyStatement />
    </RecordContextProvider>,
    { dataProvider: createDataProvider(), path },
  );
}

const bg = (day: string) => day.split('-').reverse().join('.');

test('shows the year so far: opening balance, the rows with the running balance, the closing balance and what is overdue', async () => {
  const { calls } = api();
  const period = defaultStatementPeriod();
  open();
  const card = await screen.findByTestId('company-statement');
  const table = await within(card).findByRole('table', { name: /Извлечение от сметка/ });
  const rows = within(table).getAllByRole('row');
  // header, opening, two rows, closing
  expect(rows).toHaveLength(5);
  expect(rows[1]).toHaveTextContent(`${bg(period.from)}Начално салдо100,00 €`);
  expect(rows[2]).toHaveTextContent(/Фактура.*Поръчка VS-10031.*0000000021.*240,50 €.*340,50 €/);
  expect(rows[3]).toHaveTextContent(/Плащане.*BNK-7.*150,00 €.*190,50 €/);
  expect(rows[4]).toHaveTextContent(`${bg(period.to)}Крайно салдо240,50 €150,00 €190,50 €`);
  const overdue = within(card).getByRole('region', { name: /Просрочени задължения към/ });
  expect(within(overdue).getByText('12')).toBeInTheDocument();
  expect(within(overdue).getAllByText(/^90,50\s€$/)).toHaveLength(2);
  expect(calls[0].url).toBe(`/api/admin/companies/3/statement?from=${period.from}&to=${period.to}`);
  expect(within(card).getByRole('status')).toHaveTextContent(/2 реда, крайно салдо 190,50 €/);
});

test('the PDF and CSV are the files of the period in the fields', async () => {
  api();
  const period = defaultStatementPeriod();
  open();
  const pdf = await screen.findByRole('link', { name: 'Изтегли PDF' });
  expect(pdf).toHaveAttribute('href', `/api/admin/companies/3/statement?from=${period.from}&to=${period.to}&format=pdf`);
  expect(pdf).toHaveAttribute('download');
  expect(screen.getByRole('link', { name: 'Изтегли CSV' })).toHaveAttribute(
    'href',
    `/api/admin/companies/3/statement?from=${period.from}&to=${period.to}&format=csv`,
  );
  const from = screen.getByLabelText('Период от');
  await userEvent.clear(from);
  await userEvent.type(from, `01.01.${period.to.slice(0, 4)}`);
  await userEvent.clear(screen.getByLabelText('Период до'));
  await userEvent.type(screen.getByLabelText('Период до'), `31.01.${period.to.slice(0, 4)}`);
  const year = period.to.slice(0, 4);
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Изтегли CSV' })).toHaveAttribute(
      'href',
      `/api/admin/companies/3/statement?from=${year}-01-01&to=${year}-01-31&format=csv`,
    ),
  );
  // The table follows once the period stands still.
  expect(await screen.findByRole('table', { name: new RegExp(`от 01\\.01\\.${year} до 31\\.01\\.${year}`) })).toBeInTheDocument();
});

test('„Изпрати по имейл“ names the address, posts the period and says what the server answered', async () => {
  const { calls } = api();
  const period = defaultStatementPeriod();
  open();
  await screen.findByRole('table', { name: /Извлечение от сметка/ });
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати по имейл' }));
  const dialog = await screen.findByRole('dialog', { name: 'Изпращане на извлечението' });
  expect(dialog).toHaveTextContent(
    `Извлечението за периода ${bg(period.from)} – ${bg(period.to)} ще бъде изпратено като PDF на office@vapetrade.bg.`,
  );
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'POST')).toEqual(
    expect.objectContaining({ url: '/api/admin/companies/3/statement/send', body: { from: period.from, to: period.to } }),
  );
  expect(screen.getByRole('status')).toHaveTextContent('Извлечението е изпратено на office@vapetrade.bg.');
});

test('a period the server refuses is said on that field; a wrong one typed never leaves the page', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal in development
  api();
  open();
  await screen.findByRole('table', { name: /Извлечение от сметка/ });
  const from = screen.getByLabelText('Период от');
  const to = screen.getByLabelText('Период до');
  // Typed the wrong way round: the statement's own rule says so at once, nothing is asked.
  await userEvent.clear(to);
  await userEvent.type(to, '01.01.2020');
  expect(await screen.findByText('Краят на периода е преди началото му.')).toBeInTheDocument();
  expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(to).toHaveAccessibleDescription('Краят на периода е преди началото му.');
  // No file for a period that is not one: the download stays, disabled, in its place.
  expect(screen.queryByRole('link', { name: 'Изтегли PDF' })).not.toBeInTheDocument();
  expect(screen.getByText('Изтегли PDF').closest('a')).toHaveAttribute('aria-disabled', 'true');
  // The server's refusal (here: of a period the page took) lands on its field too.
  await userEvent.clear(from);
  await userEvent.type(from, '01.01.2030');
  await userEvent.clear(to);
  await userEvent.type(to, '31.12.2030');
  await waitFor(() => expect(to).toHaveAccessibleDescription('Краят на периода е преди началото му.'));
});

test('opened from the receivables (#statement), focus goes to the statement', async () => {
  api();
  open('/admin/companies/3#statement');
  await screen.findByRole('table', { name: /Извлечение от сметка/ });
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Извлечение от сметка' })).toHaveFocus());
});
