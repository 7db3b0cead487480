// A member's „Извлечение от сметка“ on the account page: the year so far by default, a period of
// two days typed as dd.mm.yyyy, and the PDF and CSV downloaded from the API for that period; a
// period the statement's rule refuses is said on its field and nothing is downloaded. A customer
// without a company has none.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearToasts } from '../state/toast';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { defaultStatementPeriod } from '@domain/statementOfAccount';
import { MEMBER_TEXT } from '@domain/companyMembers';

const member = {
  id: 5,
  email: 'office@firma.bg',
  firstName: 'Петър',
  lastName: 'Петров',
  role: 'customer',
  company: { id: 3, name: 'Фирма ООД', status: 'approved' },
};

function signedIn(user: unknown) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: true } },
    'GET /api/auth/me': { body: { user } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'GET /api/cart': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'GET /api/orders': { body: { orders: [] } },
  });
}

function openAccount() {
  localStorage.setItem(AGE_CONFIRMED_KEY, 'yes');
  render(
    <MemoryRouter initialEntries={['/account']}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  clearCookies();
  clearToasts();
  localStorage.clear();
});

test('downloads the statement of the period as PDF and CSV', async () => {
  signedIn(member);
  openAccount();
  const section = await screen.findByRole('region', { name: 'Извлечение от сметка' });
  const { from, to } = defaultStatementPeriod();
  const bg = (day: string) => day.split('-').reverse().join('.');
  expect(within(section).getByLabelText('Период от')).toHaveValue(bg(from));
  expect(within(section).getByLabelText('Период до')).toHaveValue(bg(to));
  expect(within(section).getByLabelText('Период от')).toHaveAccessibleDescription('Датите са във вида дд.мм.гггг, напр. 01.03.2026.');
  const pdf = within(section).getByRole('link', { name: 'Изтегли извлечението (PDF)' });
  expect(pdf).toHaveAttribute('href', `/api/trade/statement?from=${from}&to=${to}&format=pdf`);
  expect(pdf).toHaveAttribute('download');
  fireEvent.change(within(section).getByLabelText('Период от'), { target: { value: '1.3.2026' } });
  fireEvent.change(within(section).getByLabelText('Период до'), { target: { value: '31.03.2026' } });
  expect(within(section).getByRole('link', { name: 'Като таблица (CSV)' })).toHaveAttribute(
    'href',
    '/api/trade/statement?from=2026-03-01&to=2026-03-31&format=csv',
  );
});

test('a period the wrong way round is said on its field and not downloaded', async () => {
  signedIn(member);
  openAccount();
  const section = await screen.findByRole('region', { name: 'Извлечение от сметка' });
  const to = within(section).getByLabelText('Период до');
  fireEvent.change(within(section).getByLabelText('Период от'), { target: { value: '01.05.2026' } });
  fireEvent.change(to, { target: { value: '01.04.2026' } });
  // Not yet: the field is still being typed.
  expect(to).not.toHaveAttribute('aria-invalid');
  const pdf = within(section).getByRole('link', { name: 'Изтегли извлечението (PDF)' });
  // fireEvent answers false when the page kept the browser from following the link.
  expect(fireEvent.click(pdf)).toBe(false);
  expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(to).toHaveAccessibleDescription(expect.stringContaining('Краят на периода е преди началото му.'));
  expect(to).toHaveFocus();
  // A day that is not one is said so.
  fireEvent.change(to, { target: { value: '31.02.2026' } });
  fireEvent.blur(to);
  expect(to).toHaveAccessibleDescription(expect.stringContaining('Невалидна дата. Въведете дд.мм.гггг'));
});

test('a customer without a company has no statement', async () => {
  signedIn({ id: 6, email: 'maria@example.bg', firstName: 'Мария', lastName: 'Иванова', role: 'customer' });
  openAccount();
  expect(await screen.findByRole('heading', { name: 'Моите поръчки' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Извлечение от сметка' })).not.toBeInTheDocument();
});

test("a buyer is told the statement is the owners', with nothing to download", async () => {
  signedIn({ ...member, company: { ...member.company, role: 'buyer' } });
  openAccount();
  const section = await screen.findByRole('region', { name: 'Извлечение от сметка' });
  expect(within(section).getByText(MEMBER_TEXT.statementOwnersOnly)).toBeInTheDocument();
  expect(within(section).queryByRole('link')).not.toBeInTheDocument();
});
