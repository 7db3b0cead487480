// Whose data is whose: anyone may register any address, but only its owner can open the link
// mailed to it. Until then the account reaches only what it did itself; what others gave with the
// address (guest orders, their invoices, messages) is shown, exported and erased through the
// account only once the address is proven. A member who closes their account stops being their
// company's contact; the staff export for their address says what the shop keeps and why.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, Catalogue, mailTo, placeOrder, verificationToken } from './fixtures';
import { Company, Notification, Order, User } from '../src/models';
import { settled } from '../src/platform/events';
import { API, EMAIL_OWNERSHIP, KEPT_DATA } from '@domain/messages';
import { EMAIL_VERIFY_MAILS_PER_ACCOUNT } from '@domain/limits';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-ownership-'));
const shop = shopForThisFile({ outboxDir, publicUrl: 'https://shop.example.bg' });
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

let cat: Catalogue;
let admin: Browser;
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});
beforeEach(() => shop.app.knex('throttles').delete());

const triples = () => ({ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 });

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

/** A guest order by the address's real owner, with a contact message from them. */
async function victimsGuestOrder(email: string) {
  const order = await placeOrder(await guest(), [triples()], {
    customer: { firstName: 'Радослава', lastName: 'Жертвова', email, phone: '0888 765 432' },
    shipping: { method: 'address', city: 'Русе', postcode: '7000', address: 'ул. „Тайна“ 9' },
  });
  await (await guest()).post('/api/contact', { name: 'Радослава Жертвова', email, message: 'Лично съобщение' }).expect(201);
  return order;
}

async function register(email: string, password = 'chuzhda-parola-1', names = { firstName: 'Натрапник', lastName: 'Чужд' }) {
  const b = await guest();
  await b.post('/api/auth/register', { email, password, ...names }).expect(201);
  return b;
}

const exportOf = async (b: Browser) => (await b.get('/api/account/data?format=json').expect(200)).body;

