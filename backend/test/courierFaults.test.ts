// Couriers that fail to answer — refused connection, silence, a slow answer past the deadline,
// headers and then a stalled body, their own 500, broken JSON, JSON of another shape — never
// make a 500: staff get 503 „… не отговаря в момента“ (a refusal of the courier's own stays
// 409), the office sync asks both couriers at once, and the checkout's office search never waits
// on a courier. All against the local stand-in, with a short deadline.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { startCourierStandIn, CourierStandIn, CourierFault } from './courierStandIn';
import { officeSyncRunning } from '../src/modules/couriers/offices';

type Courier = 'econt' | 'speedy';
type Failure = CourierFault | 'refused';

const DEADLINE_MS = 400;
const FAILURES: Failure[] = ['refused', 'silent', 'slow', 'stalled-body', '5xx', 'broken-json', 'wrong-shape'];
const UNREACHABLE = {
  econt: 'Еконт не отговаря в момента. Опитайте отново след малко.',
  speedy: 'Спиди не отговаря в момента. Опитайте отново след малко.',
};

let shop: TestShop;
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let guest: Browser;
let standIn: CourierStandIn;
let closedUrl = '';
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));
let quiet: jest.SpyInstance;

/** A port nothing listens on: connections are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

function fail(couriers: Courier[], failure: Failure | null) {
  for (const c of couriers) {
    const url = c === 'econt' ? standIn.econtUrl : standIn.speedyUrl;
    shop.config[c].apiUrl = failure === 'refused' ? `${closedUrl}/${c}/` : url;
    standIn.setFault(c, failure === 'refused' ? null : failure, DEADLINE_MS * 5);
  }
}

async function withFailure<T>(couriers: Courier[], failure: Failure, run: () => Promise<T>): Promise<T> {
  fail(couriers, failure);
  try {
    return await run();
  } finally {
    fail(couriers, null);
  }
}

async function confirmedOrder(courier: Courier) {
  const q = courier === 'econt' ? 'пловдив' : 'софия';
  const office = (await guest.get(`/api/couriers/offices?courier=${courier}&q=${encodeURIComponent(q)}`)).body.offices[0].id;
  const order = await placeOrder(guest, [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity: 1 }], {
    shipping: { method: `${courier}_office`, officeId: office },
  });
  expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'confirmed' })).status).toBe(200);
  return order;
}

beforeAll(async () => {
  quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  standIn = await startCourierStandIn();
  closedUrl = `http://127.0.0.1:${await closedPort()}`;
  const account = (apiUrl: string) => ({ apiUrl, user: standIn.credentials.user, password: standIn.credentials.password });
  shop = await makeShop({ outboxDir, econt: account(standIn.econtUrl), speedy: account(standIn.speedyUrl), courierTimeoutMs: DEADLINE_MS });
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
  expect((await admin.post('/api/admin/couriers/sync', {})).status).toBe(200);
});
afterAll(async () => {
  await shop.close();
  await standIn.close();
  quiet.mockRestore();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('the checkout’s office search', () => {
  it('answers at once on an empty directory while a silent courier is asked in the background, once', async () => {
    await shop.app.knex('courier_offices').where({ courier: 'econt' }).delete();
    const asked = standIn.calls('econt', 'getOffices.json').length;
    await withFailure(['econt'], 'silent', async () => {
      shop.config.courierTimeoutMs = 2_000;
      try {
        const first = await guest.get('/api/couriers/offices?courier=econt&q=софия');
        expect(first.status).toBe(200);
        expect(first.body).toEqual({ offices: [], demo: false, syncing: true });
        const second = await guest.get('/api/couriers/offices?courier=econt&q=варна');
        expect(second.body).toEqual({ offices: [], demo: false, syncing: true });
        await standIn.until(/^arrived:econt:.*getOffices/);
        // Both answered while the courier still held the one request the shop made.
        expect(standIn.events.filter((e) => /^gone:econt/.test(e))).toEqual([]);
        expect(standIn.calls('econt', 'getOffices.json')).toHaveLength(asked + 1);
        await expect(officeSyncRunning('econt')).rejects.toThrow();
      } finally {
        shop.config.courierTimeoutMs = DEADLINE_MS;
      }
    });
    // The failed fill is not retried by every search; an empty list, never an error.
    const after = await guest.get('/api/couriers/offices?courier=econt&q=софия');
    expect(after.status).toBe(200);
    expect(after.body.offices).toEqual([]);
    expect(standIn.calls('econt', 'getOffices.json')).toHaveLength(asked + 1);
  });

  it.each(FAILURES)('answers 200 with no offices when the courier fails (%s)', async (failure) => {
    await shop.app.knex('courier_offices').where({ courier: 'speedy' }).delete();
    await withFailure(['speedy'], failure, async () => {
      const res = await guest.get('/api/couriers/offices?courier=speedy&q=софия');
      expect(res.status).toBe(200);
      expect(res.body.offices).toEqual([]);
      await officeSyncRunning('speedy')?.catch(() => undefined);
    });
  });
});

describe('the office sync', () => {
  it.each(FAILURES)('answers 503 saying neither courier answers, and keeps the directory (%s)', async (failure) => {
    expect((await admin.post('/api/admin/couriers/sync', {})).status).toBe(200);
    const res = await withFailure(['econt', 'speedy'], failure, () => admin.post('/api/admin/couriers/sync', {}));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(`${UNREACHABLE.econt} ${UNREACHABLE.speedy}`);
    expect(res.body.message).not.toMatch(/отказа/);
    expect((await guest.get('/api/couriers/offices?courier=econt&q=пловдив')).body.offices).toHaveLength(1);
  });

  it('asks both couriers at once', async () => {
    standIn.events.length = 0;
    const res = await withFailure(['econt', 'speedy'], 'silent', () => admin.post('/api/admin/couriers/sync', {}));
    expect(res.status).toBe(503);
    // Each request held until the shop dropped it at its deadline: both arrived before either was dropped.
    await standIn.until(/^gone:econt:/);
    await standIn.until(/^gone:speedy:/);
    const firstGone = standIn.events.findIndex((e) => e.startsWith('gone:'));
    const asked = standIn.events
      .slice(0, firstGone)
      .filter((e) => e.startsWith('arrived:'))
      .map((e) => e.split(':')[1])
      .sort();
    expect(asked).toEqual(['econt', 'speedy']);
  });

  it('keeps the directory when a courier answers with no offices at all', async () => {
    const res = await withFailure(['econt', 'speedy'], 'no-offices', () => admin.post('/api/admin/couriers/sync', {}));
    expect(res.status).toBe(503);
    expect((await guest.get('/api/couriers/offices?courier=econt&q=пловдив')).body.offices).toHaveLength(1);
    expect((await guest.get('/api/couriers/offices?courier=speedy&q=софия')).body.offices).toHaveLength(1);
  });

  it('says which courier failed when the other answered', async () => {
    const res = await withFailure(['speedy'], 'wrong-shape', () => admin.post('/api/admin/couriers/sync', {}));
    expect(res.status).toBe(200);
    expect(res.body.offices).toEqual({ econt: 3, speedy: null });
    expect(res.body.failed).toEqual({ speedy: UNREACHABLE.speedy });
  });
});

describe('a waybill from the admin', () => {
  const cases = FAILURES.flatMap((f) => (['econt', 'speedy'] as Courier[]).map((c) => [c, f] as const));
  it.each(cases)('%s: answers 503 „не отговаря“ and changes nothing; a later try succeeds (%s)', async (courier, failure) => {
    const order = await confirmedOrder(courier);
    const res = await withFailure([courier], failure, () => admin.post(`/api/admin/orders/${order.id}/shipment`, {}));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(UNREACHABLE[courier]);
    expect((await admin.get(`/api/admin/orders/${order.id}/shipment`)).body.shipment).toBeNull();
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.status).toBe('confirmed');
    expect((await admin.post(`/api/admin/orders/${order.id}/shipment`, {})).status).toBe(201);
  });
});

describe('tracking', () => {
  beforeAll(async () => {
    // An open shipment with each courier to ask about.
    for (const courier of ['econt', 'speedy'] as Courier[]) {
      const order = await confirmedOrder(courier);
      expect((await admin.post(`/api/admin/orders/${order.id}/shipment`, {})).status).toBe(201);
    }
  });

  it.each(FAILURES)('answers 503 when no courier answers, and names the one that did not (%s)', async (failure) => {
    const both = await withFailure(['econt', 'speedy'], failure, () => admin.post('/api/admin/couriers/track', {}));
    expect([both.status, both.body]).toEqual([503, expect.anything()]);
    expect(both.body.message).toBe(`${UNREACHABLE.econt} ${UNREACHABLE.speedy}`);
    const one = await withFailure(['econt'], failure, () => admin.post('/api/admin/couriers/track', {}));
    expect(one.status).toBe(200);
    expect(one.body.failed).toEqual(['econt']);
    expect(one.body.message).toContain(UNREACHABLE.econt);
  });
});
