import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AuthProvider } from '../state/auth';
import { mockFetch } from '../test/fetchMock';
import { InvoiceFields, invoiceInput } from './InvoiceFields';
import type { InvoiceRequest } from '@domain/invoices';

const last = { companyName: 'Клиент Трейд ООД', eik: '130175000', vatNumber: 'BG130175000', mol: 'Петър Петров', address: 'гр. Пловдив' };

function Form({ errors = {} }: { errors?: Record<string, string> }) {
  const [value, setValue] = useState<InvoiceRequest | null>(null);
  return (
    <>
      <InvoiceFields value={value} onChange={setValue} errors={errors} />
      <output data-testid="body">{JSON.stringify(invoiceInput(value))}</output>
    </>
  );
}

async function renderSignedIn(signedIn: boolean) {
  mockFetch({
    'GET /api/csrf-token': { body: { csrfToken: 't' } },
    'GET /api/check-cookie': { body: { isUserCookieAvailable: signedIn } },
    'GET /api/auth/me': { body: { user: { id: 1, email: 'a@example.bg', firstName: 'А', lastName: 'Б', role: 'customer' } } },
    'GET /api/isTwoFactorAuthEnabled': { body: { twoFactorAuth: false } },
    'GET /api/account/invoice-details': { body: { invoice: last } },
  });
  const view = render(
    <AuthProvider navigate={() => undefined}>
      <Form />
    </AuthProvider>,
  );
  // Let the sign-in check (and the last details' request) settle.
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
  return view;
}

test('"Искам фактура" opens the company fields and checks the ЕИК as the server does', async () => {
  await renderSignedIn(false);
  expect(screen.queryByLabelText('Име на фирмата')).toBeNull();
  fireEvent.click(screen.getByLabelText('Искам фактура'));
  fireEvent.change(screen.getByLabelText('Име на фирмата'), { target: { value: 'Фирма ООД' } });
  fireEvent.change(screen.getByLabelText(/^ЕИК \/ БУЛСТАТ/), { target: { value: '130175001' } });
  expect(screen.getByText('Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^ЕИК \/ БУЛСТАТ/), { target: { value: '130 175 000' } });
  fireEvent.change(screen.getByLabelText(/^ДДС номер/), { target: { value: 'bg130175000' } });
  fireEvent.change(screen.getByLabelText('МОЛ'), { target: { value: 'Иван' } });
  fireEvent.change(screen.getByLabelText('Адрес по регистрация'), { target: { value: 'София' } });
  expect(screen.queryByText(/Невалиден ЕИК/)).toBeNull();
  expect(JSON.parse(screen.getByTestId('body').textContent!)).toEqual({
    invoice: { companyName: 'Фирма ООД', eik: '130175000', vatNumber: 'BG130175000', mol: 'Иван', address: 'София' },
  });
  fireEvent.click(screen.getByLabelText('Искам фактура'));
  expect(JSON.parse(screen.getByTestId('body').textContent!)).toEqual({});
});

test("a signed-in customer gets their last invoice's details filled in", async () => {
  const { findByText } = await renderSignedIn(true);
  fireEvent.click(screen.getByLabelText('Искам фактура'));
  expect(await findByText('Попълнихме данните от последната Ви фактура; проверете ги.')).toBeInTheDocument();
  expect(screen.getByLabelText('Име на фирмата')).toHaveValue('Клиент Трейд ООД');
  expect(screen.getByLabelText(/^ЕИК \/ БУЛСТАТ/)).toHaveValue('130175000');
});

test("the server's refusal of the ЕИК goes once the shopper corrects it", async () => {
  mockFetch({ 'GET /api/csrf-token': { body: { csrfToken: 't' } }, 'GET /api/check-cookie': { body: { isUserCookieAvailable: false } } });
  render(
    <AuthProvider navigate={() => undefined}>
      <Form errors={{ 'invoice.eik': 'ЕИК не е приет.' }} />
    </AuthProvider>,
  );
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
  fireEvent.click(screen.getByLabelText('Искам фактура'));
  expect(screen.getByText('ЕИК не е приет.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^ЕИК \/ БУЛСТАТ/), { target: { value: '121396123' } });
  expect(screen.queryByText('ЕИК не е приет.')).toBeNull();
  fireEvent.change(screen.getByLabelText(/^ЕИК \/ БУЛСТАТ/), { target: { value: '121396124' } });
  expect(screen.getByText('Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.')).toBeInTheDocument();
});
