// Couriers without API credentials: the demo office directory (searched in Cyrillic and Latin,
// any case), checkout with one of its offices or with free text as before, the courier settings
// for staff only, and a waybill refused with a clear message that changes nothing.
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { clearSettingsCache } from '../src/modules/settings/service';

let shop: TestShop;
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let guest: Browser;

const offices = async (courier: string, q = '') => guest.get(`/api/couriers/offices?courier=${courier}&q=${encodeURIComponent(q)}`);

beforeAll(async () => {
  clearSettingsCache();
  shop = await makeShop();
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
});
afterAll(() => shop.close());

describe('the demo office directory', () => {
  it('answers a dozen offices per courier, marked as no real courier’s, at most 50, in a stable order', async () => {
    const econt = await offices('econt');
    expect(econt.status).toBe(200);
    expect(econt.body.offices).toHaveLength(12);
    expect(econt.body.demo).toBe(true);
    expect(Object.keys(econt.body.offices[0]).sort()).toEqual(['address', 'city', 'code', 'courier', 'id', 'name']);
    expect(new Set(econt.body.offices.map((o: any) => o.city))).toEqual(new Set(['София', 'Пловдив', 'Варна']));
    expect((await offices('speedy')).body.offices).toHaveLength(12);
  });

  it('matches city, name or address in any case, Cyrillic or Latin, every word', async () => {
    const cities = async (courier: string, q: string) => [...new Set((await offices(courier, q)).body.offices.map((o: any) => o.city))];
    expect(await cities('econt', 'ВАРНА')).toEqual(['Варна']);
    expect(await cities('econt', 'varna')).toEqual(['Варна']);
    expect(await cities('speedy', 'Plovdiv')).toEqual(['Пловдив']);
    expect((await offices('econt', 'младост софия')).body.offices.map((o: any) => o.name)).toEqual(['София Младост 1']);
    expect((await offices('econt', 'Руски 51')).body.offices.map((o: any) => o.code)).toEqual(['4000']);
    expect((await offices('speedy', 'няма такъв град')).body.offices).toEqual([]);
    // LIKE wildcards are text, not patterns.
    expect((await offices('econt', '%')).body.offices).toEqual([]);
  });

  it('refuses an unknown courier and an overlong query', async () => {
    const dhl = await offices('dhl');
    expect(dhl.status).toBe(400);
    expect(dhl.body.errors.courier).toBeTruthy();
    expect((await guest.get('/api/couriers/offices?q=sofia')).status).toBe(400);
    const long = await offices('econt', 'я'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors.q).toBeTruthy();
  });

  it('is refreshed by staff without credentials into the same demo offices', async () => {
    const res = await admin.post('/api/admin/couriers/sync', {});
    expect(res.status).toBe(200);
    expect(res.body.offices).toEqual({ econt: 12, speedy: 12 });
    expect((await guest.post('/api/admin/couriers/sync', {})).status).toBe(401);
  });
});

describe('checkout and waybills without credentials', () => {
  it('orders to a demo office, still takes a typed office, and refuses a waybill saying the courier is not configured', async () => {
    const office = (await offices('speedy', 'варна център')).body.offices[0];
    const picked = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
      shipping: { method: 'speedy_office', officeId: office.id },
    });
    expect(picked.shipping.city).toBe('Варна');
    expect(picked.shipping.office).toEqual(expect.objectContaining({ courier: 'speedy', code: office.code }));

    const typed = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }]);
    expect(typed.shipping).toEqual(expect.objectContaining({ city: 'София', address: 'Офис Еконт Витоша', office: null }));

    const withOfficeOnAddress = await guest.post('/api/orders/create', {
      items: [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }],
      customer: { firstName: 'Иван', lastName: 'Иванов', email: 'ivan.addr@example.bg', phone: '0888123456' },
      shipping: { method: 'address', city: 'София', address: 'ул. Шипка 1', officeId: office.id },
      paymentMethod: 'cod',
      ageConfirmed: true,
      termsAccepted: true,
    });
    expect(withOfficeOnAddress.status).toBe(400);
    expect(withOfficeOnAddress.body.errors['shipping.officeId']).toBeTruthy();

    expect((await admin.put(`/api/admin/orders/${picked.id}`, { status: 'confirmed' })).status).toBe(200);
    const res = await admin.post(`/api/admin/orders/${picked.id}/shipment`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Спиди не е настроен.*SPEEDY_USER/);
    const after = (await admin.get(`/api/admin/orders/${picked.id}`)).body;
    expect(after.status).toBe('confirmed');
    expect(after.trackingNumber).toBe('');
    expect(after.trackingUrl).toBeNull();
    expect((await guest.post(`/api/admin/orders/${picked.id}/shipment`, {})).status).toBe(401);
  });
});

describe('courier settings', () => {
  it('are for staff: saved with the admin’s settings, checked, and never in the public settings', async () => {
    const res = await admin.put('/api/admin/settings', {
      couriers: { senderPhone: '0888 123 456', econtSenderOfficeCode: '1127', defaultWeightKg: 0.8 },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.couriers).toEqual(
      expect.objectContaining({
        senderName: 'ВАП СОЛО ЕООД',
        senderPhone: '0888 123 456',
        econtSenderOfficeCode: '1127',
        defaultWeightKg: 0.8,
      }),
    );
    const bad = await admin.put('/api/admin/settings', { couriers: { defaultWeightKg: 0, senderPhone: 'abc' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['couriers.defaultWeightKg', 'couriers.senderPhone']);
    expect((await guest.get('/api/settings')).body.couriers).toBeUndefined();
  });

  it('a product keeps its weight for the waybill', async () => {
    const res = await admin.put(`/api/admin/products/${cat.twins.id}`, { weightGrams: 180 });
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/admin/products/${cat.twins.id}`)).body.weightGrams).toBe(180);
    expect((await admin.put(`/api/admin/products/${cat.twins.id}`, { weightGrams: -1 })).status).toBe(400);
  });
});
