// Econt's cash on delivery as a postal money transfer (ППП): the waybill carries
// moneyTransferAmount by default (as Speedy's POSTAL_MONEY_TRANSFER), Econt's наложен платеж
// only when the shop chooses it; the stand-in refuses a label that mixes the two, as Econt does.
import { econtClient, codServices } from '../src/modules/couriers/econtClient';
import type { ShipmentRequest } from '../src/modules/couriers/client';
import { startCourierStandIn, type CourierStandIn } from './courierStandIn';

let standIn: CourierStandIn;
beforeAll(async () => {
  standIn = await startCourierStandIn();
});
afterAll(() => standIn.close());

const request: ShipmentRequest = {
  orderNumber: 'VS-10042',
  sender: { name: 'ВАП СОЛО ЕООД', phone: '0888123456', officeCode: '1000' },
  receiver: { name: 'Петър Колев', phone: '0899111222' },
  officeCode: '9000',
  weightKg: 0.5,
  codAmount: 45.9,
  currency: 'EUR',
  reviewBeforePayment: false,
  contents: 'Стоки',
};
const account = (codAs?: 'money_transfer' | 'cash_on_delivery') => ({
  apiUrl: standIn.econtUrl,
  user: standIn.credentials.user,
  password: standIn.credentials.password,
  codAs,
});
const lastLabel = () => standIn.calls('econt', 'LabelService.createLabel.json').at(-1)!.body.label;

it('books cash on delivery as a postal money transfer by default', async () => {
  const created = await econtClient(account()).createShipment(request);
  expect(created.waybillNumber).toMatch(/^\d+$/);
  expect(lastLabel().services).toEqual({ moneyTransferAmount: 45.9 });
  await econtClient(account('money_transfer')).createShipment(request);
  expect(lastLabel().services).toEqual({ moneyTransferAmount: 45.9 });
});

it("books Econt's наложен платеж when the shop chooses it, and nothing without an amount", async () => {
  await econtClient(account('cash_on_delivery')).createShipment(request);
  expect(lastLabel().services).toEqual({ cdAmount: 45.9, cdType: 'get', cdCurrency: 'EUR' });
  await econtClient(account()).createShipment({ ...request, codAmount: 0 });
  expect(lastLabel().services).toEqual({});
  expect(codServices({ codAmount: 0, currency: 'BGN' }, { codAs: 'cash_on_delivery' })).toEqual({});
});

it('is checked by the stand-in: both kinds at once are refused', async () => {
  const res = await fetch(`${standIn.econtUrl.replace(/\/$/, '')}/Shipments/LabelService.createLabel.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Basic ' + Buffer.from('shop-user:shop-secret').toString('base64') },
    body: JSON.stringify({
      mode: 'create',
      label: { receiverClient: { name: 'X' }, services: { cdAmount: 5, cdType: 'get', moneyTransferAmount: 5 } },
    }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { innerErrors: Array<{ fields: string[] }> }).innerErrors[0].fields).toEqual(['label.services']);
});
