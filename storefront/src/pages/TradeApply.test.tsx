// „Кандидатствай като търговец“: the form's own checks (the ЕИК check digit, a permit already
// expired among them) and the server's refusals are each the description of their field, the first
// invalid one focused; the permit's office and expiry date are sent as the API takes them; a sent
// application says it awaits approval.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { TRADE } from '@domain/tradeTexts';
import { FORM } from '@domain/messages';
import { formatBgDate } from '@domain/dateInput';
import { addDays, shopDay } from '@domain/dates';

function api(apply: (body: any) => { status?: number; body?: unknown }) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'POST /api/cart/preview': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'POST /api/trade/applications': (c) => apply(c.body),
  });
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
});

async function openPage() {
  render(
    <MemoryRouter initialEntries={['/trade/apply']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: TRADE.applyTitle });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Изпрати кандидатурата' })).toBeEnabled());
}

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(box(name), { target: { value } });

test('the form refuses on the page: each error describes its field, the first is focused; a wrong ЕИК check digit is caught', async () => {
  const { calls } = api(() => ({ status: 201, body: {} }));
  await openPage();
  type('ЕИК', '100012378');
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  const name = box('Име на фирмата');
  await waitFor(() => expect(name).toHaveFocus());
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Полето е задължително.');
  expect(box('ЕИК')).toHaveAccessibleDescription(TRADE.eikInvalid);
  expect(box('Имейл')).toHaveAttribute('aria-invalid', 'true');
  // A shop added by the repeater is checked too, and removed again.
  await userEvent.click(screen.getByRole('button', { name: 'Добави обект' }));
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  expect(box('Име на обекта')).toHaveAccessibleDescription('Полето е задължително.');
  await userEvent.click(screen.getByRole('button', { name: 'Премахни обект 1' }));
  expect(screen.queryByRole('textbox', { name: 'Име на обекта' })).toBeNull();
  expect(calls.some((c) => c.url === '/api/trade/applications')).toBe(false);
});

test("the server's refusal lands on its field; a sent application awaits approval", async () => {
  let answer: { status?: number; body?: unknown } = {
    status: 409,
    body: { message: TRADE.emailTakenSignIn, errors: { 'contact.email': TRADE.emailTakenSignIn } },
  };
  const { calls } = api(() => answer);
  await openPage();
  type('Име на фирмата', 'Вейп Търговия ЕООД');
  type('ЕИК', '100012377');
  type('Адрес на управление', 'ул. Витоша 1');
  type(/^Град/, 'София');
  type('МОЛ', 'Петър Петров');
  type(TRADE.permitNumber, 'ЗАДС-1');
  type(TRADE.permitOffice, 'ТД Митница София');
  type(TRADE.permitExpiresAt, '31.12.2099');
  type('Име', 'Петър');
  type('Фамилия', 'Петров');
  type('Имейл', 'petar@example.bg');
  type('Телефон', '0888123456');
  fireEvent.change(screen.getByLabelText('Парола за профила'), { target: { value: 'firma-parola-123' } });
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  const email = box('Имейл');
  await waitFor(() => expect(email).toHaveFocus());
  expect(email).toHaveAccessibleDescription(TRADE.emailTakenSignIn);
  const sent = calls.find((c) => c.url === '/api/trade/applications')!;
  expect((sent as any).body).toMatchObject({
    company: { eik: '100012377', tobaccoPermit: 'ЗАДС-1', tobaccoPermitOffice: 'ТД Митница София', tobaccoPermitExpiresAt: '2099-12-31' },
    contact: { email: 'petar@example.bg' },
    shops: [],
  });

  answer = { status: 201, body: { id: 7, status: 'pending', name: 'Вейп Търговия ЕООД' } };
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  expect(await screen.findByRole('heading', { name: TRADE.appliedTitle })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(TRADE.applied);
});

test('a permit already expired, or a day that does not exist, is refused on its field before sending', async () => {
  const { calls } = api(() => ({ status: 201, body: {} }));
  await openPage();
  const expiry = box(TRADE.permitExpiresAt);
  expect(expiry).toHaveAccessibleDescription(TRADE.permitExpiresAtHelp);
  const yesterday = addDays(shopDay(new Date()), -1);
  type(TRADE.permitExpiresAt, formatBgDate(yesterday));
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
  expect(expiry).toHaveAccessibleDescription(`${TRADE.permitExpiredOnApply(formatBgDate(yesterday))} ${TRADE.permitExpiresAtHelp}`);
  type(TRADE.permitExpiresAt, '30.02.2031');
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати кандидатурата' }));
  await waitFor(() => expect(expiry).toHaveAccessibleDescription(`${FORM.invalidDate} ${TRADE.permitExpiresAtHelp}`));
  expect(calls.some((c) => c.url === '/api/trade/applications')).toBe(false);
});
