// A local stand-in for Econt's and Speedy's APIs (node:http on port 0), answering as their
// documentation says, so that tests (and the browser journey) never call the real couriers.
// It records every request, checks the credentials the way each courier does (Econt: HTTP Basic;
// Speedy: userName/password in the body) and lets a test decide what tracking answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';

export interface RecordedRequest {
  courier: 'econt' | 'speedy';
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface StandInTracking {
  delivered?: boolean;
  codCollected?: boolean;
  returned?: boolean;
}

/**
 * How a courier misbehaves, from setFault until cleared: 'silent' never answers; 'slow' answers
 * after slowMs; 'stalled-body' sends its headers and the start of a JSON body, then nothing;
 * '5xx' its own 500 with an error in its format; 'broken-json' JSON that does not parse;
 * 'wrong-shape' valid JSON of another shape (strings where lists belong); 'no-offices' an empty
 * office list (other calls answer as usual).
 */
export type CourierFault = 'silent' | 'slow' | 'stalled-body' | '5xx' | 'broken-json' | 'wrong-shape' | 'no-offices';

export interface CourierStandIn {
  /** Base URLs for ECONT_API_URL and SPEEDY_API_URL. */
  econtUrl: string;
  speedyUrl: string;
  credentials: { user: string; password: string };
  requests: RecordedRequest[];
  /** The next waybill request to this courier is refused with this message. */
  refuseNext(courier: 'econt' | 'speedy', message: string): void;
  /** What tracking answers for a waybill from now on. */
  setTracking(courier: 'econt' | 'speedy', waybill: string, state: StandInTracking): void;
  /** From now on the label links and Speedy's print fail (or work again). */
  failLabels(fail: boolean): void;
  /** From now on every call to this courier fails this way (null: answers again). */
  setFault(courier: 'econt' | 'speedy', fault: CourierFault | null, slowMs?: number): void;
  /** What happened, in order: `arrived:<courier>:<path>` and `gone:<courier>:<path>` when the
   *  shop dropped a request the stand-in still held (its deadline). */
  events: string[];
  /** Resolves once `events` holds something matching. */
  until(test: RegExp): Promise<void>;
  /** Requests to one courier's method (path ending). */
  calls(courier: 'econt' | 'speedy', pathEnd: string): RecordedRequest[];
  close(): Promise<void>;
}

export const STAND_IN_ECONT_OFFICES = [
  { code: '1127', name: 'София Младост 1', city: 'София', postCode: '1784', fullAddress: 'ж.к. Младост 1, бул. „Александър Малинов“ 31' },
  { code: '4000', name: 'Пловдив Център', city: 'Пловдив', postCode: '4000', fullAddress: 'бул. „Руски“ 51' },
  { code: '9000', name: 'Варна Център', city: 'Варна', postCode: '9000', fullAddress: 'бул. „Владислав Варненчик“ 22' },
];
export const STAND_IN_SPEEDY_OFFICES = [
  { id: 14, name: 'СОФИЯ - МЛАДОСТ', siteName: 'СОФИЯ', address: 'ж.к. Младост 2, ул. „Свети Киприян“ 44' },
  { id: 101, name: 'ПЛОВДИВ - ЦЕНТЪР', siteName: 'ПЛОВДИВ', address: 'ул. „Иван Вазов“ 36' },
];

/** A one-page label PDF that names the waybill (tests read it back with pdf-parse). */
export function labelPdf(waybill: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.fontSize(14).text(`Waybill ${waybill}`);
    doc.end();
  });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
  });
}

