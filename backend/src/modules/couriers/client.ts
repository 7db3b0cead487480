// What the shop asks of a courier, whichever it is: its offices, a waybill with its label, and
// the state of its shipments. econtClient.ts and speedyClient.ts speak the couriers' own APIs.
import type { Courier } from '../../../../domain/couriers';
import type { CourierAccount } from '../../config';

export interface OfficeRecord {
  code: string;
  name: string;
  city: string;
  address: string;
}

export interface Party {
  name: string;
  phone: string;
  email?: string;
}

export interface ShipmentRequest {
  orderNumber: string;
  sender: Party & { officeCode?: string; city?: string; postcode?: string; address?: string };
  receiver: Party;
  /** The receiver's office (the courier's code), or else their address. */
  officeCode?: string;
  address?: { city: string; postcode: string; address: string };
  weightKg: number;
  /** Cash on delivery in decimal units of `currency`; 0 for none. */
  codAmount: number;
  currency: string;
  reviewBeforePayment: boolean;
  contents: string;
  /** Speedy's service (505: standard 24 hours). */
  serviceId?: number;
}

export interface CreatedShipment {
  waybillNumber: string;
  parcelId: string;
  /** The label PDF, or null when it could not be fetched now (then labelRemoteUrl, if any). */
  label: Buffer | null;
  labelRemoteUrl: string;
}

export interface TrackedShipment {
  /** The courier's own words for where the parcel is. */
  status: string;
  delivered: boolean;
  codCollected: boolean;
  returned: boolean;
}

export interface CourierClient {
  courier: Courier;
  offices(): Promise<OfficeRecord[]>;
  createShipment(req: ShipmentRequest): Promise<CreatedShipment>;
  /** By waybill number; a waybill the courier does not answer about is left out. */
  track(waybills: string[]): Promise<Map<string, TrackedShipment>>;
  /** The label of an existing shipment, fetched again. */
  label(shipment: { waybillNumber: string; parcelId: string; labelRemoteUrl: string }): Promise<Buffer>;
}

/** The courier answered and said no: its own message, for staff. */
export class CourierRefused extends Error {}
/** The courier did not answer (network, timeout, a page instead of JSON). */
export class CourierUnavailable extends Error {}

export const COURIER_TIMEOUT_MS = 30_000;

export function isConfigured(account: CourierAccount): boolean {
  return Boolean(account.user && account.password);
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

/** POST JSON and read the answer as JSON or bytes; network failures become CourierUnavailable. */
export async function postTo(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; type: string; json?: any; bytes?: Buffer }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json, application/pdf', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(COURIER_TIMEOUT_MS),
    });
  } catch (err) {
    throw new CourierUnavailable(String((err as Error)?.message ?? err));
  }
  const type = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  if (type.includes('json')) {
    try {
      return { status: res.status, type, json: JSON.parse(bytes.toString('utf8')) };
    } catch {
      throw new CourierUnavailable(`unreadable JSON (${res.status})`);
    }
  }
  return { status: res.status, type, bytes };
}

/** A PDF fetched by GET (Econt's label link). */
export async function getPdf(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(COURIER_TIMEOUT_MS) });
  } catch (err) {
    throw new CourierUnavailable(String((err as Error)?.message ?? err));
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CourierUnavailable(`no PDF at the label link (${res.status})`);
  return bytes;
}

/** "СОФИЯ" → "София": Speedy writes place names in capitals. */
export function titleCase(name: string): string {
  if (name !== name.toLocaleUpperCase('bg')) return name;
  return name.toLocaleLowerCase('bg').replace(/(^|[\s\-.(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase('bg'));
}
