// „Търговци“: a rejection asks for its reason before anything is sent; the decision is
// posted to the company's own call and confirmed with a toast; a member is removed only after the
// confirmation; adding by e-mail says whether the address was added or invited; the permit's
// office and expiry date are edited on the company's page, which says when the permit has expired.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { formatBgDate } from '@domain/dateInput';
import { addDays, shopDay } from '@domain/dates';

/** The company page also shows its statement of account: an account with nothing on it. */
const emptyStatement = {
  company: { name: '', eik: '', vatNumber: '', address: '', city: '' },
  seller: { name: '', eik: '', vatNumber: '', address: '', iban: '' },
  currency: 'EUR',
  from: '2026-01-01',
  to: '2026-11-28',
  asOf: '2026-11-28',
  openingBalance: 0,
  rows: [],
  totals: { debit: 0, credit: 0 },
  closingBalance: 0,
  overdue: { total: 0, invoices: [] },
};
import { CompanyEdit, DecisionButtons, Members } from './Companies';

const pending = {
  id: 3,
  name: 'Вейп Търговия ЕООД',
  eik: '100012377',
  status: 'pending',
  members: [{ id: 8, email: 'firma@example.bg', firstName: 'Петър', lastName: 'Петров' }],
};

test('reject needs a reason; then it is posted and confirmed', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({ 'POST /api/admin/companies/3/reject': { body: { ...pending, status: 'rejected' } } });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <DecisionButtons />
    </RecordContextProvider>,
    { dataProvider: createDataProvider() },
  );
  expect(screen.queryByRole('button', { name: 'Спри' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Откажи' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отказ на кандидатурата' });
  await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
  expect(await screen.findByText('Посочете причина.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.type(screen.getByLabelText(/Причина/), 'Няма разрешение');
  await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
  expect(await screen.findByText('Кандидатурата е отказана.')).toBeInTheDocument();
  expect(calls).toEqual([
    expect.objectContaining({ method: 'POST', url: '/api/admin/companies/3/reject', body: { reason: 'Няма разрешение' } }),
  ]);
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
});

test('a member is removed only after the confirmation', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({ 'DELETE /api/admin/companies/3/members/8': { body: { ...pending, members: [] } } });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <Members />
    </RecordContextProvider>,
    { dataProvider: createDataProvider() },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Премахни' }));
  expect(await screen.findByText('Профилът firma@example.bg вече няма да купува за фирмата.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: /Потвърди|Confirm/ }));
  expect(await screen.findByText('Членът е премахнат.')).toBeInTheDocument();
  expect(calls).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/admin/companies/3/members/8' })]);
});

test('adding by e-mail says whether the account was added or, having none, the address was invited', async () => {
  setCsrfToken('tok');
  const invitation = {
    id: 6,
    email: 'nov@example.bg',
    role: 'owner',
    orderLimit: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-04T10:00:00.000Z',
  };
  const { calls } = mockFetch({
    'POST /api/admin/companies/3/members': (call) =>
      call.body.email === 'klient@example.bg'
        ? { status: 201, body: { ...pending, members: [...pending.members, { id: 9, email: 'klient@example.bg' }], invitations: [] } }
        : { status: 201, body: { ...pending, invitations: [invitation] } },
  });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <Members />
    </RecordContextProvider>,
    { dataProvider: createDataProvider() },
  );
  const field = screen.getByLabelText('Имейл (клиентски профил или покана)');
  await userEvent.type(field, 'klient@example.bg');
  await userEvent.click(screen.getByRole('button', { name: 'Добави член' }));
  expect(await screen.findByText('Членът е добавен.')).toBeInTheDocument();
  await waitFor(() => expect(field).toHaveValue(''));
  await userEvent.type(field, 'Nov@example.bg');
  await userEvent.click(screen.getByRole('button', { name: 'Добави член' }));
  expect(await screen.findByText('Няма профил с Nov@example.bg: изпратена е покана. Ще стане член, когато я приеме.')).toBeInTheDocument();
  expect(screen.queryByText('Членът е добавен.')).not.toBeInTheDocument();
  expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
    ['POST', '/api/admin/companies/3/members', { email: 'klient@example.bg', role: 'owner' }],
    ['POST', '/api/admin/companies/3/members', { email: 'Nov@example.bg', role: 'owner' }],
  ]);
});

