// Companies of the trade channel: a business applies (as a guest or signed in), staff
// approve, reject or suspend it, set its terms and members, every change audited and mailed; /me
// names a member's company; „Къде да купя“ lists the approved companies' listed shops.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { mailTo, proveAddress } from './fixtures';
import { AuditLog, Company, Notification, PriceList, User } from '../src/models';
import { settled } from '../src/platform/events';
import { TRADE_HINT_COOKIE } from '../src/platform/http/tradeHint';
import { MEMBER_TEXT } from '@domain/companyMembers';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-trade-'));
const shop = shopForThisFile({ outboxDir, publicUrl: 'https://shop.example.bg' });
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

let admin: Browser & { userId: number; email: string };
beforeEach(() => shop.app.knex('throttles').delete());
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});

// Valid ЕИК (check digit right) and one with a wrong check digit.
const EIK = ['100000001', '100012377', '100024746', '100037117', '100049482'];
const BAD_EIK = '100012378';
let n = 0;

function application(fields: { email?: string; eik?: string; password?: string | null; shops?: object[] } = {}) {
  n++;
  return {
    company: {
      name: `Вейп Търговия ${n} ЕООД`,
      eik: fields.eik ?? EIK[n % EIK.length],
      vatNumber: '',
      address: 'ул. Витоша 1',
      city: 'София',
      mol: 'Петър Петров',
      tobaccoPermit: `ЗАДС-${n}`,
    },
    contact: {
      firstName: 'Петър',
      lastName: 'Петров',
      email: fields.email ?? `firm${n}@example.bg`,
      phone: '0888123456',
      ...(fields.password === null ? {} : { password: fields.password ?? 'firma-parola-123' }),
    },
    shops: fields.shops ?? [{ name: 'Вейп Център', city: 'Пловдив', address: 'ул. Главна 5', phone: '032123456' }],
  };
}

async function guest(): Promise<Browser> {
  const b = shop.browser();
  await b.csrf();
  return b;
}

async function apply(fields: Parameters<typeof application>[0] = {}) {
  const body = application(fields);
  const res = await (await guest()).post('/api/trade/applications', body);
  expect(res.status).toBe(201);
  return { company: res.body, body };
}