describe('a stranger registers someone else’s address', () => {
  const victim = 'radoslava.victim@example.bg';
  let orderNumber: string;
  let orderId: number;
  let stranger: Browser;

  beforeAll(async () => {
    const order = await victimsGuestOrder(victim);
    orderNumber = order.number;
    orderId = order.id;
    await admin.post(`/api/admin/orders/${orderId}/invoice`, {}).expect(201);
    stranger = await register(victim);
  });

  it('the account is not proven, and its export holds none of the owner’s orders, invoices or messages', async () => {
    const me = (await stranger.get('/api/auth/me').expect(200)).body.user;
    expect(me).toMatchObject({ email: victim, emailVerified: false });
    const data = await exportOf(stranger);
    expect(data.orders).toEqual([]);
    expect(data.invoices).toEqual([]);
    expect(data.contactMessages).toEqual([]);
    expect(data.addresses).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('Жертвова');
    expect(JSON.stringify(data)).not.toContain(orderNumber);
    // Nor does the account's order list, or the order itself.
    expect((await stranger.get('/api/orders').expect(200)).body.orders).toEqual([]);
    expect((await stranger.get(`/api/orders/${orderId}`)).status).toBe(404);
  });

  it('the registration mail carries only the shop’s words: the link, no name typed in the form', async () => {
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${victim}`) && t.includes('/verify-email?token='));
    expect(mail).toBeDefined();
    expect(mail).not.toContain('Натрапник');
    expect(mail).toContain('https://shop.example.bg/verify-email?token=');
  });

  it('closing that account leaves the owner’s guest order as it was (and is not refused for it)', async () => {
    const res = await stranger.post('/api/account/close', { password: 'chuzhda-parola-1' });
    expect(res.status).toBe(200);
    const order = await Order.query().findById(orderId);
    expect(order).toMatchObject({ customerEmail: victim, customerLastName: 'Жертвова', shippingAddress: 'ул. „Тайна“ 9' });
    const staffExport = await admin.post('/api/admin/privacy/export', { email: victim }).expect(200);
    const held = JSON.parse(staffExport.text);
    expect(held.orders.map((o: { number: string }) => o.number)).toEqual([orderNumber]);
    expect(held.contactMessages).toHaveLength(1);
  });

  it('the owner registers, opens the mailed link, and then sees their guest orders, invoices and messages', async () => {
    const owner = await register(victim, 'moya-parola-1', { firstName: 'Радослава', lastName: 'Жертвова' });
    expect((await exportOf(owner)).orders).toEqual([]);
    const token = await verificationToken(outboxDir, victim);
    const opened = await (await guest()).post('/api/auth/verify-email', { token });
    expect([opened.status, opened.body.message]).toEqual([200, EMAIL_OWNERSHIP.verified]);
    expect((await owner.get('/api/auth/me').expect(200)).body.user.emailVerified).toBe(true);
    const data = await exportOf(owner);
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([orderNumber]);
    expect(data.invoices).toHaveLength(1);
    expect(data.contactMessages).toHaveLength(1);
  });
});

describe('what an unproven account did itself is its own at once', () => {
  it('its own signed-in order is in its list and its export', async () => {
    const b = await register('own.order@example.bg', 'svoya-parola-1', { firstName: 'Свой', lastName: 'Поръчващ' });
    const order = await placeOrder(b, [triples()], {
      customer: { firstName: 'Свой', lastName: 'Поръчващ', email: 'own.order@example.bg', phone: '0888 111 222' },
    });
    expect((await b.get('/api/orders').expect(200)).body.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await exportOf(b)).orders.map((o: { number: string }) => o.number)).toEqual([order.number]);
  });

  it('a company approved by staff works at once for the member its application made', async () => {
    const email = 'new.trader@example.bg';
    const body = {
      company: {
        name: 'Нов Търговец ЕООД',
        eik: '100012377',
        vatNumber: '',
        address: 'ул. Витоша 1',
        city: 'София',
        mol: 'Нов Търговец',
        tobaccoPermit: 'ЗАДС-77',
      },
      contact: { firstName: 'Нов', lastName: 'Търговец', email, phone: '0888123456', password: 'firma-parola-123' },
      shops: [],
    };
    const company = (await (await guest()).post('/api/trade/applications', body).expect(201)).body;
    await admin.post(`/api/admin/companies/${company.id}/approve`, {}).expect(200);
    const member = shop.browser();
    await member.signIn(email, 'firma-parola-123');
    const me = (await member.get('/api/auth/me').expect(200)).body.user;
    expect(me).toMatchObject({ emailVerified: false, company: { id: company.id, status: 'approved' } });
    expect((await exportOf(member)).profile.company).toBe('Нов Търговец ЕООД');
  });
});

describe('the shop’s mail to an address nobody has proven', () => {
  it('the trade acknowledgement carries neither the typed company name nor the typed name, but the link', async () => {
    const email = 'typed.by.stranger@example.bg';
    const body = {
      company: {
        name: 'Спечелихте награда ЕООД',
        eik: '100024746',
        vatNumber: '',
        address: 'ул. Витоша 2',
        city: 'София',
        mol: 'Някой Си',
        tobaccoPermit: 'ЗАДС-78',
      },
      contact: { firstName: 'Непознат', lastName: 'Човек', email, phone: '0888123457', password: 'firma-parola-124' },
      shops: [],
    };
    await (await guest()).post('/api/trade/applications', body).expect(201);
    await settled();
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${email}`) && t.includes('кандидатурата'));
    expect(mail).toBeDefined();
    expect(mail).not.toContain('Спечелихте');
    expect(mail).not.toContain('Непознат');
    expect(mail).toContain('/verify-email?token=');
    // Its link proves the address like any other.
    const token = await verificationToken(outboxDir, email);
    await (await guest()).post('/api/auth/verify-email', { token }).expect(200);
    expect((await User.query().findOne({ email }))!.emailVerifiedAt).toBeTruthy();
  });

  it('a password reset link to an unproven address does not greet with the typed name', async () => {
    const email = 'reset.unproven@example.bg';
    await register(email, 'edna-parola-1', { firstName: 'Кликнете', lastName: 'Тук' });
    await (await guest()).post('/api/auth/forgot-password', { email }).expect(200);
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${email}`) && t.includes('/reset-password?token='));
    expect(mail).toBeDefined();
    expect(mail).not.toContain('Кликнете');
  });
});

describe('the link', () => {
  it('works once', async () => {
    const email = 'once@example.bg';
    await register(email);
    const token = await verificationToken(outboxDir, email);
    await (await guest()).post('/api/auth/verify-email', { token }).expect(200);
    const again = await (await guest()).post('/api/auth/verify-email', { token });
    expect([again.status, again.body.message]).toEqual([400, EMAIL_OWNERSHIP.linkInvalid]);
  });

  it('stops working when it expires, and a made-up one never works', async () => {
    const email = 'expired@example.bg';
    await register(email);
    const token = await verificationToken(outboxDir, email);
    await shop.app.knex('emailVerifications').update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await (await guest()).post('/api/auth/verify-email', { token })).status).toBe(400);
    expect((await (await guest()).post('/api/auth/verify-email', { token: 'x'.repeat(43) })).status).toBe(400);
    expect((await User.query().findOne({ email }))!.emailVerifiedAt).toBeNull();
  });

  it(`is sent again on request, at most ${EMAIL_VERIFY_MAILS_PER_ACCOUNT} in the window with the registration's: then 429`, async () => {
    const email = 'resend@example.bg';
    const b = await register(email);
    const statuses: number[] = [];
    for (let i = 0; i < EMAIL_VERIFY_MAILS_PER_ACCOUNT; i++) statuses.push((await b.post('/api/account/email/resend', {})).status);
    expect(statuses).toEqual([...Array(EMAIL_VERIFY_MAILS_PER_ACCOUNT - 1).fill(200), 429]);
    const last = await b.post('/api/account/email/resend', {});
    expect([last.status, last.body.message]).toEqual([429, EMAIL_OWNERSHIP.tooManyLinks]);
    expect((await (await guest()).post('/api/account/email/resend', {})).status).toBe(401);
  });

  it('is not sent for a proven address (409)', async () => {
    const b = await shop.signedIn('customer');
    expect((await b.post('/api/account/email/resend', {})).status).toBe(409);
  });
});

