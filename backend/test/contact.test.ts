// The distributors' form (POST /api/contact) and the staff's inbox of its messages
// (react-admin resource /api/admin/contact-messages).
import { shopForThisFile, Browser, allKeys } from './helpers';
import { API } from '@domain/messages';
import { NAME_MAX, PHONE_MAX, TEXT_MAX, CONTACT_MAX_PER_WINDOW } from '@domain/limits';
import { ContactMessage, Notification } from '../src/models';

let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});
// Every request here comes from one address: start each test with a fresh allowance.
beforeEach(() => shop.app.knex('throttles').delete());

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

const valid = {
  name: 'Георги Димитров',
  company: 'Вейп Бургас ООД',
  email: ' G.Dimitrov@Example.BG ',
  phone: '0888 111 222',
  message: 'Искаме да продаваме TRIPLES в три магазина.',
};
const q = (o: object) => encodeURIComponent(JSON.stringify(o));

describe('sending the form', () => {
  it('stores the message, answers 201 with a thank-you, and tells the staff', async () => {
    const res = await (await guest()).post('/api/contact', valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(API.contactReceived);

    const stored = await ContactMessage.query().orderBy('id', 'desc').first();
    expect(stored).toEqual(
      expect.objectContaining({
        name: 'Георги Димитров',
        company: 'Вейп Бургас ООД',
        email: 'g.dimitrov@example.bg',
        phone: '0888 111 222',
        message: valid.message,
        isRead: false,
      }),
    );
    const notice = await Notification.query().where({ type: 'contact' }).orderBy('id', 'desc').first();
    expect(notice).toEqual(expect.objectContaining({ isRead: false, link: `/admin/contact-messages/${stored!.id}/show` }));
    expect(notice!.message).toContain('Георги Димитров');
  });

  it('takes company and phone as optional', async () => {
    const res = await (await guest()).post('/api/contact', { name: 'Ана', email: 'ana@example.bg', message: 'Здравейте!' });
    expect(res.status).toBe(201);
    const stored = await ContactMessage.query().orderBy('id', 'desc').first();
    expect(stored).toEqual(expect.objectContaining({ name: 'Ана', company: '', phone: '' }));
  });

  it.each([
    ['no name', { ...valid, name: undefined }, 'name', API.required],
    ['a blank name', { ...valid, name: '   ' }, 'name', API.required],
    ['a long name', { ...valid, name: 'А'.repeat(NAME_MAX + 1) }, 'name', API.tooLong(NAME_MAX)],
    ['a long company', { ...valid, company: 'Б'.repeat(201) }, 'company', API.tooLong(200)],
    ['no e-mail', { ...valid, email: undefined }, 'email', API.required],
    ['a bad e-mail', { ...valid, email: 'georgi@' }, 'email', API.invalidEmail],
    ['a long phone', { ...valid, phone: '1'.repeat(PHONE_MAX + 1) }, 'phone', API.tooLong(PHONE_MAX)],
    ['no message', { ...valid, message: undefined }, 'message', API.required],
    ['an empty message', { ...valid, message: '' }, 'message', API.required],
    ['a long message', { ...valid, message: 'x'.repeat(TEXT_MAX + 1) }, 'message', API.tooLong(TEXT_MAX)],
    ['an unknown field', { ...valid, website: 'http://spam.example' }, 'website', API.unknownField],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, body, field, text) => {
    const before = await ContactMessage.query().resultSize();
    const res = await (await guest()).post('/api/contact', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(text);
    expect(res.body.errors).toEqual({ [field]: text });
    expect(await ContactMessage.query().resultSize()).toBe(before);
  });

  it('refuses a body that is not an object', async () => {
    const b = await guest();
    expect((await b.post('/api/contact', '[1,2]')).status).toBe(400);
    expect((await b.post('/api/contact', '{bad json')).status).toBe(400);
  });

  it('needs the CSRF token with a session cookie', async () => {
    const b = await guest();
    b.csrfToken = '';
    expect((await b.post('/api/contact', valid)).status).toBe(403);
  });

  it(`accepts ${CONTACT_MAX_PER_WINDOW} messages from one address in the window, then answers 429`, async () => {
    const b = await guest();
    const before = await ContactMessage.query().resultSize();
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW; i++) {
      expect((await b.post('/api/contact', { ...valid, message: `Съобщение №${i}` })).status).toBe(201);
    }
    const over = await b.post('/api/contact', { ...valid, message: 'Още едно' });
    expect([over.status, over.body.message]).toEqual([429, API.contactTooMany]);
    // Another browser from the same address is held back too.
    expect((await (await guest()).post('/api/contact', valid)).status).toBe(429);
    expect(await ContactMessage.query().resultSize()).toBe(before + CONTACT_MAX_PER_WINDOW);
  });

  it('does not count refused input against the allowance', async () => {
    const b = await guest();
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW + 2; i++) expect((await b.post('/api/contact', { name: 'X' })).status).toBe(400);
    expect((await b.post('/api/contact', valid)).status).toBe(201);
  });
});

