// One customers view: registered customers and guest buyers by e-mail, with order count, money
// spent and last order; a phone typed any way and a name in either order find them.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { normalizePhone, matchesCustomer } from '@domain/customers';

let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
const list = async (filter: object = {}, sort = '["lastOrderAt","DESC"]') => {
  const res = await admin.get(
    `/api/admin/customers?range=[0,49]&sort=${encodeURIComponent(sort)}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(res.status).toBe(200);
  return res.body as any[];
};

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  const guest = shop.browser();
  await guest.csrf();
  const triples = (quantity: number) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];
  const as = (firstName: string, lastName: string, email: string, phone: string) => ({ customer: { firstName, lastName, email, phone } });
  await placeOrder(guest, triples(2), as('Мария', 'Иванова', 'Maria.Guest@example.bg', '+359879666777'));
  await placeOrder(guest, triples(1), as('Мария', 'Иванова', 'maria.guest@example.bg', '+359 879 666 777'));
  await placeOrder(guest, triples(1), as('Петър', 'Петров', 'petar@example.bg', '0888111222'));
  await shop.user('customer', { email: 'registered.only@example.bg', firstName: 'Ива', lastName: 'Тодорова' });
});

it('lists guest buyers (one row per e-mail) beside registered customers, with orders, spending and last order', async () => {
  const rows = await list();
  const maria = rows.find((r) => r.email === 'maria.guest@example.bg');
  expect(maria).toEqual(
    expect.objectContaining({ registered: false, orderCount: 2, firstName: 'Мария', lastName: 'Иванова', lastOrderAt: expect.any(String) }),
  );
  expect(maria.totalSpent).toBeGreaterThanOrEqual(90);
  expect(rows.find((r) => r.email === 'registered.only@example.bg')).toEqual(
    expect.objectContaining({ registered: true, orderCount: 0, firstName: 'Ива' }),
  );
  const byMoney = await list({}, '["totalSpent","DESC"]');
  expect(byMoney[0].email).toBe('maria.guest@example.bg');
});

it('finds a guest buyer by phone written either way, and by name in either order', async () => {
  for (const q of ['0879666777', '+359879666777', '0879 666 777', 'Иванова Мария', 'мария иванова']) {
    expect((await list({ q })).map((r) => r.email)).toEqual(['maria.guest@example.bg']);
  }
  expect(await list({ q: 'Несъществуващ' })).toEqual([]);
  expect((await list({ registered: true })).every((r) => r.registered)).toBe(true);
});

it('answers one customer by e-mail, refuses unknown sorts, and is for staff only', async () => {
  expect((await admin.get('/api/admin/customers/maria.guest%40example.bg')).body.orderCount).toBe(2);
  expect((await admin.get('/api/admin/customers/nobody%40example.bg')).status).toBe(404);
  expect((await admin.get('/api/admin/customers?sort=["password","ASC"]&range=[0,9]')).status).toBe(400);
  const guest = shop.browser();
  expect((await guest.get('/api/admin/customers?range=[0,9]')).status).toBe(401);
});

it('normalises Bulgarian phone numbers', () => {
  expect(normalizePhone('+359 879 666 777')).toBe('0879666777');
  expect(normalizePhone('00359879666777')).toBe('0879666777');
  expect(matchesCustomer('879666', { phone: '+359879666777' })).toBe(true);
});