test('a member added as a buyer goes with the order limit typed; a refused limit is shown at its field', async () => {
  const { calls } = mockFetch({
    'POST /api/admin/companies/3/members': (call) =>
      call.body.orderLimit === '-5'
        ? { status: 400, body: { message: 'Проверете полетата.', errors: { orderLimit: 'Трябва да е поне 0.' } } }
        : { status: 201, body: { ...pending, members: [...pending.members, { id: 9, email: 'kupuvach@example.bg' }], invitations: [] } },
  });
  renderAdmin(
    <RecordContextProvider value={pending}>
      <Members />
    </RecordContextProvider>,
    { dataProvider: createDataProvider() },
  );
  // An owner has no limit: the field appears for a buyer only.
  expect(screen.queryByLabelText('Лимит на поръчка')).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Имейл (клиентски профил или покана)'), 'kupuvach@example.bg');
  await userEvent.click(screen.getByRole('combobox', { name: 'Роля' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Купувач' }));
  const limit = screen.getByLabelText('Лимит на поръчка');
  await userEvent.type(limit, '-5');
  await userEvent.click(screen.getByRole('button', { name: 'Добави член' }));
  expect(await screen.findByText('Трябва да е поне 0.')).toBeInTheDocument();
  expect(limit).toHaveAttribute('aria-invalid', 'true');
  expect(limit).toHaveAccessibleDescription('Трябва да е поне 0.');
  await userEvent.clear(limit);
  await userEvent.type(limit, '250,50');
  await userEvent.click(screen.getByRole('button', { name: 'Добави член' }));
  expect(await screen.findByText('Членът е добавен.')).toBeInTheDocument();
  expect(calls.map((c) => c.body)).toEqual([
    { email: 'kupuvach@example.bg', role: 'buyer', orderLimit: '-5' },
    { email: 'kupuvach@example.bg', role: 'buyer', orderLimit: '250,50' },
  ]);
});

test('the invitations still open are shown read only below the members', async () => {
  mockFetch({ 'GET /api/settings': { body: { currency: 'EUR', dualCurrency: false, euroSince: '2026-01-01' } } });
  const invited = {
    ...pending,
    invitations: [
      {
        id: 5,
        email: 'nov@example.bg',
        role: 'buyer',
        orderLimit: 100,
        createdAt: '2026-11-20T10:00:00.000Z',
        expiresAt: '2026-12-04T10:00:00.000Z',
      },
    ],
  };
  renderAdmin(
    <RecordContextProvider value={invited}>
      <Members />
    </RecordContextProvider>,
    { dataProvider: createDataProvider() },
  );
  const list = screen.getByRole('list', { name: 'Отворени покани' });
  const row = within(list).getByRole('listitem');
  expect(row).toHaveTextContent('nov@example.bg');
  expect(row).toHaveTextContent(/Купувач · 100,00\s(€|лв\.) · изтича на 04\.12\.2026/);
  // Read only: nothing to press on an invitation.
  expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Премахни' })).toHaveLength(1);
});

test("the company's page shows an expired permit and saves a new office and date as the API takes them", async () => {
  const expiredOn = addDays(shopDay(new Date()), -3);
  const company = {
    ...pending,
    status: 'approved',
    vatNumber: '',
    address: 'ул. Витоша 1',
    city: 'София',
    mol: 'Петър Петров',
    tobaccoPermit: 'ЗАДС-7',
    tobaccoPermitOffice: '',
    tobaccoPermitExpiresAt: expiredOn,
    contact: { firstName: 'Петър', lastName: 'Петров', email: 'firma@example.bg', phone: '' },
    priceListId: null,
    paymentTermsDays: 14,
    creditLimit: null,
    shops: [],
    version: 4,
  };
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...company, ...p.data, version: 5 } }));
  const dataProvider = {
    getOne: jest.fn(async () => ({ data: company })),
    update,
    getList: jest.fn(async () => ({ data: [], total: 0 })),
    getMany: jest.fn(async () => ({ data: [] })),
    companyStatement: jest.fn(async () => emptyStatement),
  };
  renderAdmin(
    <ResourceContextProvider value="companies">
      <Routes>
        <Route path="companies/:id" element={<CompanyEdit />} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/companies/3' },
  );
  expect(await screen.findByText(`Изтекло на ${formatBgDate(expiredOn)}`)).toBeInTheDocument();
  const until = screen.getByRole('textbox', { name: 'Валидно до' });
  expect(until).toHaveValue(formatBgDate(expiredOn));
  fireEvent.change(screen.getByRole('textbox', { name: 'Издадено от' }), { target: { value: 'ТД Митница София' } });
  fireEvent.change(until, { target: { value: '31.12.2027' } });
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1].data).toMatchObject({
    tobaccoPermitOffice: 'ТД Митница София',
    tobaccoPermitExpiresAt: '2027-12-31',
    version: 4,
  });
});