describe('a new address', () => {
  it('is refused with a wrong password (400), or when it is the account’s own', async () => {
    const u = await shop.user('customer');
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const wrong = await b.put('/api/account/email', { email: 'novo@example.bg', password: 'greshna' });
    expect([wrong.status, wrong.body.message]).toEqual([400, API.wrongCurrentPassword]);
    const same = await b.put('/api/account/email', { email: u.email, password: u.password });
    expect([same.status, same.body.message]).toEqual([400, EMAIL_OWNERSHIP.sameAddress]);
  });

  it('asked with the password: the account keeps its address until the link is opened, then has the new one, proven', async () => {
    const u = await shop.user('customer', { email: 'staro@example.bg' });
    const b = shop.browser();
    await b.signIn(u.email, u.password);
    const taken = await shop.user('customer', { email: 'zaeto@example.bg' });
    expect((await b.put('/api/account/email', { email: taken.email, password: u.password })).status).toBe(409);
    const res = await b.put('/api/account/email', { email: 'novo.mqsto@example.bg', password: u.password });
    expect([res.status, res.body.message]).toEqual([200, EMAIL_OWNERSHIP.changeLinkSent]);
    let me = (await b.get('/api/auth/me').expect(200)).body.user;
    expect(me).toMatchObject({ email: 'staro@example.bg', pendingEmail: 'novo.mqsto@example.bg', emailVerified: true });
    const token = await verificationToken(outboxDir, 'novo.mqsto@example.bg');
    const opened = await (await guest()).post('/api/auth/verify-email', { token });
    expect([opened.status, opened.body.message]).toEqual([200, EMAIL_OWNERSHIP.changed]);
    me = (await b.get('/api/auth/me').expect(200)).body.user;
    expect(me).toMatchObject({ email: 'novo.mqsto@example.bg', pendingEmail: null, emailVerified: true });
    expect((await (await guest()).post('/api/auth/login', { email: 'novo.mqsto@example.bg', password: u.password })).status).toBe(200);
  });
});

describe('staff', () => {
  it('see whether an address is proven', async () => {
    await register('staff.sees@example.bg');
    const row = (await admin.get('/api/admin/users?search=staff.sees').expect(200)).body.users[0];
    expect(row).toMatchObject({ email: 'staff.sees@example.bg', emailVerified: false, emailVerifiedAt: null });
    const made = await shop.user('customer');
    expect((await admin.get(`/api/admin/users/${made.id}`).expect(200)).body.emailVerified).toBe(true);
  });

  it('changing an address themselves leaves it unproven', async () => {
    const u = await shop.user('customer');
    const res = await admin.put(`/api/admin/user/${u.id}`, { email: `changed.${u.id}@example.bg` }).expect(200);
    expect(res.body.user).toMatchObject({ emailVerified: false });
  });
});

