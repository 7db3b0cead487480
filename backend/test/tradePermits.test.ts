// The tobacco trade permit's office and expiry date: a business applies with both (a permit already
// expired is refused on its field), staff record them; once the permit has expired the company's
// members cannot order regulated goods (409 naming the permit and the day, accessories still go),
// until staff record a later date; a company with no date on record is not blocked. Staff and the
// company hear 30 days ahead, once per expiry date whatever runs the job, and the dashboard's
// filters of the companies' list find the expiring, expired and missing dates.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { shopForThisFile, Browser } from './helpers';
import { approvedCompany, checkoutBody, mailTo, product, memberOf } from './fixtures';
import { Company, Notification, Order, Product } from '../src/models';
import { settled } from '../src/platform/events';
import { remindPermits } from '../src/modules/trade';
import { TRADE } from '@domain/tradeTexts';
import { addDays, DAY_MS, shopDay } from '@domain/dates';
import { formatBgDate } from '@domain/dateInput';
import { API } from '@domain/messages';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-permit-outbox-'));
const shop = shopForThisFile({ outboxDir });

let admin: Browser;
/** A pod (regulated) and a charging cable (an accessory). */
let pod: { id: number; variant: number };
let cable: { id: number; variant: number };
const today = () => shopDay(new Date());

let eikSeq = 0;
const EIKS = ['130175000', '831642181', '175074752', '121604974', '200343290', '131468980', '000695089'];

/** An approved company with its own contact address and ЕИК. */
async function company(fields: Partial<Company> = {}): Promise<Company> {
  const n = ++eikSeq;
  return approvedCompany({
    name: `Вейп Обект ${n} ООД`,
    eik: EIKS[n % EIKS.length],
    contactEmail: `office${n}@permit.example.bg`,
    tobaccoPermit: `ЗАДС-90е-${n}`,
    ...fields,
  });
}

const podLine = (quantity = 2) => ({ productId: pod.id, variantId: pod.variant, quantity });
const cableLine = (quantity = 1) => ({ productId: cable.id, variantId: cable.variant, quantity });
const tradeOrder = (items: object[]) => checkoutBody(items, { paymentMethod: 'bank_transfer' });

async function recordExpiry(companyId: number, tobaccoPermitExpiresAt: string | null) {
  return admin.put(`/api/admin/companies/${companyId}`, { tobaccoPermitExpiresAt }).expect(200);
}

beforeAll(async () => {
  const p = await product('TWINS Под Ягода', 'twins-pod-yagoda', 690, [{ sku: 'POD-Y', name: 'Опаковка', stock: 1000 }]);
  await Product.query()
    .patch({ kind: 'pod' } as Partial<Product>)
    .findById(p.id);
  pod = { id: p.id, variant: p.variants[0] };
  const c = await product('USB-C кабел', 'usb-c-kabel', 990, [{ sku: 'CABLE-1', name: 'Стандартен', stock: 1000 }]);
  await Product.query()
    .patch({ kind: 'accessory' } as Partial<Product>)
    .findById(c.id);
  cable = { id: c.id, variant: c.variants[0] };
  admin = await shop.signedIn('admin');
});
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
afterEach(() => settled());

function application(company: Record<string, unknown>, n: number) {
  return {
    company: {
      name: `Тютюн Търговия ${n} ЕООД`,
      eik: '100012377',
      address: 'ул. Витоша 1',
      city: 'София',
      mol: 'Петър Петров',
      tobaccoPermit: `ЗАДС-A${n}`,
      ...company,
    },
    contact: {
      firstName: 'Петър',
      lastName: 'Петров',
      email: `apply${n}@permit.example.bg`,
      phone: '0888123456',
      password: 'firma-parola-123',
    },
  };
}

describe('the application', () => {
  it("carries the permit's office and expiry date; an expired permit or an impossible day is refused on its field", async () => {
    const guest = shop.browser();
    await guest.csrf();
    const yesterday = addDays(today(), -1);
    let res = await guest
      .post('/api/trade/applications', application({ tobaccoPermitOffice: 'ТД Митница София', tobaccoPermitExpiresAt: yesterday }, 1))
      .expect(400);
    expect(res.body.errors).toEqual({ 'company.tobaccoPermitExpiresAt': TRADE.permitExpiredOnApply(formatBgDate(yesterday)) });
    res = await guest.post('/api/trade/applications', application({ tobaccoPermitExpiresAt: '30.02.2031' }, 1)).expect(400);
    expect(res.body.errors['company.tobaccoPermitExpiresAt']).toBe(API.invalidDate);
    res = await guest.post('/api/trade/applications', application({ tobaccoPermitOffice: 'x'.repeat(121) }, 1)).expect(400);
    expect(res.body.errors['company.tobaccoPermitOffice']).toBeTruthy();

    // Today is still valid; typed the Bulgarian way it is read as the day.
    const [d, m, y] = formatBgDate(today()).split('.');
    res = await guest
      .post(
        '/api/trade/applications',
        application({ tobaccoPermitOffice: 'ТД Митница София', tobaccoPermitExpiresAt: `${d}.${m}.${y}` }, 1),
      )
      .expect(201);
    expect(res.body).toMatchObject({ status: 'pending', tobaccoPermitOffice: 'ТД Митница София', tobaccoPermitExpiresAt: today() });

    // Asked, not required: without them the company has none on record.
    const other = shop.browser();
    await other.csrf();
    res = await other.post('/api/trade/applications', application({}, 2)).expect(201);
    expect(res.body).toMatchObject({ tobaccoPermitOffice: '', tobaccoPermitExpiresAt: null });
  });
});

