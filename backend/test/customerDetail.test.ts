// A customer's page for staff: a guest buyer keyed by e-mail and a registered customer,
// with every phone they gave, where their parcels went (office or address), their orders newest
// first with status and item count, and totals that agree with the customers list. Admins only.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { API } from '@domain/messages';

let cat: Catalogue;
let admin: Browser;
let guest: Browser;
const orders: Array<{ id: number; number: string; total: number }> = [];

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
  const office = (await guest.get('/api/couriers/offices?courier=econt&q=Пловдив')).body.offices[0];
  const triples = (quantity: number) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];
  const customer = (phone: string, email = 'Guest.Buyer@example.bg') => ({ firstName: 'Гергана', lastName: 'Стоянова', email, phone });
  orders.push(
    await placeOrder(guest, triples(2), { customer: customer('+359879111222'), shipping: { method: 'econt_office', officeId: office.id } }),
  );
  orders.push(
    await placeOrder(guest, triples(1), { customer: customer('0879 111 222'), shipping: { method: 'econt_office', officeId: office.id } }),
  );
  orders.push(
    await placeOrder(guest, triples(3), {
      customer: customer('0888 333 444', 'guest.buyer@example.bg'),
      shipping: { method: 'address', city: 'Русе', postcode: '7000', address: 'ул. „Александровска“ 1' },
    }),
  );
  // A cancelled order stays in the list but not in the money spent.
  expect((await admin.put(`/api/admin/orders/${orders[1].id}`, { status: 'cancelled' })).status).toBe(200);
});

it('shows a guest buyer by e-mail: phones, addresses, orders newest first and totals', async () => {
  const res = await admin.get(`/api/admin/customers/${encodeURIComponent('guest.buyer@example.bg')}`);
  expect(res.status).toBe(200);
  const c = res.body;
  expect(c).toEqual(
    expect.objectContaining({
      id: 'guest.buyer@example.bg',
      email: 'guest.buyer@example.bg',
      registered: false,
      firstName: 'Гергана',
      lastName: 'Стоянова',
      orderCount: 3,
    }),
  );
  // Two ways of writing one number are one phone (as last written); the newest first.
  expect(c.phones).toEqual(['0888 333 444', '0879 111 222']);
  expect(c.addresses).toEqual([
    expect.objectContaining({
      method: 'address',
      city: 'Русе',
      postcode: '7000',
      address: 'ул. „Александровска“ 1',
      office: null,
      orderCount: 1,
    }),
    expect.objectContaining({
      method: 'econt_office',
      office: expect.objectContaining({ courier: 'econt', city: 'Пловдив' }),
      orderCount: 2,
    }),
  ]);
  expect(c.orders.map((o: any) => o.number)).toEqual([orders[2].number, orders[1].number, orders[0].number]);
  expect(c.orders[0]).toEqual(
    expect.objectContaining({
      id: orders[2].id,
      status: 'pending',
      statusLabel: 'Нова',
      itemCount: 3,
      total: orders[2].total,
      currency: 'BGN',
    }),
  );
  expect(c.orders[1]).toEqual(expect.objectContaining({ status: 'cancelled', itemCount: 1 }));
  const spent = Math.round((orders[0].total + orders[2].total) * 100) / 100;
  expect(c.totalSpent).toBeCloseTo(spent, 2);
  expect(c.averageOrder).toBeCloseTo(spent / 2, 2);
  expect(c.firstOrderAt).toBe(c.orders[2].createdAt);
  // The same numbers as the customers list.
  const row = (await admin.get(`/api/admin/customers?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ q: 'guest.buyer' }))}`))
    .body[0];
  expect([row.orderCount, row.totalSpent]).toEqual([c.orderCount, c.totalSpent]);
});

it('shows a registered customer without orders, answers 404 for nobody, and is for admins only', async () => {
  const u = await shop.user('customer', { email: 'only.registered@example.bg', firstName: 'Ива', lastName: 'Тодорова' });
  const res = await admin.get('/api/admin/customers/only.registered%40example.bg');
  expect(res.status).toBe(200);
  expect(res.body).toEqual(
    expect.objectContaining({
      registered: true,
      userId: u.id,
      orderCount: 0,
      orders: [],
      addresses: [],
      averageOrder: 0,
      firstOrderAt: null,
    }),
  );
  const missing = await admin.get('/api/admin/customers/nobody%40example.bg');
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe(API.customerNotFound);
  expect((await shop.browser().get('/api/admin/customers/guest.buyer%40example.bg')).status).toBe(401);
  const customer = await shop.signedIn('customer');
  expect((await customer.get('/api/admin/customers/guest.buyer%40example.bg')).status).toBe(403);
});
