// The accessibility statement's barrier form: errors tied to their fields and the first
// invalid field focused; the server's answer announced in a status region present from the start.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App';
import { clearCookies, mockFetch } from '../test/fetchMock';
import { ACCESSIBILITY } from '@domain/messages';

function api(report: (body: any) => { status?: number; body?: unknown }) {
  return mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 'tok' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: false } },
    'GET /api/settings': { status: 404 },
    'GET /api/categories': { body: { categories: [] } },
    'POST /api/cart/preview': { body: { cartItems: [], count: 0, subtotal: 0 } },
    'POST /api/accessibility/barriers': (c) => report(c.body),
  });
}

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  localStorage.setItem('age-confirmed', 'yes');
});

async function openPage() {
  render(
    <MemoryRouter initialEntries={['/accessibility']}>
      <App />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Достъпност' });
  return screen.getByRole('form', { name: 'Сигнал за бариера' });
}

test('an empty report is refused on the page: each error is the description of its field, the first field has the focus', async () => {
  const { calls } = api(() => ({ status: 201, body: {} }));
  const form = await openPage();
  const status = within(form).getByRole('status');
  expect(status).toBeEmptyDOMElement();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Изпрати сигнала' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати сигнала' }));
  const name = screen.getByRole('textbox', { name: 'Име' });
  await waitFor(() => expect(name).toHaveFocus());
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Въведете име.');
  expect(screen.getByRole('textbox', { name: 'Какво не успяхте да направите' })).toHaveAccessibleDescription('Опишете бариерата.');
  expect(calls.some((c) => c.url === '/api/accessibility/barriers')).toBe(false);
});

test("a report is sent and the thanks are announced; the server's refusal lands on its field", async () => {
  let answer: { status?: number; body?: unknown } = {
    status: 400,
    body: { message: 'Невалиден имейл.', errors: { email: 'Невалиден имейл адрес.' } },
  };
  const { calls } = api(() => answer);
  const form = await openPage();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Изпрати сигнала' })).toBeEnabled());
  await userEvent.type(screen.getByRole('textbox', { name: 'Име' }), 'Петя');
  await userEvent.type(screen.getByRole('textbox', { name: 'Имейл' }), 'petya@example.bg');
  await userEvent.type(screen.getByRole('textbox', { name: /Страница или функция/ }), '/checkout');
  await userEvent.type(screen.getByRole('textbox', { name: 'Какво не успяхте да направите' }), 'Не чувам грешката.');
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати сигнала' }));
  const email = screen.getByRole('textbox', { name: 'Имейл' });
  await waitFor(() => expect(email).toHaveFocus());
  expect(email).toHaveAccessibleDescription('Невалиден имейл адрес.');

  answer = { status: 201, body: { message: ACCESSIBILITY.barrierReceived, id: 5 } };
  await userEvent.click(screen.getByRole('button', { name: 'Изпрати сигнала' }));
  await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(ACCESSIBILITY.barrierReceived));
  expect(calls.filter((c) => c.url === '/api/accessibility/barriers').pop()!.body).toEqual({
    name: 'Петя',
    email: 'petya@example.bg',
    page: '/checkout',
    message: 'Не чувам грешката.',
  });
  expect(screen.getByRole('textbox', { name: 'Име' })).toHaveValue('');
});