describe("staff's record", () => {
  it('staff record, correct and clear the office and the date (a past one too); the record and the list carry them', async () => {
    const c = await company();
    const before = (await admin.get(`/api/admin/companies/${c.id}`).expect(200)).body;
    expect(before).toMatchObject({ tobaccoPermitOffice: '', tobaccoPermitExpiresAt: null });
    let res = await admin
      .put(`/api/admin/companies/${c.id}`, { ...before, tobaccoPermitOffice: 'ТД Митница Пловдив', tobaccoPermitExpiresAt: '2027-03-31' })
      .expect(200);
    expect(res.body).toMatchObject({ tobaccoPermitOffice: 'ТД Митница Пловдив', tobaccoPermitExpiresAt: '2027-03-31' });
    // The date as the permit shows it, even one already past: that is what stops the orders.
    res = await admin.put(`/api/admin/companies/${c.id}`, { tobaccoPermitExpiresAt: '15.11.2025' }).expect(200);
    expect(res.body.tobaccoPermitExpiresAt).toBe('2025-11-15');
    res = await admin.put(`/api/admin/companies/${c.id}`, { tobaccoPermitExpiresAt: '2026-02-29' }).expect(400);
    expect(res.body.errors.tobaccoPermitExpiresAt).toBe(API.invalidDate);
    const listed = await admin.get(`/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ id: [c.id] }))}`).expect(200);
    expect(listed.body[0]).toMatchObject({ tobaccoPermitOffice: 'ТД Митница Пловдив', tobaccoPermitExpiresAt: '2025-11-15' });
    res = await admin.put(`/api/admin/companies/${c.id}`, { tobaccoPermitExpiresAt: null }).expect(200);
    expect(res.body.tobaccoPermitExpiresAt).toBeNull();
    expect((await Company.query().findById(c.id))!.tobaccoPermitExpiresAt).toBeNull();
  });
});

describe('ordering on an expired permit', () => {
  it('refuses regulated goods with 409 naming the permit and the day; accessories go; a later date lets the same order through', async () => {
    const expiredOn = addDays(today(), -1);
    const c = await company({ tobaccoPermitExpiresAt: expiredOn });
    const member = await memberOf(shop, c);
    const text = TRADE.permitExpired(c.tobaccoPermit, formatBgDate(expiredOn));

    // The member sees why before trying.
    const me = (await member.get('/api/auth/me').expect(200)).body.user;
    expect(me.company).toMatchObject({ id: c.id, tobaccoPermit: c.tobaccoPermit, tobaccoPermitExpiresAt: expiredOn });

    let res = await member.post('/api/checkout/quote', { items: [cableLine(), podLine()], shipping: { method: 'address' } }).expect(409);
    expect(res.body.message).toBe(text);
    expect(res.body.errors).toEqual({ 'items.1.productId': TRADE.permitExpiredLine });
    const orders = await Order.query().where({ companyId: c.id }).resultSize();
    res = await member.post('/api/orders/create', tradeOrder([podLine()])).expect(409);
    expect(res.body.message).toBe(text);
    expect(await Order.query().where({ companyId: c.id }).resultSize()).toBe(orders);

    // What is not an excise good is still sold.
    await member.post('/api/orders/create', tradeOrder([cableLine()])).expect(201);

    // Staff record the new permit's date: the same order goes through at once.
    await recordExpiry(c.id, addDays(today(), 365));
    res = await member.post('/api/orders/create', tradeOrder([podLine()])).expect(201);
    expect((await Order.query().findById(res.body.order.id))!.companyId).toBe(c.id);
  });

  it("lets the member order on the permit's last valid day", async () => {
    const c = await company({ tobaccoPermitExpiresAt: today() });
    const member = await memberOf(shop, c);
    await member.post('/api/orders/create', tradeOrder([podLine()])).expect(201);
  });

  it('does not block a company with no expiry date on record', async () => {
    const c = await company({ tobaccoPermitExpiresAt: null });
    const member = await memberOf(shop, c);
    await member.post('/api/orders/create', tradeOrder([podLine()])).expect(201);
  });
});