export async function startCourierStandIn(credentials = { user: 'shop-user', password: 'shop-secret' }): Promise<CourierStandIn> {
  const requests: RecordedRequest[] = [];
  const refusals: Record<'econt' | 'speedy', string | null> = { econt: null, speedy: null };
  const tracking = new Map<string, StandInTracking>();
  let econtSeq = 1051000000000;
  let speedySeq = 30012300000;
  let base = '';
  let labelsFail = false;
  const faults: Record<'econt' | 'speedy', { fault: CourierFault; slowMs: number } | null> = { econt: null, speedy: null };
  const events: string[] = [];
  const waiters: Array<() => void> = [];
  const happened = (event: string) => {
    events.push(event);
    for (const w of waiters.splice(0)) w();
  };

  /** Answers as the fault says; false when there is none. */
  function misbehave(courier: 'econt' | 'speedy', path: string, res: http.ServerResponse): boolean {
    const f = faults[courier];
    if (!f || f.fault === 'slow') return false;
    if (f.fault === 'no-offices') {
      if (!/getOffices|location\/office/.test(path)) return false;
      json(res, 200, { offices: [] });
      return true;
    }
    const held = () => res.on('close', () => !res.writableFinished && happened(`gone:${courier}:${path}`));
    if (f.fault === 'silent') held();
    else if (f.fault === 'stalled-body') {
      held();
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.write('{"offices": [');
    } else if (f.fault === '5xx') {
      json(
        res,
        500,
        courier === 'econt'
          ? { type: 'ExInternal', message: 'Internal Server Error', innerErrors: [] }
          : { error: { message: 'Internal Server Error' } },
      );
    } else if (f.fault === 'broken-json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end('{"offices": [{"code": "1127", "name": ');
    } else {
      json(res, 200, { offices: 'many', label: 'none', shipmentStatuses: 'none', parcels: 'none', id: { no: 1 } });
    }
    return true;
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const pdf = async (res: http.ServerResponse, waybill: string) => {
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end(await labelPdf(waybill));
  };

  async function econt(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: any) {
    if (req.method === 'GET' && path.startsWith('label/'))
      return labelsFail ? json(res, 503, { message: 'unavailable' }) : pdf(res, path.slice(6).replace(/\.pdf$/, ''));
    const expected = 'Basic ' + Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64');
    if (req.headers.authorization !== expected)
      return json(res, 401, { type: 'ExAccessDenied', message: 'Невалидно потребителско име или парола', innerErrors: [] });
    if (path === 'Nomenclatures/NomenclaturesService.getOffices.json') {
      return json(res, 200, {
        offices: STAND_IN_ECONT_OFFICES.map((o, i) => ({
          id: i + 1,
          code: o.code,
          isMPS: false,
          isAPS: false,
          name: o.name,
          nameEn: o.name,
          phones: [],
          emails: [],
          address: {
            city: { id: i + 10, name: o.city, nameEn: o.city, postCode: o.postCode, country: { code3: 'BGR' } },
            fullAddress: o.fullAddress,
            fullAddressEn: o.fullAddress,
          },
        })),
      });
    }
    if (path === 'Shipments/LabelService.createLabel.json') {
      if (refusals.econt) {
        const message = refusals.econt;
        refusals.econt = null;
        return json(res, 400, {
          type: 'ExInvalidParam',
          message: 'Грешка при създаване на товарителница',
          innerErrors: [{ type: 'ExInvalidParam', message, fields: ['label.receiverClient.phones'] }],
        });
      }
      if (body?.mode !== 'create' || !body?.label?.receiverClient?.name)
        return json(res, 400, { type: 'ExInvalidParam', message: 'Липсва получател', innerErrors: [] });
      // Cash on delivery is either a наложен платеж (cdAmount with cdType 'get') or a postal money
      // transfer (moneyTransferAmount), never both; amounts are positive numbers.
      const services = body.label.services ?? {};
      const positive = (v: unknown) => v === undefined || (typeof v === 'number' && v > 0);
      if (
        (services.cdAmount !== undefined && services.moneyTransferAmount !== undefined) ||
        !positive(services.cdAmount) ||
        !positive(services.moneyTransferAmount) ||
        (services.cdAmount !== undefined && services.cdType !== 'get')
      ) {
        return json(res, 400, {
          type: 'ExInvalidParam',
          message: 'Невалиден наложен платеж или паричен превод',
          innerErrors: [{ type: 'ExInvalidParam', message: 'cdAmount/moneyTransferAmount', fields: ['label.services'] }],
        });
      }
      const n = String(econtSeq++);
      return json(res, 200, { label: { shipmentNumber: n, pdfURL: `${base}/econt/label/${n}.pdf`, totalPrice: 6.2, currency: 'BGN' } });
    }
    if (path === 'Shipments/ShipmentService.getShipmentStatuses.json') {
      return json(res, 200, {
        shipmentStatuses: (body?.shipmentNumbers ?? []).map((n: string) => {
          const t = tracking.get(`econt:${n}`) ?? {};
          return {
            status: {
              shipmentNumber: n,
              shortDeliveryStatus: t.returned ? 'Върната към подателя' : t.delivered ? 'Доставена' : 'Пътува',
              shortDeliveryStatusEn: t.returned ? 'Returned' : t.delivered ? 'Delivered' : 'In transit',
              deliveryTime: t.delivered ? '2026-11-20T12:00:00+02:00' : null,
              cdCollectedAmount: t.codCollected ? 1 : 0,
              cdCollectedTime: t.codCollected ? '2026-11-20T12:00:00+02:00' : null,
              trackingEvents: t.returned ? [{ destinationType: 'return', officeCode: '1127' }] : [],
            },
          };
        }),
      });
    }
    return json(res, 404, { type: 'ExNotFound', message: `Unknown method ${path}`, innerErrors: [] });
  }

  async function speedy(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: any) {
    if (body?.userName !== credentials.user || body?.password !== credentials.password) {
      return json(res, 200, { error: { context: 'user.invalid', message: 'Невалидно потребителско име или парола', id: 'E1' } });
    }
    if (path === 'location/office') {
      return json(res, 200, {
        offices: STAND_IN_SPEEDY_OFFICES.map((o) => ({
          id: o.id,
          name: o.name,
          nameEn: o.name,
          siteId: 68134,
          address: {
            countryId: 100,
            siteName: o.siteName,
            localAddressString: o.address,
            fullAddressString: `гр. ${o.siteName} ${o.address}`,
          },
        })),
      });
    }
    if (path === 'shipment') {
      if (refusals.speedy) {
        const message = refusals.speedy;
        refusals.speedy = null;
        return json(res, 200, { error: { context: 'recipient.phone1', message, id: 'E2' } });
      }
      const id = String(speedySeq++);
      return json(res, 200, { id, parcels: [{ seqNo: 1, id }], price: { amount: 5.5, total: 6.6, currency: 'BGN' } });
    }
    if (path === 'print')
      return labelsFail
        ? json(res, 200, { error: { message: 'Печатът не е наличен' } })
        : pdf(res, String(body?.parcels?.[0]?.parcel?.id ?? ''));
    if (path === 'track') {
      return json(res, 200, {
        parcels: (body?.parcels ?? []).map((p: { id: string }) => {
          const t = tracking.get(`speedy:${p.id}`) ?? {};
          const operations = [{ dateTime: '2026-11-19T10:00:00+02:00', operationCode: 1, description: 'Приета в Спиди' }];
          if (t.returned)
            operations.push({ dateTime: '2026-11-21T10:00:00+02:00', operationCode: 111, description: 'Върната към подателя' });
          else if (t.delivered) operations.push({ dateTime: '2026-11-20T12:00:00+02:00', operationCode: -14, description: 'Доставена' });
          return { parcelId: p.id, operations };
        }),
      });
    }
    return json(res, 200, { error: { message: `Unknown method ${path}` } });
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const text = await readBody(req);
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const courier = url.pathname.startsWith('/econt/') ? 'econt' : url.pathname.startsWith('/speedy/v1/') ? 'speedy' : null;
    if (!courier) return json(res, 404, { message: 'not found' });
    const path = url.pathname.slice(courier === 'econt' ? '/econt/'.length : '/speedy/v1/'.length);
    requests.push({ courier, method: req.method ?? 'GET', path, headers: req.headers, body });
    happened(`arrived:${courier}:${path}`);
    if (misbehave(courier, path, res)) return;
    // 'slow': the usual answer, late (dropped if the shop gave up meanwhile).
    const slowMs = faults[courier]?.fault === 'slow' ? faults[courier]!.slowMs : 0;
    if (slowMs) {
      res.on('close', () => !res.writableFinished && happened(`gone:${courier}:${path}`));
      await new Promise((r) => setTimeout(r, slowMs).unref());
      if (res.destroyed) return;
    }
    try {
      if (courier === 'econt') await econt(req, res, path, body);
      else await speedy(req, res, path, body);
    } catch (err) {
      json(res, 500, { message: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    econtUrl: `${base}/econt/`,
    speedyUrl: `${base}/speedy/v1/`,
    credentials,
    requests,
    refuseNext: (courier, message) => void (refusals[courier] = message),
    setTracking: (courier, waybill, state) => void tracking.set(`${courier}:${waybill}`, state),
    failLabels: (fail) => void (labelsFail = fail),
    setFault: (courier, fault, slowMs = 0) => void (faults[courier] = fault ? { fault, slowMs } : null),
    events,
    until: async (test) => {
      while (!events.some((e) => test.test(e))) await new Promise<void>((r) => waiters.push(r));
    },
    calls: (courier, pathEnd) => requests.filter((r) => r.courier === courier && r.path.endsWith(pathEnd)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
