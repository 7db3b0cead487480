// Shop settings: the public part (GET /api/settings), the whole set for staff
// (GET|PUT /api/admin/settings) and react-admin's single record (/api/admin/settings/1).
import { shopForThisFile, Browser, allKeys } from './helpers';
import { API } from '@domain/messages';
import { BGN_PER_EUR } from '@domain/money';
import { LOW_STOCK_THRESHOLD_DEFAULT } from '@domain/limits';
import { Setting } from '../src/models';
import { DEFAULT_SETTINGS, clearSettingsCache, getSettings } from '../src/modules/settings/service';

let admin: Browser & { userId: number; email: string };

const shop = shopForThisFile();
beforeAll(async () => {
  admin = await shop.signedIn('admin');
});
// Each test starts from the defaults.
beforeEach(async () => {
  await Setting.query().delete();
  clearSettingsCache();
});

async function guest() {
  const b = shop.browser();
  await b.csrf();
  return b;
}

const PUBLIC_DEFAULTS = {
  brand: 'VAP SOLO',
  contacts: DEFAULT_SETTINGS.contacts,
  currency: 'BGN',
  euroSince: null,
  locale: 'bg-BG',
  dualCurrency: true,
  eurRate: 1.95583,
  shippingFees: { econt_office: 5.9, speedy_office: 5.9, address: 7.9 },
  freeShippingThreshold: 100,
  bank: DEFAULT_SETTINGS.bank,
  legal: DEFAULT_SETTINGS.legal,
  // The retention the privacy page states.
  privacy: DEFAULT_SETTINGS.privacy,
  // The accessibility statement's editable parts are public: the /accessibility page shows them.
  accessibility: DEFAULT_SETTINGS.accessibility,
  // The sales mode within the tobacco law is public: the storefront shows regulated
  // products by it; the trade minimum is a decimal amount like every amount.
  sales: { mode: 'all', consumerCatalogue: 'info', tradeMinimumOrder: 0 },
};
/** Each group's version, answered to staff beside the settings. */
const VERSIONS = expect.objectContaining({ brand: expect.any(Number), contacts: expect.any(Number), bank: expect.any(Number) });

const PRIVATE = {
  lowStockThreshold: LOW_STOCK_THRESHOLD_DEFAULT,
  twoFactorRequiredForAdmins: false,
  invoices: DEFAULT_SETTINGS.invoices,
  couriers: DEFAULT_SETTINGS.couriers,
  guestOrders: DEFAULT_SETTINGS.guestOrders,
  // The payment reminders are the staff's own: the public answer leaves them out of `sales`.
  sales: { ...PUBLIC_DEFAULTS.sales, dunning: DEFAULT_SETTINGS.sales.dunning },
};

describe('the public settings', () => {
  it('answers exactly the public fields, money in decimal BGN, the euro rate included', async () => {
    const res = await (await guest()).get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PUBLIC_DEFAULTS);
    expect(BGN_PER_EUR).toBe(1.95583);
  });

  it('never shows the private settings, even after staff change them', async () => {
    await admin.put('/api/admin/settings', { lowStockThreshold: 2, twoFactorRequiredForAdmins: true }).expect(200);
    for (const b of [await guest(), await shop.signedIn(), admin]) {
      const res = await b.get('/api/settings');
      expect(res.status).toBe(200);
      expect(allKeys(res.body)).not.toContain('lowStockThreshold');
      expect(allKeys(res.body)).not.toContain('twoFactorRequiredForAdmins');
    }
  });

  it('follows what staff save', async () => {
    // The currency is not a field to edit: only the euro switch changes it (money.test.ts).
    const refused = await admin.put('/api/admin/settings', { currency: 'EUR' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ currency: API.currencyBySwitchOnly });
    await admin
      .put('/api/admin/settings', {
        currency: 'BGN',
        dualCurrency: false,
        freeShippingThreshold: null,
        shippingFees: { speedy_office: 6.49 },
      })
      .expect(200);
    const res = await (await guest()).get('/api/settings');
    expect(res.body).toEqual({
      ...PUBLIC_DEFAULTS,
      currency: 'BGN',
      dualCurrency: false,
      freeShippingThreshold: null,
      shippingFees: { ...PUBLIC_DEFAULTS.shippingFees, speedy_office: 6.49 },
    });
  });
});