describe('the 30-day notice', () => {
  const permitNotices = (companyId: number) => Notification.query().where({ type: 'permit', link: `/admin/companies/${companyId}` });

  it('tells staff and the company once per expiry date, with two instances at once, and again for a new date', async () => {
    const now = new Date();
    const expiresAt = addDays(shopDay(now), 20);
    const c = await company({ tobaccoPermitExpiresAt: expiresAt });
    const later = await company({ tobaccoPermitExpiresAt: addDays(shopDay(now), 45) });
    const suspended = await company({ tobaccoPermitExpiresAt: expiresAt, status: 'suspended' });
    const undated = await company({ tobaccoPermitExpiresAt: null });

    const [a, b] = await Promise.all([remindPermits(now), remindPermits(now)]);
    expect([...a, ...b].filter((id) => id === c.id)).toHaveLength(1);
    for (const quiet of [later, suspended, undated]) expect([...a, ...b]).not.toContain(quiet.id);
    await settled();
    const notices = await permitNotices(c.id);
    expect(notices.map((n) => n.message)).toEqual([TRADE.permitStaffNotice(c.name, formatBgDate(expiresAt), false)]);
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${c.contactEmail}`) && t.includes(formatBgDate(expiresAt)));
    expect(mail).toContain('изтича на');
    expect((await Company.query().findById(c.id))!.tobaccoPermitNotifiedFor).toBe(expiresAt);

    // The next days: nothing more for that date; the later company's turn comes 30 days before its own.
    expect(await remindPermits(new Date(now.getTime() + DAY_MS))).not.toContain(c.id);
    expect(await permitNotices(c.id)).toHaveLength(1);
    expect(await remindPermits(new Date(now.getTime() + 15 * DAY_MS))).toEqual(expect.arrayContaining([later.id]));
    expect(await permitNotices(c.id)).toHaveLength(1);

    // A new date (the permit renewed, or corrected) gets its own notice when its time comes.
    const renewed = addDays(shopDay(now), 400);
    await recordExpiry(c.id, renewed);
    expect(await remindPermits(now)).not.toContain(c.id);
    const nearRenewal = new Date(now.getTime() + 380 * DAY_MS);
    expect(await remindPermits(nearRenewal)).toContain(c.id);
    await settled();
    expect((await permitNotices(c.id)).map((n) => n.message)).toEqual([
      TRADE.permitStaffNotice(c.name, formatBgDate(expiresAt), false),
      TRADE.permitStaffNotice(c.name, formatBgDate(renewed), false),
    ]);
    expect(await mailTo(outboxDir, (t) => t.includes(`To: ${c.contactEmail}`) && t.includes(formatBgDate(renewed)))).toBeDefined();
  });

  it('says so when a date on record has already passed', async () => {
    const expiredOn = addDays(today(), -3);
    const c = await company({ tobaccoPermitExpiresAt: expiredOn });
    expect(await remindPermits()).toContain(c.id);
    await settled();
    expect((await permitNotices(c.id)).map((n) => n.message)).toEqual([TRADE.permitStaffNotice(c.name, formatBgDate(expiredOn), true)]);
    const mail = await mailTo(outboxDir, (t) => t.includes(`To: ${c.contactEmail}`) && t.includes(formatBgDate(expiredOn)));
    expect(mail).toContain('е изтекло на');
  });
});

describe("the dashboard's filters", () => {
  it('find the expired, the expiring and the missing dates among approved companies', async () => {
    const t = today();
    const made = {
      expired: await company({ tobaccoPermitExpiresAt: addDays(t, -10) }),
      expiresToday: await company({ tobaccoPermitExpiresAt: t }),
      expiring: await company({ tobaccoPermitExpiresAt: addDays(t, 30) }),
      valid: await company({ tobaccoPermitExpiresAt: addDays(t, 31) }),
      missing: await company({ tobaccoPermitExpiresAt: null }),
      pendingExpired: await company({ tobaccoPermitExpiresAt: addDays(t, -10), status: 'pending' }),
    };
    const ours = new Set(Object.values(made).map((c) => c.id));
    const find = async (filter: object, sort = ['tobaccoPermitExpiresAt', 'ASC']) => {
      const q = `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=[0,199]`;
      const res = await admin.get(`/api/admin/companies?${q}`).expect(200);
      return (res.body as Array<{ id: number }>).map((c) => c.id).filter((id) => ours.has(id));
    };
    expect(await find({ status: 'approved', permit: 'expired' })).toEqual([made.expired.id]);
    expect(await find({ status: 'approved', permit: 'expiring' })).toEqual([made.expiresToday.id, made.expiring.id]);
    expect(await find({ status: 'approved', permit: ['expired', 'expiring'] })).toEqual([
      made.expired.id,
      made.expiresToday.id,
      made.expiring.id,
    ]);
    expect(await find({ status: 'approved', permit: 'missing' }, ['name', 'ASC'])).toEqual([made.missing.id]);
    expect(await find({ status: 'approved', permit: 'valid' })).toEqual([made.valid.id]);
    expect(await find({ permit: 'expired' })).toEqual(expect.arrayContaining([made.expired.id, made.pendingExpired.id]));
    const refused = await admin.get(`/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ permit: 'soon' }))}`).expect(400);
    expect(refused.body.errors['filter.permit']).toBe(API.invalidFilter);
  });
});
