// A payment's page: what it paid, each invoice linked to its PDF and its order; money received
// with something left offers „Разпредели кредита“, which opens on the suggestion for that credit
// and sends what is confirmed; an order's own payment keeps its moves instead.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { PaymentShow } from './PaymentShow';

const received = {
  id: 9,
  orderId: null,
  orderNumber: null,
  customerName: 'Вейп Трейд ООД',
  customerEmail: '',
  companyId: 3,
  companyName: 'Вейп Трейд ООД',
  method: 'bank_transfer',
  amount: 100,
  currency: 'EUR',
  status: 'paid',
  reference: 'Превод',
  paidAt: '2026-11-20T10:00:00Z',
  receivedOn: '2026-11-20',
  unallocated: 30,
  source: 'manual',
  payerName: '',
  payerIban: '',
  recordedBy: 'admin@vapsolo.bg',
  createdAt: '2026-11-20T10:00:00Z',
  allocations: [{ invoiceId: 11, amount: 70, invoiceNumber: '0000000011', orderId: 101, orderNumber: 'VS-10101' }],
};

const open = {
  invoices: [
    {
      id: 12,
      number: '0000000012',
      orderId: 102,
      orderNumber: 'VS-10102',
      issuedAt: '2026-11-01T10:00:00Z',
      dueAt: '2026-11-15T10:00:00Z',
      total: 80,
      paid: 0,
      outstanding: 80,
      paymentState: 'unpaid',
    },
  ],
  credit: 30,
  suggestion: { allocations: [{ invoiceId: 12, amount: 30 }], unallocated: 0 },
};

function setup(record: Record<string, unknown>) {
  setCsrfToken('tok');
  const fetched = mockFetch({
    [`GET /api/admin/payments/${record.id}`]: { body: record },
    'GET /api/admin/payments/open-invoices': { body: open },
    'POST /api/admin/payments/9/allocate': { body: { ...received, allocations: [{ invoiceId: 12, amount: 30, paymentId: 9 }] } },
  });
  renderAdmin(
    <ResourceContextProvider value="payments">
      <PaymentShow id={record.id as number} />
    </ResourceContextProvider>,
    { dataProvider: createDataProvider(), path: `/admin/payments/${record.id}/show` },
  );
  return fetched;
}

test("a received payment's credit is allocated from the suggestion", async () => {
  const { calls } = setup(received);
  const paid = await screen.findByRole('region', { name: 'Разпределение по фактури' });
  expect(within(paid).getByRole('link', { name: 'Фактура 0000000011 (PDF)' })).toHaveAttribute('href', '/api/admin/invoices/11/pdf');
  expect(within(paid).getByRole('link', { name: 'VS-10101' })).toHaveAttribute('href', '/admin/orders/101');
  expect(screen.getByText('Кредит')).toBeInTheDocument();
  // Money received has no status to move.
  expect(screen.queryByRole('button', { name: 'Възстанови сумата' })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Разпредели кредита' }));
  const dialog = await screen.findByRole('dialog', { name: /^Разпредели кредита \(30,00\s€\)$/ });
  const row = await within(dialog).findByRole('textbox', { name: 'Разпредели по фактура 0000000012' });
  expect(row).toHaveValue('30,00');
  expect(within(dialog).getByTestId('allocation-totals')).toHaveTextContent(/Остава като кредит: 0,00\s€/);
  const asked = calls.find((c) => c.url.startsWith('/api/admin/payments/open-invoices'))!;
  expect(new URL(asked.url, 'http://shop').searchParams.get('companyId')).toBe('3');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Разпредели' }));
  expect(await screen.findByText('Кредитът е разпределен по фактурите.')).toBeInTheDocument();
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.url).toBe('/api/admin/payments/9/allocate');
  expect(post.body).toEqual({ allocations: [{ invoiceId: 12, amount: 30 }] });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test("an order's own payment links to its order and keeps its moves, without a credit to allocate", async () => {
  setup({ ...received, id: 4, orderId: 55, orderNumber: 'VS-10055', source: 'order', unallocated: 0, allocations: [] });
  expect(await screen.findByRole('heading', { name: 'Плащане на поръчка VS-10055' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'VS-10055' })).toHaveAttribute('href', '/admin/orders/55');
  expect(screen.getByRole('button', { name: 'Възстанови сумата' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Разпредели кредита' })).toBeNull();
  expect(screen.getByText('Плащането не е разпределено по фактури.')).toBeInTheDocument();
});
