// Privacy: a customer downloads their data and closes their account;
// staff export and erase what is held for a guest's e-mail; the retention job anonymises old
// orders and messages. After each erasure every table is searched for the person's details:
// only the invoices (which the law keeps as issued) may still name them.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder, proveAddress } from './fixtures';
import { Order } from '../src/models';
import { applyRetention, requestKey } from '../src/modules/privacy/service';
import { saveSettings } from '../src/modules/settings/service';
import { PRIVACY } from '@domain/messages';
import { ERASED_EMAIL } from '@domain/privacy';
import { PERSONAL_DATA_CSV_HEADERS } from '../src/modules/privacy/personalData';

let cat: Catalogue;
let admin: Browser;

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-privacy-'));
const shop = shopForThisFile({ outboxDir });
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

const triples = (quantity = 1) => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity });

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** Every row of every table (binary columns left out) as text, table by table. */
async function everyTable(): Promise<Record<string, string>> {
  const knex = Order.knex();
  const client = knex.client.config.client as string;
  const names: string[] =
    client === 'pg'
      ? (
          (
            await knex.raw(
              `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
            )
          ).rows as Array<{ name: string }>
        ).map((r) => r.name)
      : ((await knex.raw(`select name from sqlite_master where type = 'table'`)) as Array<{ name: string }>).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of names) {
    const rows = (await knex(name).select('*')) as Array<Record<string, unknown>>;
    out[name] = JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => !Buffer.isBuffer(v)))));
  }
  return out;
}

/** The tables that still hold any of these texts. */
async function tablesHolding(needles: string[]): Promise<string[]> {
  const tables = await everyTable();
  return Object.entries(tables)
    .filter(([, text]) => needles.some((n) => text.toLowerCase().includes(n.toLowerCase())))
    .map(([name]) => name)
    .sort();
}

describe('a customer’s own data', () => {
  const person = {
    email: 'svetoslava.privacy@example.bg',
    password: 'moyata-parola-1',
    firstName: 'Светослава',
    lastName: 'Кирилова-Тестова',
    phone: '0899 123 987',
  };
  const address = 'ул. „Незабравка“ 17, ап. 4';
  let b: Browser;
  let orderNumber: string;
  let orderId: number;

  beforeAll(async () => {
    b = await guest();
    await b.post('/api/auth/register', person).expect(201);
    // The owner opens the link mailed to the address: what others gave with it is theirs to see.
    await proveAddress(outboxDir, b, person.email);
    await b.signIn(person.email, person.password);
    const order = await placeOrder(b, [triples(2)], {
      customer: { firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone },
      shipping: { method: 'address', city: 'Габрово', postcode: '5300', address },
      note: 'Звънете на 0899 123 987 преди доставка',
      invoice: {
        companyName: 'Светослава Кирилова-Тестова ЕТ',
        eik: '130175000',
        vatNumber: '',
        mol: 'Светослава Кирилова-Тестова',
        address: 'гр. Габрово, ул. „Незабравка“ 17',
      },
    });
    orderNumber = order.number;
    orderId = order.id;
    await admin.post(`/api/admin/orders/${order.id}/invoice`, {}).expect(201);
    await (
      await guest()
    )
      .post('/api/contact', {
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
        message: 'Имате ли TRIPLES с мента?',
      })
      .expect(201);
    // Something in the server cart, to see it emptied.
    await b.post('/api/cart', { productId: cat.twins.id, variantId: cat.twins.v0, quantity: 1 });
  });

  it('downloads as JSON: profile, addresses, orders with lines, invoices with a link, messages', async () => {
    const res = await b.get('/api/account/data?format=json').expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="moite-danni-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.text);
    expect(data.profile).toEqual(
      expect.objectContaining({ email: person.email, firstName: person.firstName, lastName: person.lastName, phone: person.phone }),
    );
    expect(data.addresses).toEqual([expect.objectContaining({ method: 'address', city: 'Габрово', postcode: '5300', address })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toEqual(
      expect.objectContaining({
        number: orderNumber,
        total: expect.any(Number),
        customer: expect.objectContaining({ phone: person.phone }),
      }),
    );
    expect(data.orders[0].items).toEqual([
      expect.objectContaining({ productName: 'TRIPLES Ментол', sku: 'TR-1', quantity: 2, unitPrice: 30, lineTotal: 60 }),
    ]);
    expect(data.invoices).toEqual([
      expect.objectContaining({ kind: 'invoice', orderNumber, link: expect.stringMatching(/^\/api\/orders\/\d+\/invoice$/) }),
    ]);
    expect((await b.get(data.invoices[0].link)).status).toBe(200);
    expect(data.contactMessages).toEqual([expect.objectContaining({ email: person.email, message: 'Имате ли TRIPLES с мента?' })]);
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|twoFactorSecret|backupCodes|searchText|guestTokenHash/);
  });

  it('downloads as CSV for Bulgarian Excel: the same records, one value a row', async () => {
    const res = await b.get('/api/account/data?format=csv').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="moite-danni-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.text.startsWith('\uFEFF' + PERSONAL_DATA_CSV_HEADERS.join(';'))).toBe(true);
    expect(res.text).toContain(`Профил;${person.email};firstName;${person.firstName}`);
    expect(res.text).toContain(`Поръчки;${orderNumber};total;`);
    expect(res.text).toContain(`Редове на поръчки;${orderNumber} / 1;sku;TR-1`);
    expect(res.text).toContain('Съобщения;1;message;Имате ли TRIPLES с мента?');
  });

  it('is for the signed-in customer only, in a known format', async () => {
    expect((await shop.browser().get('/api/account/data')).status).toBe(401);
    const bad = await b.get('/api/account/data?format=xlsx');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.format).toBeTruthy();
  });

  it('closing needs the password (and the CSRF token); a wrong one changes nothing', async () => {
    const noCsrf = await shop.browser().agent.post('/api/account/close').send({ password: person.password });
    expect([401, 403]).toContain(noCsrf.status);
    const empty = await b.post('/api/account/close', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.password).toBe(PRIVACY.passwordNeeded);
    const wrong = await b.post('/api/account/close', { password: 'not-my-password' });
    expect([wrong.status, wrong.body.message, wrong.body.errors.password]).toEqual([400, PRIVACY.wrongPassword, PRIVACY.wrongPassword]);
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('closes the account: signed out everywhere, tokens dead, nothing personal left but the invoice', async () => {
    const elsewhere = await guest();
    await elsewhere.signIn(person.email, person.password);
    const token = (await b.post('/api/tokens', { name: 'скрипт' })).body.token as string | undefined;

    // Not while an order is on its way: its address and phone are still needed to deliver it.
    const refused = await b.post('/api/account/close', { password: person.password });
    expect([refused.status, refused.body.message]).toEqual([409, PRIVACY.ordersOpen([orderNumber])]);
    expect((await b.get('/api/auth/me')).status).toBe(200);
    await Order.query().findById(orderId).patch({ status: 'delivered' });

    const res = await b.post('/api/account/close', { password: person.password });
    expect([res.status, res.body.message]).toEqual([200, PRIVACY.accountClosed]);
    expect(String(res.headers['set-cookie'])).toMatch(/cart=;/);

    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    if (token) expect((await shop.browser().agent.get('/api/auth/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const again = await (await guest()).post('/api/auth/login', { email: person.email, password: person.password });
    expect(again.status).toBe(401);

    const needles = [person.email, person.firstName, person.lastName, '899 123 987', '899123987', 'Незабравка'];
    expect(await tablesHolding(needles)).toEqual(['invoices']);

    // The order stays for the accounting: its number, lines and amounts.
    const order = await Order.query().findOne({ number: orderNumber });
    expect(order!.toJSON()).toEqual(
      expect.objectContaining({ customerEmail: ERASED_EMAIL, customerFirstName: '', customerPhone: '', shippingAddress: '', total: 67.9 }),
    );
    expect(await Order.knex()('order_items').where({ orderId: order!.id }).select('sku', 'quantity')).toEqual([
      { sku: 'TR-1', quantity: 2 },
    ]);
    // The invoice keeps its buyer as issued.
    const invoices = await admin.get('/api/admin/invoices').expect(200);
    expect(JSON.stringify(invoices.body)).toContain('Светослава Кирилова-Тестова ЕТ');

    // The audit log says an account was closed, not whose.
    const audit = await admin
      .get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'close-account' }))}`)
      .expect(200);
    expect(audit.body).toHaveLength(1);
    expect(JSON.stringify(audit.body)).not.toContain(person.email);
  });

  it('lets the same e-mail register again afterwards', async () => {
    const res = await (await guest()).post('/api/auth/register', { ...person, password: 'nova-parola-22' });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(person.email);
  });

  it('staff accounts are not closed this way', async () => {
    const u = await shop.user('admin');
    const b2 = await guest();
    await b2.signIn(u.email, u.password);
    const res = await b2.post('/api/account/close', { password: u.password });
    expect([res.status, res.body.message]).toEqual([409, PRIVACY.staffAccount]);
  });
});

