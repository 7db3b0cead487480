// Couriers against a local stand-in of Econt's and Speedy's APIs: the office directory from the
// APIs, checkout with an office, the waybill request the shop sends (office, COD amount, phone,
// credentials), the label for staff only, a courier's refusal, and tracking that delivers the
// order, marks cash on delivery paid and tells staff about a returned parcel.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { makeShop, TestShop, Browser } from './helpers';
import { makeCatalogue, Catalogue, placeOrder } from './fixtures';
import { startCourierStandIn, CourierStandIn } from './courierStandIn';
import { Notification, Order, Product } from '../src/models';
import { officeSyncRunning } from '../src/modules/couriers/offices';
import { binary } from './pdf';

let shop: TestShop;
let cat: Catalogue;
let admin: Browser & { userId: number; email: string };
let guest: Browser;
let standIn: CourierStandIn;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-outbox-'));

/** Read a response body as bytes (supertest parses only text types by default). */
/** A PDF's text, read by pdf-parse in a plain node process (pdf.js needs real ES modules). */
function pdfText(pdf: Buffer): string {
  const script =
    "import { PDFParse } from 'pdf-parse'; const chunks = []; for await (const c of process.stdin) chunks.push(c);" +
    ' const p = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }); process.stdout.write((await p.getText()).text); await p.destroy();';
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    cwd: path.resolve(__dirname, '../..'),
  }).toString('utf8');
}

const triples = (quantity: number) => [{ productId: cat.triples.id, variantId: cat.triples.variant, quantity }];

