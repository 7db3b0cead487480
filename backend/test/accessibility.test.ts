// The accessibility statement: its editable parts in the settings (defaults, staff's
// changes, refusals), a visitor's barrier report reaching the staff's messages with a notice
// (throttled like the distributors' form), and the page itself, rendered and in the sitemap.
import { shopForThisFile, Browser } from './helpers';
import { ACCESSIBILITY, API } from '@domain/messages';
import { CONTACT_MAX_PER_WINDOW, NAME_MAX, TEXT_MAX } from '@domain/limits';
import { ContactMessage, Notification } from '../src/models';
import { DEFAULT_SETTINGS } from '../src/modules/settings/service';

let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});
beforeEach(() => shop.app.knex('throttles').delete());

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

const report = {
  name: 'Петя Николова',
  email: ' Petya@Example.BG ',
  page: '/checkout',
  message: 'С екранен четец не чувам грешката под полето за телефон.',
};

describe('the statement in the settings', () => {
  it('has defaults: the known limitations, a date and contacts, public to every visitor', async () => {
    const res = await (await guest()).get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body.accessibility).toEqual(DEFAULT_SETTINGS.accessibility);
    expect(res.body.accessibility.limitations).toBe(ACCESSIBILITY.defaultLimitations);
    expect(res.body.accessibility.statementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('staff change one part and the rest is kept', async () => {
    const res = await admin.put('/api/admin/settings', {
      accessibility: { statementDate: '2027-01-15', limitations: 'Видеата нямат субтитри.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.accessibility).toEqual({
      ...DEFAULT_SETTINGS.accessibility,
      statementDate: '2027-01-15',
      limitations: 'Видеата нямат субтитри.',
    });
    expect((await (await guest()).get('/api/settings')).body.accessibility.statementDate).toBe('2027-01-15');
    await admin.put('/api/admin/settings', { accessibility: DEFAULT_SETTINGS.accessibility }).expect(200);
  });

  it.each([
    ['an impossible date', { statementDate: '2026-13-01' }, 'accessibility.statementDate', ACCESSIBILITY.statementDateInvalid],
    ['a date in another form', { statementDate: '26.11.2026' }, 'accessibility.statementDate', ACCESSIBILITY.statementDateInvalid],
    ['an unknown field', { website: 'x' }, 'accessibility.website', API.unknownField],
  ])('refuses %s with 400 on the field and changes nothing', async (_, accessibility, field, text) => {
    const res = await admin.put('/api/admin/settings', { accessibility });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(text);
    expect((await admin.get('/api/admin/settings')).body.accessibility).toEqual(DEFAULT_SETTINGS.accessibility);
  });

  it('is changed by staff only', async () => {
    const res = await (await guest()).put('/api/admin/settings', { accessibility: { limitations: '' } });
    expect([401, 403]).toContain(res.status);
    expect((await admin.get('/api/admin/settings')).body.accessibility).toEqual(DEFAULT_SETTINGS.accessibility);
  });
});

describe('reporting a barrier', () => {
  it("is kept among the staff's messages under its subject, with a notice", async () => {
    const res = await (await guest()).post('/api/accessibility/barriers', report);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ACCESSIBILITY.barrierReceived);

    const stored = await ContactMessage.query().findById(res.body.id);
    expect(stored).toEqual(
      expect.objectContaining({ subject: ACCESSIBILITY.barrierSubject, name: 'Петя Николова', email: 'petya@example.bg', isRead: false }),
    );
    expect(stored!.message).toBe(`Страница: /checkout\n\n${report.message}`);
    const notice = await Notification.query().orderBy('id', 'desc').first();
    expect(notice).toEqual(
      expect.objectContaining({
        message: ACCESSIBILITY.barrierNotice('Петя Николова'),
        link: `/admin/contact-messages/${stored!.id}/show`,
        isRead: false,
      }),
    );

    // Staff find it in their inbox, by its subject too.
    const list = await admin.get(`/api/admin/contact-messages?filter=${encodeURIComponent(JSON.stringify({ q: 'бариера' }))}`);
    expect(list.status).toBe(200);
    expect(list.body.map((m: { id: number; subject: string }) => [m.id, m.subject])).toEqual([[stored!.id, ACCESSIBILITY.barrierSubject]]);
    // The distributors' messages keep an empty subject.
    await (await guest()).post('/api/contact', { name: 'Ана', email: 'ana@example.bg', message: 'Здравейте!' }).expect(201);
    expect((await ContactMessage.query().orderBy('id', 'desc').first())!.subject).toBe('');
  });

  it('takes the page as optional', async () => {
    const res = await (
      await guest()
    ).post('/api/accessibility/barriers', {
      name: 'Иво',
      email: 'ivo@example.bg',
      message: 'Бутонът „Вход“ не се вижда при увеличение 200 %.',
    });
    expect(res.status).toBe(201);
    expect((await ContactMessage.query().findById(res.body.id))!.message).toBe('Бутонът „Вход“ не се вижда при увеличение 200 %.');
  });

  it.each([
    ['no name', { ...report, name: undefined }, 'name', API.required],
    ['a long name', { ...report, name: 'А'.repeat(NAME_MAX + 1) }, 'name', API.tooLong(NAME_MAX)],
    ['a bad e-mail', { ...report, email: 'petya@' }, 'email', API.invalidEmail],
    ['no message', { ...report, message: '  ' }, 'message', API.required],
    ['a long message', { ...report, message: 'x'.repeat(TEXT_MAX + 1) }, 'message', API.tooLong(TEXT_MAX)],
    ['a long page', { ...report, page: 'p'.repeat(501) }, 'page', API.tooLong(500)],
    ['an unknown field', { ...report, subject: 'Друго' }, 'subject', API.unknownField],
  ])('refuses %s with 400 naming the field, and keeps nothing', async (_, body, field, text) => {
    const before = await ContactMessage.query().resultSize();
    const notices = await Notification.query().resultSize();
    const res = await (await guest()).post('/api/accessibility/barriers', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: text });
    expect(await ContactMessage.query().resultSize()).toBe(before);
    expect(await Notification.query().resultSize()).toBe(notices);
  });

  it('needs the CSRF token with a session cookie', async () => {
    const b = await guest();
    b.csrfToken = '';
    expect((await b.post('/api/accessibility/barriers', report)).status).toBe(403);
  });

  it(`accepts ${CONTACT_MAX_PER_WINDOW} reports from one address in the window, then answers 429 and keeps nothing more`, async () => {
    const before = await ContactMessage.query().resultSize();
    for (let i = 0; i < CONTACT_MAX_PER_WINDOW; i++) {
      expect((await (await guest()).post('/api/accessibility/barriers', { ...report, message: `Сигнал №${i}` })).status).toBe(201);
    }
    const over = await (await guest()).post('/api/accessibility/barriers', report);
    expect([over.status, over.body.message]).toEqual([429, API.contactTooMany]);
    expect(await ContactMessage.query().resultSize()).toBe(before + CONTACT_MAX_PER_WINDOW);
  });
});

describe('the page', () => {
  it('is rendered on the server with the statement, the form and the authority, and is in the sitemap', async () => {
    const res = await shop.browser().get('/accessibility').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<h1>Достъпност</h1>');
    expect(html).toContain('WCAG 2.1, ниво AA');
    expect(html).toContain('EN 301 549');
    expect(html).toContain('Закона за изискванията за достъпност на продукти и услуги');
    expect(html).toContain('Комисията за защита на потребителите');
    expect(html).toContain('PDF фактурите');
    expect(html).toMatch(/<time datetime="2026-11-26">26\.11\.2026 г\.<\/time>/i);
    expect(html).toMatch(/<label for="barrier-message">/);
    const sitemap = await shop.browser().get('/sitemap.xml');
    expect(sitemap.text).toContain('/accessibility</loc>');
  });
});