describe('staff answer a guest’s request by e-mail', () => {
  const email = 'gost.zayavka@example.bg';
  const needles = [email, 'Радослав', 'Гостенов', '877 654 321', 'Дъбова 3'];

  beforeAll(async () => {
    await placeOrder(await guest(), [triples()], {
      customer: { firstName: 'Радослав', lastName: 'Гостенов', email: 'Gost.Zayavka@Example.bg', phone: '0877 654 321' },
      shipping: { method: 'address', city: 'Русе', postcode: '7000', address: 'ул. Дъбова 3' },
    });
    await (await guest()).post('/api/contact', { name: 'Радослав Гостенов', email, message: 'Въпрос за доставка' }).expect(201);
  });

  it('is for admins only', async () => {
    const customer = await shop.signedIn('customer');
    expect((await customer.post('/api/admin/privacy/export', { email, format: 'json' })).status).toBe(403);
    expect((await customer.post('/api/admin/privacy/erase', { email, confirm: true })).status).toBe(403);
  });

  it('exports the guest’s orders and messages, and logs the request without the address', async () => {
    const res = await admin.post('/api/admin/privacy/export', { email, format: 'json' }).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lichni-danni-[\d-]+\.json"$/);
    const data = JSON.parse(res.text);
    expect(data.profile).toBeNull();
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].customer).toEqual(expect.objectContaining({ firstName: 'Радослав', phone: '0877 654 321' }));
    expect(data.contactMessages).toHaveLength(1);
    const csv = await admin.post('/api/admin/privacy/export', { email, format: 'csv' }).expect(200);
    expect(csv.text).toContain('customer.firstName;Радослав');

    const audit = await admin
      .get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'privacy-export' }))}`)
      .expect(200);
    expect(audit.body.length).toBe(2);
    expect(JSON.stringify(audit.body)).not.toContain(email);
    expect(audit.body[0].after).toEqual(
      expect.objectContaining({
        emailHash: requestKey(shop.config.appKeys, email).emailHash,
        emailMasked: 'g***@***.bg',
        orders: 1,
        messages: 1,
      }),
    );
  });

  it('erases only with the confirmation, then nothing names the guest', async () => {
    const unconfirmed = await admin.post('/api/admin/privacy/erase', { email, confirm: false });
    expect([unconfirmed.status, unconfirmed.body.message]).toEqual([400, PRIVACY.confirmErase]);
    expect(await tablesHolding([email])).toContain('orders');

    // Not while the guest's order is on its way; once it is delivered, everything goes.
    const open = await admin.post('/api/admin/privacy/erase', { email, confirm: true });
    expect(open.status).toBe(409);
    expect(await tablesHolding([email])).toContain('orders');
    await Order.query().whereRaw('lower(customer_email) = ?', [email]).patch({ status: 'delivered' });

    const res = await admin.post('/api/admin/privacy/erase', { email, confirm: true }).expect(200);
    expect(res.body).toEqual(expect.objectContaining({ message: PRIVACY.erased(1, 1, false), orders: 1, messages: 1, account: false }));
    expect(await tablesHolding(needles)).toEqual([]);
    const audit = await admin
      .get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'privacy-erase' }))}`)
      .expect(200);
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0].actorEmail).toBe((await admin.get('/api/auth/me')).body.user.email);
    // The guest is no longer among the customers.
    const customers = await admin.get(`/api/admin/customers?filter=${encodeURIComponent(JSON.stringify({ q: 'Гостенов' }))}`).expect(200);
    expect(customers.body).toEqual([]);
  });

  it('closes a registered account with that e-mail by the same routine', async () => {
    const u = await shop.user('customer', { email: 'registriran.zayavka@example.bg', firstName: 'Огнян', lastName: 'Регистриранов' });
    const res = await admin.post('/api/admin/privacy/erase', { email: u.email, confirm: true }).expect(200);
    expect(res.body.account).toBe(true);
    expect(await tablesHolding([u.email, 'Регистриранов'])).toEqual([]);
    expect((await (await guest()).post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
  });

  it('refuses a malformed address', async () => {
    const res = await admin.post('/api/admin/privacy/erase', { email: 'not-an-address', confirm: true });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBeTruthy();
  });
});