async function officeId(courier: 'econt' | 'speedy', q: string): Promise<number> {
  const res = await guest.get(`/api/couriers/offices?courier=${courier}&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.offices[0].id;
}

async function confirmedOrder(
  method: 'econt_office' | 'speedy_office' | 'address',
  office: number | null,
  extra: Record<string, unknown> = {},
) {
  const shipping = office
    ? { method, officeId: office }
    : { method, city: 'Пловдив', postcode: '4000', address: 'ул. „Капитан Райчо“ 15, ет. 2' };
  const order = await placeOrder(guest, triples(2), { shipping, ...extra });
  expect((await admin.put(`/api/admin/orders/${order.id}`, { status: 'confirmed' })).status).toBe(200);
  return order;
}

beforeAll(async () => {
  standIn = await startCourierStandIn();
  const account = (apiUrl: string) => ({ apiUrl, user: standIn.credentials.user, password: standIn.credentials.password });
  shop = await makeShop({ outboxDir, econt: account(standIn.econtUrl), speedy: account(standIn.speedyUrl) });
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
  guest = shop.browser();
  await guest.csrf();
});
afterAll(async () => {
  await shop.close();
  await standIn.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('the office directory from the couriers’ APIs', () => {
  it('fills itself from Econt with HTTP Basic auth and finds offices by city in Cyrillic or Latin', async () => {
    // The first search does not wait on the courier: it starts the fill and says so.
    const first = await guest.get('/api/couriers/offices?courier=econt&q=пловдив');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ offices: [], demo: false, syncing: true });
    await officeSyncRunning('econt');
    const res = await guest.get('/api/couriers/offices?courier=econt&q=пловдив');
    expect(res.status).toBe(200);
    expect(res.body.offices).toEqual([
      { id: expect.any(Number), courier: 'econt', code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' },
    ]);
    expect(res.body.demo).toBe(false);
    const call = standIn.calls('econt', 'NomenclaturesService.getOffices.json')[0];
    expect(call.headers.authorization).toBe('Basic ' + Buffer.from('shop-user:shop-secret').toString('base64'));
    expect(call.body).toEqual({ countryCode: 'BGR' });
    expect((await guest.get('/api/couriers/offices?courier=econt&q=PLOVDIV')).body.offices.map((o: any) => o.code)).toEqual(['4000']);
    expect((await guest.get('/api/couriers/offices?courier=econt&q=МЛАДОСТ')).body.offices.map((o: any) => o.code)).toEqual(['1127']);
  });

  it('fills itself from Speedy with userName and password in the body; Speedy’s capitals become a readable city', async () => {
    expect((await guest.get('/api/couriers/offices?courier=speedy&q=sofia')).body.syncing).toBe(true);
    await officeSyncRunning('speedy');
    const res = await guest.get('/api/couriers/offices?courier=speedy&q=sofia');
    expect(res.body.offices).toEqual([
      {
        id: expect.any(Number),
        courier: 'speedy',
        code: '14',
        name: 'СОФИЯ - МЛАДОСТ',
        city: 'София',
        address: 'ж.к. Младост 2, ул. „Свети Киприян“ 44',
      },
    ]);
    const call = standIn.calls('speedy', 'location/office')[0];
    expect(call.body).toEqual(expect.objectContaining({ userName: 'shop-user', password: 'shop-secret', countryId: 100 }));
  });

  it('is refreshed on demand by staff only', async () => {
    const customer = await shop.signedIn();
    expect((await customer.post('/api/admin/couriers/sync', {})).status).toBe(403);
    const res = await admin.post('/api/admin/couriers/sync', {});
    expect(res.status).toBe(200);
    expect(res.body.offices).toEqual({ econt: 3, speedy: 2 });
    expect(standIn.calls('econt', 'getOffices.json').length).toBe(2);
  });
});

describe('checkout with an office', () => {
  it('takes city and address from the picked office and keeps a snapshot of it on the order', async () => {
    const id = await officeId('econt', 'Пловдив');
    const order = await placeOrder(guest, triples(1), { shipping: { method: 'econt_office', officeId: id } });
    expect(order.shipping).toEqual(
      expect.objectContaining({ method: 'econt_office', city: 'Пловдив', address: 'Пловдив Център, бул. „Руски“ 51' }),
    );
    expect(order.shipping.office).toEqual({
      id,
      courier: 'econt',
      code: '4000',
      name: 'Пловдив Център',
      city: 'Пловдив',
      address: 'бул. „Руски“ 51',
    });
  });

  it('refuses an office of the other courier and an unknown office on shipping.officeId', async () => {
    const speedyOffice = await officeId('speedy', 'софия');
    const body = (shipping: object) => ({
      items: triples(1),
      customer: { firstName: 'Мария', lastName: 'Иванова', email: 'maria.office@example.bg', phone: '0888123456' },
      shipping,
      paymentMethod: 'cod',
      ageConfirmed: true,
      termsAccepted: true,
    });
    const other = await guest.post('/api/orders/create', body({ method: 'econt_office', officeId: speedyOffice }));
    expect(other.status).toBe(400);
    expect(other.body.errors['shipping.officeId']).toMatch(/Еконт/);
    const unknown = await guest.post('/api/orders/create', body({ method: 'speedy_office', officeId: 999999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['shipping.officeId']).toBeTruthy();
    expect(await Order.query().where({ customerEmail: 'maria.office@example.bg' }).resultSize()).toBe(0);
  });
});

describe('waybills', () => {
  it('creates an Econt waybill to the office with cash on delivery for the order’s total; the order is shipped with it', async () => {
    const order = await confirmedOrder('econt_office', await officeId('econt', 'варна'), {
      customer: { firstName: 'Петър', lastName: 'Колев', email: 'petar@example.bg', phone: '0899 111 222' },
    });
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, { reviewBeforePayment: true });
    expect(res.status).toBe(201);
    const { shipment } = res.body;
    expect(shipment).toEqual(
      expect.objectContaining({
        courier: 'econt',
        waybillNumber: expect.stringMatching(/^\d+$/),
        codAmount: order.total,
        labelUrl: `/api/admin/shipments/${shipment.id}/label`,
      }),
    );

    const sent = standIn.calls('econt', 'LabelService.createLabel.json').at(-1)!;
    expect(sent.headers.authorization).toBe('Basic ' + Buffer.from('shop-user:shop-secret').toString('base64'));
    expect(sent.body.mode).toBe('create');
    expect(sent.body.label).toEqual(
      expect.objectContaining({
        receiverOfficeCode: '9000',
        receiverClient: expect.objectContaining({ name: 'Петър Колев', phones: ['0899 111 222'] }),
        payAfterAccept: true,
        // Cash on delivery booked as a postal money transfer (ППП), as with Speedy.
        services: { moneyTransferAmount: order.total },
        orderNumber: order.number,
      }),
    );
    expect(sent.body.label.senderClient).toEqual(expect.objectContaining({ name: 'ВАП СОЛО ЕООД' }));

    const after = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(after.status).toBe('shipped');
    expect(after.trackingNumber).toBe(shipment.waybillNumber);
    expect(after.trackingUrl).toBe(`https://www.econt.com/services/track-shipment/${shipment.waybillNumber}`);
    expect((await admin.get(`/api/admin/orders/${order.id}/shipment`)).body.shipment.waybillNumber).toBe(shipment.waybillNumber);

    // The shopper's order page links to Econt's tracking page.
    expect((await guest.get(`/api/orders/${order.id}`)).body.order.trackingUrl).toBe(
      `https://www.econt.com/services/track-shipment/${shipment.waybillNumber}`,
    );

    const again = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(again.status).toBe(409);
    expect(standIn.calls('econt', 'createLabel.json').length).toBe(1);
  });

  it('serves the label PDF to staff only', async () => {
    const order = await confirmedOrder('econt_office', await officeId('econt', 'софия'));
    const { shipment } = (await admin.post(`/api/admin/orders/${order.id}/shipment`, {})).body;
    const label = await admin.get(shipment.labelUrl).buffer(true).parse(binary);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect((label.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The courier's own label, fetched from the link Econt gave, for this waybill.
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `label/${shipment.waybillNumber}.pdf`)).toBe(true);
    expect(pdfText(label.body as Buffer)).toContain(`Waybill ${shipment.waybillNumber}`);
    const anon = shop.browser();
    expect((await anon.get(shipment.labelUrl)).status).toBe(401);
    expect((await (await shop.signedIn()).get(shipment.labelUrl)).status).toBe(403);
  });

  it('gives staff the shop’s own label page when the courier’s label cannot be had', async () => {
    const order = await confirmedOrder('speedy_office', await officeId('speedy', 'пловдив'));
    standIn.failLabels(true);
    try {
      const { shipment } = (await admin.post(`/api/admin/orders/${order.id}/shipment`, {})).body;
      const label = await admin.get(shipment.labelUrl).buffer(true).parse(binary);
      expect(label.status).toBe(200);
      expect(label.headers['content-type']).toBe('application/pdf');
      const text = pdfText(label.body as Buffer);
      expect(text).toContain(shipment.waybillNumber);
      expect(text).toContain('ПЛОВДИВ - ЦЕНТЪР');
      expect(text).toMatch(/Наложен платеж/);
    } finally {
      standIn.failLabels(false);
    }
  });

  it('shows the courier’s refusal in Bulgarian and changes nothing; a later try succeeds', async () => {
    const order = await confirmedOrder('econt_office', await officeId('econt', 'пловдив'));
    standIn.refuseNext('econt', 'Невалиден телефон на получателя');
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Куриерът отказа: Грешка при създаване на товарителница Невалиден телефон на получателя');
    const after = (await admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(after.status).toBe('confirmed');
    expect(after.trackingNumber).toBe('');
    expect((await admin.get(`/api/admin/orders/${order.id}/shipment`)).body.shipment).toBeNull();
    expect((await admin.post(`/api/admin/orders/${order.id}/shipment`, {})).status).toBe(201);
  });

  it('makes one waybill when staff click twice at once', async () => {
    const order = await confirmedOrder('econt_office', await officeId('econt', 'варна'));
    const asked = standIn.calls('econt', 'createLabel.json').length;
    const answers = await Promise.all([
      admin.post(`/api/admin/orders/${order.id}/shipment`, {}),
      admin.post(`/api/admin/orders/${order.id}/shipment`, {}),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(standIn.calls('econt', 'createLabel.json').length).toBe(asked + 1);
  });

  it('finds the directory office an older order typed as text, and asks staff when the text names none', async () => {
    await officeId('econt', 'пловдив'); // the directory is filled
    const typed = await confirmedOrder('econt_office', null);
    await Order.query()
      .patch({ shippingAddress: 'Офис Еконт Пловдив Център' } as Partial<Order>)
      .findById(typed.id);
    const res = await admin.post(`/api/admin/orders/${typed.id}/shipment`, {});
    expect(res.status).toBe(201);
    expect(standIn.calls('econt', 'createLabel.json').at(-1)!.body.label.receiverOfficeCode).toBe('4000');

    const vague = await confirmedOrder('econt_office', null);
    await Order.query()
      .patch({ shippingAddress: 'някой офис на Еконт' } as Partial<Order>)
      .findById(vague.id);
    const refused = await admin.post(`/api/admin/orders/${vague.id}/shipment`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/няма офис от указателя/);
    expect((await admin.get(`/api/admin/orders/${vague.id}`)).body.status).toBe('confirmed');
  });

  it('refuses an order that is not confirmed yet', async () => {
    const order = await placeOrder(guest, triples(1), { shipping: { method: 'econt_office', officeId: await officeId('econt', 'варна') } });
    const asked = standIn.calls('econt', 'createLabel.json').length;
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/потвърдена/);
    expect(standIn.calls('econt', 'createLabel.json').length).toBe(asked);
  });

  it('sends Speedy the office, the phone, the credentials in the body and COD as a postal money transfer', async () => {
    const order = await confirmedOrder('speedy_office', await officeId('speedy', 'пловдив'), {
      customer: { firstName: 'Ана', lastName: 'Димова', email: 'ana@example.bg', phone: '+359 87 555 6666' },
    });
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, { weightKg: 1.2 });
    expect(res.status).toBe(201);
    expect(res.body.shipment).toEqual(expect.objectContaining({ courier: 'speedy', codAmount: order.total }));
    const sent = standIn.calls('speedy', 'shipment').at(-1)!.body;
    expect(sent).toEqual(expect.objectContaining({ userName: 'shop-user', password: 'shop-secret' }));
    expect(sent.recipient).toEqual(
      expect.objectContaining({ pickupOfficeId: 101, phone1: { number: '+359 87 555 6666' }, clientName: 'Ана Димова' }),
    );
    expect(sent.service.additionalServices.cod).toEqual(
      expect.objectContaining({ amount: order.total, processingType: 'POSTAL_MONEY_TRANSFER' }),
    );
    expect(sent.content.totalWeight).toBe(1.2);
    expect(standIn.calls('speedy', 'print').at(-1)!.body.parcels).toEqual([{ parcel: { id: res.body.shipment.waybillNumber } }]);
    expect((await admin.get(`/api/admin/orders/${order.id}`)).body.trackingUrl).toBe(
      `https://www.speedy.bg/bg/track-shipment?shipmentNumber=${res.body.shipment.waybillNumber}`,
    );
  });

  it('asks no cash on delivery for an order paid by bank transfer, and weighs the products', async () => {
    await Product.query()
      .patch({ weightGrams: 250 } as Partial<Product>)
      .findById(cat.triples.id);
    const order = await confirmedOrder('speedy_office', await officeId('speedy', 'софия'), { paymentMethod: 'bank_transfer' });
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(res.body.shipment.codAmount).toBe(0);
    const sent = standIn.calls('speedy', 'shipment').at(-1)!.body;
    expect(sent.service.additionalServices).toBeUndefined();
    expect(sent.content.totalWeight).toBe(0.5);
  });

  it('sends an address order to the address with the default courier', async () => {
    const order = await confirmedOrder('address', null);
    const res = await admin.post(`/api/admin/orders/${order.id}/shipment`, {});
    expect(res.status).toBe(201);
    expect(res.body.shipment.courier).toBe('econt');
    const label = standIn.calls('econt', 'createLabel.json').at(-1)!.body.label;
    expect(label.receiverOfficeCode).toBeUndefined();
    expect(label.receiverAddress).toEqual(
      expect.objectContaining({
        other: 'ул. „Капитан Райчо“ 15, ет. 2',
        city: expect.objectContaining({ name: 'Пловдив', postCode: '4000' }),
      }),
    );
  });
});