describe('the staff settings', () => {
  it('reads money typed the Bulgarian way ("120,50") and refuses what it cannot read instead of guessing', async () => {
    const res = await admin.put('/api/admin/settings', { freeShippingThreshold: '120,50', shippingFees: { address: '8.40' } });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(
      expect.objectContaining({ freeShippingThreshold: 120.5, shippingFees: expect.objectContaining({ address: 8.4 }) }),
    );
    for (const typed of ['12,345', '1.299,90', 'сто', 12.345]) {
      const refused = await admin.put('/api/admin/settings', { freeShippingThreshold: typed });
      expect([refused.status, refused.body.errors]).toEqual([400, { freeShippingThreshold: API.invalidMoney }]);
    }
    expect((await getSettings()).freeShippingThreshold).toBe(12050);
    await admin.put('/api/admin/settings', { freeShippingThreshold: 100, shippingFees: { address: 7.9 } }).expect(200);
  });

  it.each([
    ['get', '/api/admin/settings'],
    ['put', '/api/admin/settings'],
    ['get', '/api/admin/settings/1'],
    ['put', '/api/admin/settings/1'],
  ])('%s %s: 401 for a guest, 403 for a customer', async (method, url) => {
    const body = method === 'put' ? { brand: 'Чужд' } : undefined;
    expect((await ((await guest()) as any)[method](url, body)).status).toBe(401);
    const res = await ((await shop.signedIn()) as any)[method](url, body);
    expect([res.status, res.body.message]).toEqual([403, API.adminsOnly]);
    expect((await getSettings()).brand).toBe('VAP SOLO');
  });

  it('answers every setting, money as decimals', async () => {
    const res = await admin.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...PUBLIC_DEFAULTS, ...PRIVATE, versions: VERSIONS });
  });

  it('saves any subset, stores money as stotinki, and answers { message, settings }', async () => {
    const res = await admin.put('/api/admin/settings', {
      brand: '  VAP SOLO Bulgaria ',
      freeShippingThreshold: '120.50',
      shippingFees: { address: 8.99 },
      lowStockThreshold: 10,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(API.settingsSaved);
    expect(res.body.settings).toEqual({
      ...PUBLIC_DEFAULTS,
      ...PRIVATE,
      brand: 'VAP SOLO Bulgaria',
      freeShippingThreshold: 120.5,
      shippingFees: { ...PUBLIC_DEFAULTS.shippingFees, address: 8.99 },
      lowStockThreshold: 10,
      versions: VERSIONS,
    });
    const stored = Object.fromEntries((await Setting.query()).map((s) => [s.key, s.value]));
    expect(stored).toEqual({
      brand: 'VAP SOLO Bulgaria',
      freeShippingThreshold: 12050,
      lowStockThreshold: 10,
      shippingFees: { econt_office: 590, speedy_office: 590, address: 899 },
    });
    expect((await admin.get('/api/admin/settings')).body).toEqual(res.body.settings);
  });

  it('merges a nested group field by field', async () => {
    const res = await admin.put('/api/admin/settings', {
      contacts: { phone: '+359 2 123 4567' },
      bank: { iban: 'BG18RZBB91550123456789', bic: 'RZBBBGSF' },
    });
    expect(res.body.settings.contacts).toEqual({ ...DEFAULT_SETTINGS.contacts, phone: '+359 2 123 4567' });
    expect(res.body.settings.bank).toEqual({ ...DEFAULT_SETTINGS.bank, iban: 'BG18RZBB91550123456789', bic: 'RZBBBGSF' });
    const again = await admin.put('/api/admin/settings', { contacts: { hours: 'Пон–Съб 09:00–19:00' } });
    expect(again.body.settings.contacts).toEqual({ ...DEFAULT_SETTINGS.contacts, phone: '+359 2 123 4567', hours: 'Пон–Съб 09:00–19:00' });
  });

  it('accepts an empty change and ignores the read-only echoes', async () => {
    const empty = await admin.put('/api/admin/settings', {});
    expect([empty.status, empty.body.settings]).toEqual([200, { ...PUBLIC_DEFAULTS, ...PRIVATE, versions: VERSIONS }]);
    const echo = await admin.put('/api/admin/settings', { id: 1, eurRate: 2, brand: 'Ново' });
    expect(echo.status).toBe(200);
    expect(echo.body.settings).toEqual(expect.objectContaining({ brand: 'Ново', eurRate: 1.95583 }));
  });

  it.each([
    ['an unknown field', { theme: 'dark' }, { theme: API.unknownField }],
    ['an unknown nested field', { contacts: { fax: '02 123' } }, { 'contacts.fax': API.unknownField }],
    ['an unknown shipping method', { shippingFees: { drone: 1 } }, { 'shippingFees.drone': API.unknownField }],
    ['a fee that is not a number', { shippingFees: { address: 'безплатно' } }, { 'shippingFees.address': API.invalidMoney }],
    ['a negative fee', { shippingFees: { econt_office: -0.01 } }, { 'shippingFees.econt_office': API.atLeast(0) }],
    ['a threshold that is not a number', { freeShippingThreshold: 'сто' }, { freeShippingThreshold: API.invalidMoney }],
    ['a group that is not an object', { bank: 'BNB' }, { bank: API.mustBeObject }],
    ['a bad contact e-mail', { contacts: { email: 'office@' } }, { 'contacts.email': API.invalidEmail }],
    ['an empty brand', { brand: ' ' }, { brand: API.required }],
    ['an unknown currency', { currency: 'USD' }, { currency: API.oneOf(['BGN', 'EUR']) }],
    ['a fractional low-stock threshold', { lowStockThreshold: 2.5 }, { lowStockThreshold: API.mustBeInteger }],
    ['a negative low-stock threshold', { lowStockThreshold: -1 }, { lowStockThreshold: API.atLeast(0) }],
    ['a switch that is not yes/no', { dualCurrency: 'понякога' }, { dualCurrency: API.mustBeBoolean }],
    ['a bad IBAN', { bank: { iban: 'BG00' } }, { 'bank.iban': 'Невалиден IBAN.' }],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_, body, errors) => {
    const res = await admin.put('/api/admin/settings', { brand: 'Не се запазва', ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.message).toBe(Object.values(errors)[0]);
    expect(await Setting.query().resultSize()).toBe(0);
  });

  it('reports several bad fields at once', async () => {
    const res = await admin.put('/api/admin/settings', { currency: 'USD', shippingFees: { address: -5 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(API.invalidInput);
    expect(Object.keys(res.body.errors).sort()).toEqual(['currency', 'shippingFees.address']);
  });
});

describe('react-admin’s single record', () => {
  it('reads the settings as the record with id 1', async () => {
    const res = await admin.get('/api/admin/settings/1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 1, ...PUBLIC_DEFAULTS, ...PRIVATE, versions: VERSIONS });
  });

  it('saves the whole record sent back and answers the record itself', async () => {
    const record = (await admin.get('/api/admin/settings/1')).body;
    const res = await admin.put('/api/admin/settings/1', {
      ...record,
      dualCurrency: false,
      shippingFees: { ...record.shippingFees, econt_office: 4.99 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...record,
      dualCurrency: false,
      shippingFees: { ...record.shippingFees, econt_office: 4.99 },
      // The groups changed have their versions raised, the rest kept.
      versions: { ...record.versions, dualCurrency: record.versions.dualCurrency + 1, shippingFees: record.versions.shippingFees + 1 },
    });
    expect(res.body.message).toBeUndefined();
    expect((await getSettings()).shippingFees.econt_office).toBe(499);
    const bad = await admin.put('/api/admin/settings/1', { ...record, locale: 'en-US' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['locale']);
  });

  it('has no other records', async () => {
    expect((await admin.get('/api/admin/settings/2')).status).toBe(404);
  });
});