test("the company's page saves the purchase-order rule, and its shops with their ids", async () => {
  const company = {
    ...pending,
    status: 'approved',
    vatNumber: '',
    address: 'ул. Витоша 1',
    city: 'София',
    mol: 'Петър Петров',
    tobaccoPermit: 'ЗАДС-7',
    tobaccoPermitOffice: '',
    tobaccoPermitExpiresAt: null,
    contact: { firstName: 'Петър', lastName: 'Петров', email: 'firma@example.bg', phone: '' },
    priceListId: null,
    paymentTermsDays: 14,
    creditLimit: null,
    requirePurchaseOrderNumber: false,
    shops: [{ id: 41, name: 'Вейп Център', city: 'Варна', address: 'ул. Славянска 10', phone: '', listed: true }],
    version: 4,
  };
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...company, ...p.data, version: 5 } }));
  renderAdmin(
    <ResourceContextProvider value="companies">
      <Routes>
        <Route path="companies/:id" element={<CompanyEdit />} />
      </Routes>
    </ResourceContextProvider>,
    {
      dataProvider: {
        getOne: jest.fn(async () => ({ data: company })),
        update,
        getList: jest.fn(async () => ({ data: [], total: 0 })),
        getMany: jest.fn(async () => ({ data: [] })),
        companyStatement: jest.fn(async () => emptyStatement),
      },
      path: '/admin/companies/3',
    },
  );
  await userEvent.click(await screen.findByRole('switch', { name: 'Изисква номер на поръчка (PO)' }));
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1].data).toMatchObject({
    requirePurchaseOrderNumber: true,
    shops: [{ id: 41, name: 'Вейп Център', city: 'Варна', address: 'ул. Славянска 10' }],
  });
});

test("the company's page saves each member's role and order limit, typed with a comma", async () => {
  const company = {
    ...pending,
    status: 'approved',
    vatNumber: '',
    address: 'ул. Витоша 1',
    city: 'София',
    mol: 'Петър Петров',
    tobaccoPermit: 'ЗАДС-7',
    tobaccoPermitOffice: '',
    tobaccoPermitExpiresAt: null,
    contact: { firstName: 'Петър', lastName: 'Петров', email: 'firma@example.bg', phone: '' },
    priceListId: null,
    paymentTermsDays: 14,
    creditLimit: null,
    requirePurchaseOrderNumber: false,
    shops: [],
    members: [
      { id: 8, email: 'firma@example.bg', firstName: 'Петър', lastName: 'Петров', role: 'owner', orderLimit: null },
      { id: 9, email: 'ivan@example.bg', firstName: 'Иван', lastName: 'Иванов', role: 'owner', orderLimit: null },
    ],
    version: 4,
  };
  const update = jest.fn(async (_r: string, p: any) => ({ data: { ...company, ...p.data, version: 5 } }));
  renderAdmin(
    <ResourceContextProvider value="companies">
      <Routes>
        <Route path="companies/:id" element={<CompanyEdit />} />
      </Routes>
    </ResourceContextProvider>,
    {
      dataProvider: {
        getOne: jest.fn(async () => ({ data: company })),
        update,
        getList: jest.fn(async () => ({ data: [], total: 0 })),
        getMany: jest.fn(async () => ({ data: [] })),
        companyStatement: jest.fn(async () => emptyStatement),
      },
      path: '/admin/companies/3',
    },
  );
  const ivan = await screen.findByRole('group', { name: 'Иван Иванов' });
  const role = within(ivan).getByRole('combobox', { name: 'Роля' });
  expect(role).toHaveTextContent('Собственик');
  // An owner decides every order: no limit is asked until the member is a buyer.
  expect(within(ivan).queryByRole('textbox', { name: 'Лимит на поръчка' })).not.toBeInTheDocument();
  await userEvent.click(role);
  await userEvent.click(await screen.findByRole('option', { name: 'Купувач' }));
  const limit = within(ivan).getByRole('textbox', { name: 'Лимит на поръчка' });
  expect(limit).toHaveAccessibleDescription('Без ДДС; празно: без лимит');
  await userEvent.type(limit, '1500,50');
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][1].data.members).toEqual([
    { id: 8, email: 'firma@example.bg', role: 'owner', orderLimit: null },
    { id: 9, email: 'ivan@example.bg', role: 'buyer', orderLimit: 1500.5 },
  ]);
});