describe('retention', () => {
  it('anonymises orders past the setting and old contact messages; newer ones stay', async () => {
    const old = await placeOrder(await guest(), [triples()], {
      customer: { firstName: 'Стародавен', lastName: 'Купувачов', email: 'star.kupuvach@example.bg', phone: '0888 000 111' },
    });
    const recent = await placeOrder(await guest(), [triples()], {
      customer: { firstName: 'Скорошен', lastName: 'Купувачов', email: 'nov.kupuvach@example.bg', phone: '0888 000 222' },
    });
    await (
      await guest()
    )
      .post('/api/contact', { name: 'Старо Съобщениев', email: 'staro.saobshtenie@example.bg', message: 'Отдавна' })
      .expect(201);
    const knex = Order.knex();
    const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000).toISOString();
    await knex('orders')
      .where({ id: old.id })
      .update({ createdAt: yearsAgo(10, 5) });
    await knex('orders')
      .where({ id: recent.id })
      .update({ createdAt: yearsAgo(9, 300) });
    await knex('contact_messages')
      .where({ email: 'staro.saobshtenie@example.bg' })
      .update({ createdAt: yearsAgo(2, 5) });

    // A longer setting keeps the old order.
    await saveSettings({ privacy: { retentionYears: 11, contactRetentionYears: 3 } });
    expect(await applyRetention(knex)).toEqual({ orders: 0, messages: 0 });
    expect(await tablesHolding(['Стародавен', 'Старо Съобщениев'])).toEqual(expect.arrayContaining(['orders', 'contact_messages']));

    const put = await admin.put('/api/admin/settings', { privacy: { retentionYears: 10, contactRetentionYears: 2 } }).expect(200);
    expect(put.body.settings.privacy).toEqual({ retentionYears: 10, contactRetentionYears: 2 });
    expect(await applyRetention(knex)).toEqual({ orders: 1, messages: 1 });
    expect(await tablesHolding(['Стародавен', 'star.kupuvach', 'Старо Съобщениев'])).toEqual([]);
    expect((await Order.query().findById(recent.id))!.customerFirstName).toBe('Скорошен');
    // Already anonymised records are not counted again.
    expect(await applyRetention(knex)).toEqual({ orders: 0, messages: 0 });
  });

  it('refuses a retention outside 1–50 years', async () => {
    const res = await admin.put('/api/admin/settings', { privacy: { retentionYears: 0 } });
    expect(res.status).toBe(400);
  });
});