describe('applying as a business', () => {
  it('a guest applies: 201 pending company, a customer account as its first member, a notice and a mail', async () => {
    const { company, body } = await apply({ email: 'guest.apply@example.bg' });
    expect(company).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      name: body.company.name,
      eik: body.company.eik,
      tobaccoPermit: body.company.tobaccoPermit,
    });
    expect(company.contact).toEqual({ firstName: 'Петър', lastName: 'Петров', email: 'guest.apply@example.bg', phone: '0888123456' });
    expect(company.shops).toEqual([expect.objectContaining({ name: 'Вейп Център', city: 'Пловдив', listed: true })]);
    expect(company.members).toEqual([expect.objectContaining({ email: 'guest.apply@example.bg' })]);
    const user = await User.query().findOne({ email: 'guest.apply@example.bg' });
    expect(user).toMatchObject({ role: 'customer', companyId: company.id });
    await settled();
    const notice = await Notification.query().findOne({ link: `/admin/companies/${company.id}` });
    expect(notice?.message).toContain(body.company.name);
    expect(await mailTo(outboxDir, (t) => t.includes('To: guest.apply@example.bg') && t.includes('кандидатурата'))).toBeDefined();
    // The account signs in with the password given; closing it takes it out of the company.
    const member = shop.browser();
    await member.signIn('guest.apply@example.bg', 'firma-parola-123');
    await member.post('/api/account/close', { password: 'firma-parola-123' }).expect(200);
    expect((await User.query().findById(user!.id))?.companyId ?? null).toBeNull();
  });

  it('refuses a wrong ЕИК check digit, a missing permit, a short password, too many shops — and changes nothing', async () => {
    const before = await Company.query().resultSize();
    const b = await guest();
    const bad = application({ eik: BAD_EIK });
    let res = await b.post('/api/trade/applications', bad).expect(400);
    expect(res.body.errors['company.eik']).toMatch(/ЕИК/);
    const noPermit = application();
    noPermit.company.tobaccoPermit = '';
    res = await b.post('/api/trade/applications', noPermit).expect(400);
    expect(res.body.errors['company.tobaccoPermit']).toMatch(/90е/);
    res = await b.post('/api/trade/applications', application({ password: 'short' })).expect(400);
    expect(res.body.errors['contact.password']).toBeTruthy();
    res = await b.post('/api/trade/applications', application({ password: null })).expect(400);
    expect(res.body.errors['contact.password']).toBeTruthy();
    const vat = application();
    vat.company.vatNumber = 'XX12';
    res = await b.post('/api/trade/applications', vat).expect(400);
    expect(res.body.errors['company.vatNumber']).toBeTruthy();
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `Обект ${i}`, city: 'София', address: 'ул. 1' }));
    res = await b.post('/api/trade/applications', application({ shops: many })).expect(400);
    expect(res.body.errors.shops).toBeTruthy();
    expect(await Company.query().resultSize()).toBe(before);
  });

  it('an e-mail already registered is 409, telling them to sign in first', async () => {
    const u = await shop.user('customer');
    const res = await (await guest()).post('/api/trade/applications', application({ email: u.email })).expect(409);
    expect(res.body.message).toMatch(/Влезте/);
  });

  it('a signed-in customer applies without a password and becomes the first member; a second time is 409', async () => {
    const me = await shop.signedIn('customer');
    const body = application({ password: null });
    delete (body as { contact?: object }).contact;
    const res = await me.post('/api/trade/applications', body).expect(201);
    expect(res.body.contact.email).toBe(me.email);
    expect(res.body.members.map((m: { id: number }) => m.id)).toEqual([me.userId]);
    await me.post('/api/trade/applications', application({ password: null })).expect(409);
    const mine = await me.get('/api/auth/me').expect(200);
    expect(mine.body.user.company).toEqual({
      id: res.body.id,
      name: body.company.name,
      status: 'pending',
      // The applicant is the company's first owner.
      role: 'owner',
      tobaccoPermit: body.company.tobaccoPermit,
      tobaccoPermitOffice: '',
      tobaccoPermitExpiresAt: null,
    });
    expect(mine.body.user.email).toBe(me.email);
    // The member's own data export names the company; a closed account leaves it.
    const data = await me.get('/api/account/data?format=json').expect(200);
    expect(JSON.parse(data.text).profile.company).toBe(body.company.name);
  });

  it("is throttled per address like the distributors' form (429 past the allowance)", async () => {
    const b = await guest();
    let last = 0;
    for (let i = 0; i < 7 && last !== 429; i++) last = (await b.post('/api/trade/applications', application())).status;
    expect(last).toBe(429);
  });

  it('/me carries no company for a non-member', async () => {
    const other = await shop.signedIn('customer');
    const res = await other.get('/api/auth/me').expect(200);
    expect(res.body.user.company).toBeUndefined();
  });
});