describe('a member who closes their account', () => {
  async function companyWith(contactEmail: string, eik: string) {
    const body = {
      company: {
        name: `Фирма ${eik} ООД`,
        eik,
        vatNumber: `BG${eik}`,
        address: 'ул. Лозенец 3',
        city: 'Варна',
        mol: 'М. Олов',
        tobaccoPermit: 'ЗАДС-9',
      },
      contact: { firstName: 'Контакт', lastName: 'Лицев', email: contactEmail, phone: '0888000111', password: 'kontakt-parola-1' },
      shops: [],
    };
    const company = (await (await guest()).post('/api/trade/applications', body).expect(201)).body;
    await admin.post(`/api/admin/companies/${company.id}/approve`, {}).expect(200);
    return company as { id: number; name: string };
  }

  async function close(email: string, password: string) {
    const b = shop.browser();
    await b.signIn(email, password);
    await b.post('/api/account/close', { password }).expect(200);
  }

  it('hands the contact to the longest-standing remaining member; staff search and export by the old address', async () => {
    const company = await companyWith('leaving.contact@example.bg', '100037117');
    const first = await shop.user('customer', { email: 'first.member@example.bg', firstName: 'Първи', lastName: 'Член' });
    await shop.user('customer', { email: 'second.member@example.bg', firstName: 'Втори', lastName: 'Член' });
    await admin.post(`/api/admin/companies/${company.id}/members`, { email: 'first.member@example.bg' }).expect(201);
    await admin.post(`/api/admin/companies/${company.id}/members`, { email: 'second.member@example.bg' }).expect(201);

    await close('leaving.contact@example.bg', 'kontakt-parola-1');

    const shown = (await admin.get(`/api/admin/companies/${company.id}`).expect(200)).body;
    expect(shown.contact).toEqual({ firstName: 'Първи', lastName: 'Член', email: first.email, phone: '' });
    expect(shown.members.map((m: { email: string }) => m.email)).toEqual([first.email, 'second.member@example.bg']);
    const found = await admin.get(
      `/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ q: 'leaving.contact@example.bg' }))}&range=[0,9]`,
    );
    expect(found.body).toEqual([]);
    expect(JSON.stringify(await Company.query().findById(company.id))).not.toContain('leaving.contact');

    const held = JSON.parse((await admin.post('/api/admin/privacy/export', { email: 'leaving.contact@example.bg' }).expect(200)).text);
    expect(held.kept).toEqual([
      {
        record: KEPT_DATA.companyTitle(company.name),
        data: expect.objectContaining({ name: company.name, eik: '100037117', vatNumber: 'BG100037117' }),
        why: KEPT_DATA.companyWhy,
      },
    ]);
    const csv = (await admin.post('/api/admin/privacy/export', { email: 'leaving.contact@example.bg', format: 'csv' }).expect(200)).text;
    expect(csv).toContain('Пазени данни');
    expect(csv).toContain('100037117');
  });

  it('with no member left, the contact is emptied and staff are told to name one', async () => {
    const company = await companyWith('only.member@example.bg', '100049482');
    await close('only.member@example.bg', 'kontakt-parola-1');
    const shown = (await admin.get(`/api/admin/companies/${company.id}`).expect(200)).body;
    expect(shown.contact).toEqual({ firstName: '', lastName: '', email: '', phone: '' });
    expect(shown.members).toEqual([]);
    const notice = await Notification.query().findOne({ message: KEPT_DATA.contactNeeded(company.name) });
    expect(notice).toMatchObject({ link: `/admin/companies/${company.id}` });
  });

  it('an unproven account does not take away another company’s contact with its address', async () => {
    // Staff made the contact someone without an account; a stranger registers that address.
    const company = await companyWith('real.owner.firm@example.bg', '100000001');
    await admin.put(`/api/admin/companies/${company.id}`, { contact: { email: 'kontakt.bez.profil@example.bg' } }).expect(200);
    await register('kontakt.bez.profil@example.bg', 'chuzhda-parola-9');
    await close('kontakt.bez.profil@example.bg', 'chuzhda-parola-9');
    const shown = (await admin.get(`/api/admin/companies/${company.id}`).expect(200)).body;
    expect(shown.contact.email).toBe('kontakt.bez.profil@example.bg');
  });
});