describe('tracking', () => {
  it('delivers the order and marks cash on delivery paid; a returned parcel becomes a staff notification', async () => {
    const delivered = await confirmedOrder('econt_office', await officeId('econt', 'варна'));
    const econtWaybill = (await admin.post(`/api/admin/orders/${delivered.id}/shipment`, {})).body.shipment.waybillNumber;
    const returned = await confirmedOrder('speedy_office', await officeId('speedy', 'софия'));
    const speedyWaybill = (await admin.post(`/api/admin/orders/${returned.id}/shipment`, {})).body.shipment.waybillNumber;

    // Nothing has happened yet: the orders stay shipped.
    await admin.post('/api/admin/couriers/track', {});
    expect((await admin.get(`/api/admin/orders/${delivered.id}`)).body.status).toBe('shipped');

    standIn.setTracking('econt', econtWaybill, { delivered: true, codCollected: true });
    standIn.setTracking('speedy', speedyWaybill, { returned: true });
    const res = await admin.post('/api/admin/couriers/track', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ delivered: 1, paid: 1, returned: 1 }));
    expect(standIn.calls('econt', 'getShipmentStatuses.json').at(-1)!.body.shipmentNumbers).toContain(econtWaybill);
    expect(standIn.calls('speedy', 'track').at(-1)!.body.parcels).toContainEqual({ id: speedyWaybill });

    const d = (await admin.get(`/api/admin/orders/${delivered.id}`)).body;
    expect(d.status).toBe('delivered');
    expect(d.paymentStatus).toBe('paid');
    expect((await admin.get(`/api/admin/orders/${returned.id}`)).body.status).toBe('shipped');
    const notes = await Notification.query().where('message', 'like', `%${speedyWaybill}%`);
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe(`/admin/orders/${returned.id}`);

    // Asking again changes nothing more and notifies no one twice.
    const again = await admin.post('/api/admin/couriers/track', {});
    expect(again.body).toEqual(expect.objectContaining({ delivered: 0, paid: 0, returned: 0 }));
    expect(await Notification.query().where('message', 'like', `%${speedyWaybill}%`).resultSize()).toBe(1);
  });
});

describe('a courier that refuses the shop', () => {
  it('leaves the search empty instead of failing, and the refresh says why in the courier’s words', async () => {
    const good = shop.config.speedy.password;
    shop.config.speedy.password = 'wrong-secret';
    try {
      await shop.app.knex('courier_offices').where({ courier: 'speedy' }).delete();
      const search = await guest.get('/api/couriers/offices?courier=speedy&q=софия');
      expect(search.status).toBe(200);
      expect(search.body.offices).toEqual([]);
      const sync = await admin.post('/api/admin/couriers/sync', {});
      expect(sync.status).toBe(200);
      expect(sync.body.offices).toEqual({ econt: 3, speedy: null });
      expect(sync.body.failed.speedy).toBe('Куриерът отказа: Невалидно потребителско име или парола');
    } finally {
      shop.config.speedy.password = good;
    }
    expect((await admin.post('/api/admin/couriers/sync', {})).body.offices).toEqual({ econt: 3, speedy: 2 });
  });
});