describe('staff and companies', () => {
  it('lists in react-admin dialect with status and search filters', async () => {
    const { company } = await apply();
    const res = await admin
      .get(
        `/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', q: company.name }))}&range=[0,9]&sort=["name","ASC"]`,
      )
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^companies 0-0\/1$/);
    expect(res.body[0]).toMatchObject({ id: company.id, status: 'pending' });
    await admin.get('/api/admin/companies?filter={"status":"nope"}').expect(400);
    const customer = await shop.signedIn('customer');
    await customer.get('/api/admin/companies').expect(403);
  });

  it('approve, suspend, approve again; wrong moves 409; reject needs a reason; each mailed and audited', async () => {
    const { company } = await apply({ email: 'moves@example.bg' });
    const member = shop.browser();
    await member.signIn('moves@example.bg', 'firma-parola-123');
    // Pending: no trade terms yet.
    let me = await member.get('/api/auth/me').expect(200);
    expect(me.body.user.company.status).toBe('pending');
    expect(String(me.headers['set-cookie'] ?? '')).not.toContain(`${TRADE_HINT_COOKIE}=1`);

    await admin.post(`/api/admin/companies/${company.id}/suspend`, { reason: 'x' }).expect(409);
    let res = await admin.post(`/api/admin/companies/${company.id}/approve`, {}).expect(200);
    expect(res.body).toMatchObject({ status: 'approved', approvedAt: expect.any(String) });
    await settled();
    expect(await mailTo(outboxDir, (t) => t.includes('To: moves@example.bg') && t.includes('одобрена'))).toBeDefined();
    const audit = await AuditLog.query().findOne({ entity: 'companies', entityId: String(company.id), action: 'approve' });
    expect(audit).toBeDefined();

    // Approved: the member's requests carry the trade hint, /me says approved.
    me = await member.get('/api/auth/me').expect(200);
    expect(me.body.user.company.status).toBe('approved');
    expect(String(me.headers['set-cookie'] ?? '')).toContain(`${TRADE_HINT_COOKIE}=1`);

    await admin.post(`/api/admin/companies/${company.id}/reject`, { reason: 'x' }).expect(409);
    res = await admin.post(`/api/admin/companies/${company.id}/suspend`, { reason: 'Просрочени плащания' }).expect(200);
    expect(res.body).toMatchObject({ status: 'suspended', statusReason: 'Просрочени плащания' });
    await settled();
    expect(await mailTo(outboxDir, (t) => t.includes('To: moves@example.bg') && t.includes('Просрочени плащания'))).toBeDefined();
    me = await member.get('/api/auth/me').expect(200);
    expect(me.body.user.company.status).toBe('suspended');

    // Back to approved by PUT of status.
    res = await admin.put(`/api/admin/companies/${company.id}`, { status: 'approved' }).expect(200);
    expect(res.body.status).toBe('approved');
    await admin.put(`/api/admin/companies/${company.id}`, { status: 'pending' }).expect(409);

    const other = (await apply()).company;
    res = await admin.post(`/api/admin/companies/${other.id}/reject`, {}).expect(400);
    expect(res.body.errors.statusReason).toBeTruthy();
    res = await admin.put(`/api/admin/companies/${other.id}`, { status: 'rejected', statusReason: 'Няма разрешение' }).expect(200);
    expect(res.body).toMatchObject({ status: 'rejected', statusReason: 'Няма разрешение' });
    await settled();
    expect(await mailTo(outboxDir, (t) => t.includes(`To: ${other.contact.email}`) && t.includes('Няма разрешение'))).toBeDefined();
    // Rejected → approved is allowed.
    await admin.post(`/api/admin/companies/${other.id}/approve`).expect(200);
  });

  it('terms: price list must exist, payment terms from the list, credit limit decimal or null', async () => {
    const { company } = await apply();
    let res = await admin.put(`/api/admin/companies/${company.id}`, { priceListId: 999999 }).expect(400);
    expect(res.body.errors.priceListId).toBeTruthy();
    await admin.put(`/api/admin/companies/${company.id}`, { paymentTermsDays: 10 }).expect(400);
    await admin.put(`/api/admin/companies/${company.id}`, { creditLimit: -1 }).expect(400);
    const list = await PriceList.query().insertAndFetch({ name: 'Дистрибутори', discountBp: 1500 } as Partial<PriceList>);
    res = await admin
      .put(`/api/admin/companies/${company.id}`, { priceListId: list.id, paymentTermsDays: 14, creditLimit: '1500,50', city: 'Варна' })
      .expect(200);
    expect(res.body).toMatchObject({ priceListId: list.id, paymentTermsDays: 14, creditLimit: 1500.5, city: 'Варна' });
    expect((await Company.query().findById(company.id))!.creditLimit).toBe(150050);
    res = await admin.put(`/api/admin/companies/${company.id}`, { creditLimit: null, priceListId: null }).expect(200);
    expect(res.body).toMatchObject({ creditLimit: null, priceListId: null });
    await admin.put(`/api/admin/companies/${company.id}`, { eik: BAD_EIK }).expect(400);
  });

  it('members: add an existing customer by e-mail, 404 for staff, 409 in another company, remove', async () => {
    const { company } = await apply();
    const { company: second } = await apply();
    const u = await shop.user('customer');
    const staff = await shop.user('admin');
    await admin.post(`/api/admin/companies/${company.id}/members`, { email: staff.email }).expect(404);
    let res = await admin.post(`/api/admin/companies/${company.id}/members`, { email: u.email }).expect(201);
    expect(res.body.members.map((m: { email: string }) => m.email)).toContain(u.email);
    await admin.post(`/api/admin/companies/${second.id}/members`, { email: u.email }).expect(409);
    res = await admin.delete(`/api/admin/companies/${company.id}/members/${u.id}`).expect(200);
    expect(res.body.members.map((m: { email: string }) => m.email)).not.toContain(u.email);
    await admin.delete(`/api/admin/companies/${company.id}/members/${u.id}`).expect(404);
    expect((await User.query().findById(u.id))!.companyId).toBeNull();
  });

  it("staff's add-member joins an account with the role and limit asked", async () => {
    const { company } = await apply();
    const u = await shop.user('customer');
    const res = await admin
      .post(`/api/admin/companies/${company.id}/members`, { email: u.email, role: 'buyer', orderLimit: 250 })
      .expect(201);
    expect(res.body.members).toEqual([
      expect.objectContaining({ id: company.members[0].id, role: 'owner', orderLimit: null }),
      expect.objectContaining({ id: u.id, role: 'buyer', orderLimit: 250 }),
    ]);
    expect(res.body.invitations).toEqual([]);
  });

  it("staff's add-member invites an address with no account: mailed, shown with the company, a member once accepted", async () => {
    const { company } = await apply();
    const owner = company.members[0];
    const email = 'pokanen.ot.personala@example.bg';
    const res = await admin.post(`/api/admin/companies/${company.id}/members`, {
      email: 'Pokanen.Ot.Personala@example.bg',
      role: 'buyer',
      orderLimit: 80,
    });
    expect(res.status).toBe(201);
    expect(res.body.members).toEqual([expect.objectContaining({ id: owner.id, role: 'owner' })]);
    expect(res.body.invitations).toEqual([expect.objectContaining({ email, role: 'buyer', orderLimit: 80 })]);
    expect((await admin.get(`/api/admin/companies/${company.id}`)).body.invitations).toEqual(res.body.invitations);
    // Not an e-mail address: 400 naming the field, nobody invited.
    const garbled = await admin.post(`/api/admin/companies/${company.id}/members`, { email: 'nobody' }).expect(400);
    expect(Object.keys(garbled.body.errors)).toEqual(['email']);

    const mail = (await mailTo(outboxDir, (t) => t.includes(`To: ${email}`) && t.includes('/invitation/')))!;
    expect(mail).toBeDefined();
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail)![1];
    const person = await guest();
    await person.post('/api/auth/register', { email, password: 'dobra-parola-1', firstName: 'Поканен', lastName: 'Купувач' }).expect(201);
    await proveAddress(outboxDir, person, email);
    await person.post(`/api/trade/invitations/${token}/accept`, {}).expect(200);
    const after = (await admin.get(`/api/admin/companies/${company.id}`)).body;
    expect(after.members).toEqual([
      expect.objectContaining({ id: owner.id, role: 'owner' }),
      expect.objectContaining({ email, role: 'buyer', orderLimit: 80 }),
    ]);
    expect(after.invitations).toEqual([]);
  });

  it('staff cannot remove the last owner while buyers remain (as an owner cannot); the last member of all may go', async () => {
    const { company } = await apply();
    const owner = company.members[0];
    const buyer = await shop.user('customer');
    await admin.put(`/api/admin/companies/${company.id}`, { members: [{ id: buyer.id, role: 'buyer', orderLimit: 100 }] }).expect(200);
    const refused = await admin.delete(`/api/admin/companies/${company.id}/members/${owner.id}`);
    expect([refused.status, refused.body.message]).toEqual([400, MEMBER_TEXT.lastOwner]);
    expect(refused.body.errors).toEqual({ role: MEMBER_TEXT.lastOwner });
    expect((await User.query().findById(owner.id))!).toMatchObject({ companyId: company.id, companyRole: 'owner' });
    // The buyer may go, and leaves with no role or limit of this company (as from an owner's
    // removal); then the owner, the last member of all.
    await admin.delete(`/api/admin/companies/${company.id}/members/${buyer.id}`).expect(200);
    expect((await User.query().findById(buyer.id))!).toMatchObject({ companyId: null, companyRole: 'owner', orderLimit: null });
    const last = await admin.delete(`/api/admin/companies/${company.id}/members/${owner.id}`).expect(200);
    expect(last.body.members).toEqual([]);
  });

  it('members as a field of the PUT: the list sent is who buys for the company; the echo changes nothing', async () => {
    const { company } = await apply();
    const { company: second } = await apply();
    const [a, b] = [await shop.user('customer'), await shop.user('customer')];
    const first = company.members[0];
    let res = await admin.put(`/api/admin/companies/${company.id}`, { members: [first.id, a.email, { id: b.id }] }).expect(200);
    expect(res.body.members.map((m: { id: number }) => m.id).sort()).toEqual([first.id, a.id, b.id].sort());
    // react-admin sends the record back whole: nothing moves.
    res = await admin.put(`/api/admin/companies/${company.id}`, res.body).expect(200);
    expect(res.body.members).toHaveLength(3);
    res = await admin.put(`/api/admin/companies/${company.id}`, { members: [{ id: first.id }] }).expect(200);
    expect(res.body.members.map((m: { id: number }) => m.id)).toEqual([first.id]);
    expect((await User.query().findById(a.id))!.companyId).toBeNull();
    // Another company's member: 400 naming the entry, nothing changed (not even the invitation of
    // the address with no account beside it).
    const taken = await admin.put(`/api/admin/companies/${second.id}`, { members: [first.id, 'nobody@example.bg'] }).expect(400);
    expect(Object.keys(taken.body.errors)).toEqual(['members.0']);
    const unchanged = (await admin.get(`/api/admin/companies/${second.id}`)).body;
    expect(unchanged.members).toHaveLength(1);
    expect(unchanged.invitations).toEqual([]);
    // An entry that is no e-mail address names nobody to invite: 400 naming it.
    const garbled = await admin.put(`/api/admin/companies/${second.id}`, { members: ['nobody'] }).expect(400);
    expect(Object.keys(garbled.body.errors)).toEqual(['members.0']);
  });

  it('members named without an owner: the owners stay, buyers left out go; a list naming an owner replaces them', async () => {
    const { company } = await apply();
    const owner = company.members[0];
    const [a, b] = [await shop.user('customer'), await shop.user('customer')];
    let res = await admin.put(`/api/admin/companies/${company.id}`, { members: [{ email: a.email, role: 'buyer', orderLimit: 100 }] });
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([
      expect.objectContaining({ id: owner.id, role: 'owner', orderLimit: null }),
      expect.objectContaining({ id: a.id, role: 'buyer', orderLimit: 100 }),
    ]);
    res = await admin.put(`/api/admin/companies/${company.id}`, { members: [{ email: b.email, role: 'buyer' }] }).expect(200);
    expect(res.body.members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [b.id, 'buyer'],
    ]);
    expect((await User.query().findById(a.id))!.companyId).toBeNull();
    res = await admin.put(`/api/admin/companies/${company.id}`, { members: [{ id: b.id, role: 'owner' }] }).expect(200);
    expect(res.body.members).toEqual([expect.objectContaining({ id: b.id, role: 'owner' })]);
    expect((await User.query().findById(owner.id))!.companyId).toBeNull();
  });

  it('an address with no account is invited: mailed, shown with the company, a member with its role and limit once accepted', async () => {
    const { company } = await apply();
    const owner = company.members[0];
    const email = 'nov.kupuvach@example.bg';
    const res = await admin.put(`/api/admin/companies/${company.id}`, {
      members: [{ email: 'Nov.Kupuvach@example.bg', role: 'buyer', orderLimit: 100 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([expect.objectContaining({ id: owner.id, role: 'owner' })]);
    expect(res.body.invitations).toEqual([expect.objectContaining({ email, role: 'buyer', orderLimit: 100 })]);
    // react-admin sends the record back whole (the invitations with it): nothing moves.
    const echoed = await admin.put(`/api/admin/companies/${company.id}`, res.body).expect(200);
    expect(echoed.body.invitations).toEqual(res.body.invitations);
    await settled();
    const mail = (await mailTo(outboxDir, (t) => t.includes(`To: ${email}`) && t.includes('/invitation/')))!;
    expect(mail).toBeDefined();
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail)![1];

    const person = await guest();
    const registered = await person.post('/api/auth/register', {
      email,
      password: 'dobra-parola-1',
      firstName: 'Нов',
      lastName: 'Купувач',
    });
    expect(registered.status).toBe(201);
    await proveAddress(outboxDir, person, email);
    const accepted = await person.post(`/api/trade/invitations/${token}/accept`, {});
    expect(accepted.status).toBe(200);
    const after = (await admin.get(`/api/admin/companies/${company.id}`)).body;
    expect(after.members).toEqual([
      expect.objectContaining({ id: owner.id, role: 'owner' }),
      expect.objectContaining({ email, role: 'buyer', orderLimit: 100 }),
    ]);
    expect(after.invitations).toEqual([]);
  });

  it('delete: only pending or rejected', async () => {
    const { company } = await apply();
    await admin.post(`/api/admin/companies/${company.id}/approve`).expect(200);
    await admin.delete(`/api/admin/companies/${company.id}`).expect(409);
    const { company: pending, body } = await apply();
    await admin.delete(`/api/admin/companies/${pending.id}`).expect(200);
    await admin.get(`/api/admin/companies/${pending.id}`).expect(404);
    expect((await User.query().findOne({ email: body.contact.email }))!.companyId).toBeNull();
  });
});

describe('where to buy', () => {
  it('lists only the listed shops of approved companies, by city then name', async () => {
    const shops = [
      { name: 'Б Магазин', city: 'София', address: 'ул. 2', phone: '' },
      { name: 'А Магазин', city: 'София', address: 'ул. 1', phone: '029876543' },
      { name: 'Скрит', city: 'Бургас', address: 'ул. 3', listed: false },
    ];
    const { company } = await apply({ shops });
    await apply({ shops: [{ name: 'Чакащ', city: 'Русе', address: 'ул. 4' }] });
    await admin.post(`/api/admin/companies/${company.id}/approve`).expect(200);
    const res = await shop.browser().get('/api/where-to-buy').expect(200);
    const names = res.body.shops.map((s: { name: string }) => s.name);
    expect(names).not.toContain('Скрит');
    expect(names).not.toContain('Чакащ');
    const sofia = res.body.shops.filter((s: { city: string }) => s.city === 'София').map((s: { name: string }) => s.name);
    expect(sofia.indexOf('А Магазин')).toBeLessThan(sofia.indexOf('Б Магазин'));
    expect(res.body.shops.find((s: { name: string }) => s.name === 'А Магазин')).toEqual({
      name: 'А Магазин',
      city: 'София',
      address: 'ул. 1',
      phone: '029876543',
    });
    const cities = res.body.shops.map((s: { city: string }) => s.city);
    expect([...cities].sort((a, b) => a.localeCompare(b, 'bg'))).toEqual(cities);
  });
});