describe('the staff inbox', () => {
  let ids: Record<string, number>;
  const list = (query: string) => admin.get(`/api/admin/contact-messages?${query}`);

  beforeAll(async () => {
    await ContactMessage.query().delete();
    await shop.app.knex('throttles').delete();
    const b = await guest();
    const send = async (key: string, body: object) => {
      await b.post('/api/contact', body).expect(201);
      ids = { ...ids, [key]: (await ContactMessage.query().orderBy('id', 'desc').first())!.id };
    };
    await send('burgas', valid);
    await send('varna', {
      name: 'Мария Колева',
      company: 'Смоук Варна ЕТ',
      email: 'maria@varna.bg',
      message: 'Каква е цената на едро за TWINS?',
    });
    await send('plovdiv', { name: 'Петър Петров', email: 'petar@example.com', message: 'Имате ли представител в Пловдив?' });
    // Ages the list can be ordered by: burgas oldest, plovdiv newest.
    for (const [key, minutes] of [
      ['burgas', 30],
      ['varna', 20],
      ['plovdiv', 10],
    ] as const) {
      await ContactMessage.query()
        .patch({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString() } as Partial<ContactMessage>)
        .findById(ids[key]);
    }
    await ContactMessage.query()
      .patch({ isRead: true } as Partial<ContactMessage>)
      .findById(ids.varna);
  });

  it.each([
    ['get', '/api/admin/contact-messages'],
    ['get', '/api/admin/contact-messages/1'],
    ['put', '/api/admin/contact-messages/1'],
    ['delete', '/api/admin/contact-messages/1'],
  ])('%s %s: 401 for a guest, 403 for a customer', async (method, url) => {
    const body = method === 'put' ? { isRead: true } : undefined;
    expect((await ((await guest()) as any)[method](url, body)).status).toBe(401);
    const res = await ((await shop.signedIn()) as any)[method](url, body);
    expect([res.status, res.body.message]).toEqual([403, API.adminsOnly]);
  });

  it('lists newest first with Content-Range, without the search column', async () => {
    const res = await list('range=[0,9]');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('contact-messages 0-2/3');
    expect(res.body.map((m: any) => m.id)).toEqual([ids.plovdiv, ids.varna, ids.burgas]);
    expect(res.body[2]).toEqual(
      expect.objectContaining({
        id: ids.burgas,
        name: 'Георги Димитров',
        company: 'Вейп Бургас ООД',
        email: 'g.dimitrov@example.bg',
        phone: '0888 111 222',
        isRead: false,
        createdAt: expect.any(String),
      }),
    );
    expect(allKeys(res.body)).not.toContain('searchText');
    const page = await list('range=[1,1]');
    expect(page.headers['content-range']).toBe('contact-messages 1-1/3');
    expect(page.body.map((m: any) => m.id)).toEqual([ids.varna]);
  });

  it('searches name, company, e-mail and message in any case, and filters by read state', async () => {
    const search = async (text: string) => (await list(`filter=${q({ q: text })}&range=[0,9]`)).body.map((m: any) => m.id);
    expect(await search('мария')).toEqual([ids.varna]);
    expect(await search('ВЕЙП БУРГАС')).toEqual([ids.burgas]);
    expect(await search('example.com')).toEqual([ids.plovdiv]);
    expect(await search('на едро')).toEqual([ids.varna]);
    expect(await search('няма такова')).toEqual([]);
    const unread = await list(`filter=${q({ isRead: false })}&range=[0,9]`);
    expect(unread.headers['content-range']).toBe('contact-messages 0-1/2');
    expect(unread.body.map((m: any) => m.id)).toEqual([ids.plovdiv, ids.burgas]);
    const read = await list(`filter=${q({ isRead: true, q: 'варна' })}&range=[0,9]`);
    expect(read.body.map((m: any) => m.id)).toEqual([ids.varna]);
  });

  it('sorts by name, read state, date and id; refuses other fields', async () => {
    const sorted = async (field: string, dir: string) => (await list(`sort=${q([field, dir])}&range=[0,9]`)).body.map((m: any) => m.id);
    expect(await sorted('name', 'ASC')).toEqual([ids.burgas, ids.varna, ids.plovdiv]);
    expect(await sorted('createdAt', 'ASC')).toEqual([ids.burgas, ids.varna, ids.plovdiv]);
    expect((await sorted('isRead', 'DESC'))[0]).toBe(ids.varna);
    expect(await sorted('id', 'ASC')).toEqual([ids.burgas, ids.varna, ids.plovdiv]);
    const bad = await list(`sort=${q(['email', 'ASC'])}`);
    expect([bad.status, bad.body.message]).toEqual([400, API.invalidSort]);
    const filter = await list(`filter=${q({ email: 'maria@varna.bg' })}`);
    expect([filter.status, filter.body.message]).toEqual([400, API.invalidFilter]);
  });

  it('answers one message, 404 when missing', async () => {
    const res = await admin.get(`/api/admin/contact-messages/${ids.varna}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: ids.varna, name: 'Мария Колева', company: 'Смоук Варна ЕТ', isRead: true }));
    expect(res.body.searchText).toBeUndefined();
    const missing = await admin.get('/api/admin/contact-messages/999999');
    expect([missing.status, missing.body.message]).toEqual([404, API.notFound]);
    expect((await admin.get('/api/admin/contact-messages/x')).status).toBe(400);
  });

  it('changes only isRead: echoes ignored, unknown fields refused', async () => {
    const record = (await admin.get(`/api/admin/contact-messages/${ids.plovdiv}`)).body;
    const res = await admin.put(`/api/admin/contact-messages/${ids.plovdiv}`, {
      ...record,
      name: 'Подменено',
      message: 'Подменено',
      isRead: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...record, isRead: true });
    expect((await ContactMessage.query().findById(ids.plovdiv))!.name).toBe('Петър Петров');
    const unknown = await admin.put(`/api/admin/contact-messages/${ids.plovdiv}`, { isRead: false, answered: true });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { answered: API.unknownField }]);
    const notBool = await admin.put(`/api/admin/contact-messages/${ids.plovdiv}`, { isRead: 'да' });
    expect([notBool.status, notBool.body.message]).toEqual([400, API.mustBeBoolean]);
    expect((await admin.put('/api/admin/contact-messages/999999', { isRead: true })).status).toBe(404);
  });

  it('deletes a message and answers it', async () => {
    const res = await admin.delete(`/api/admin/contact-messages/${ids.burgas}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: ids.burgas, name: 'Георги Димитров' }));
    expect((await admin.get(`/api/admin/contact-messages/${ids.burgas}`)).status).toBe(404);
    expect((await list('range=[0,9]')).headers['content-range']).toBe('contact-messages 0-1/2');
  });
});
