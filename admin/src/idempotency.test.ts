// The panel's writes that must happen once carry one Idempotency-Key per submission: the same key
// when the submission is sent again after no answer, a new one once the server has answered.
import { mockFetch } from './test/fetchMock';
import { setCsrfToken } from './httpClient';
import { createDataProvider } from './dataProvider';
import { createShipment } from './orders/shipmentApi';
import { invoicesApi } from './invoices/api';

beforeEach(() => setCsrfToken('tok'));

test('a phone order sent again after a failure keeps its key; the next order gets a new one', async () => {
  let down = true;
  const { calls } = mockFetch({
    'POST /api/admin/orders': () =>
      down ? { status: 503, body: { message: 'Базата данни не отговаря.' } } : { status: 201, body: { id: 5 } },
  });
  const provider = createDataProvider();
  const data = { customer: { firstName: 'Георги' }, items: [{ productId: 3, quantity: 1 }] };
  await expect(provider.create('orders', { data })).rejects.toMatchObject({ status: 503 });
  down = false;
  expect((await provider.create('orders', { data })).data).toEqual({ id: 5 });
  expect((await provider.create('orders', { data })).data).toEqual({ id: 5 });
  const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['idempotency-key']);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a payment move, a waybill and a credit note are sent with a key', async () => {
  const { calls } = mockFetch({
    'PUT /api/admin/payments/4': { body: { id: 4, status: 'paid' } },
    'POST /api/admin/orders/9/shipment': { status: 201, body: { shipment: { id: 1, waybillNumber: '1051' } } },
    'POST /api/admin/invoices/11/credit-note': { status: 201, body: { creditNote: { id: 12 }, message: 'ok' } },
  });
  await createDataProvider().update('payments', { id: 4, data: { status: 'paid' }, previousData: { id: 4 } });
  await createShipment(9, {});
  await invoicesApi.creditNote(11);
  const writes = calls.filter((c) => c.method !== 'GET');
  expect(writes).toHaveLength(3);
  for (const w of writes) expect(w.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
});
