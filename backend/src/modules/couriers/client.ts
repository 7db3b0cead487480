// What the shop asks of a courier, whichever it is: its offices, a waybill with its label, and
// the state of its shipments. econtClient.ts and speedyClient.ts speak the couriers' own APIs.
import type { Courier } from '@domain/couriers';
import { z } from 'zod';
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

/** One courier call, headers and body together, takes at most this long (COURIER_TIMEOUT_MS):
 *  a waybill (the call, then its label) stays well inside nginx's 60 s, and the office sync,
 *  asking both couriers at once, inside 45 s. */
export const COURIER_TIMEOUT_MS = 15_000;

export function isConfigured(account: CourierAccount): boolean {
  return Boolean(account.user && account.password);
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

/** Why a call did not get an answer, for the log (the timeout's own name says it). */
function failure(err: unknown): string {
  const e = err as Error & { cause?: Error };
  return String(e?.name === 'TimeoutError' ? 'timed out' : (e?.cause?.message ?? e?.message ?? err));
}

/**
 * POST JSON and read the answer as JSON or bytes, the whole request under one deadline (a courier
 * that sends its headers and then stalls the body times out too). Anything but an answer —
 * refused connection, timeout, a cut body, unreadable JSON, the courier's own 5xx — is
 * CourierUnavailable: the courier is not answering, it did not refuse.
 */
export async function postTo(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = COURIER_TIMEOUT_MS,
): Promise<{ status: number; type: string; json?: any; bytes?: Buffer }> {
  let status: number;
  let type: string;
  let bytes: Buffer;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json, application/pdf', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    type = res.headers.get('content-type') ?? '';
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new CourierUnavailable(failure(err));
  }
  if (status >= 500) throw new CourierUnavailable(`answered ${status}`);
  if (type.includes('json')) {
    try {
      return { status, type, json: JSON.parse(bytes.toString('utf8')) };
    } catch {
      throw new CourierUnavailable(`unreadable JSON (${status})`);
    }
  }
  return { status, type, bytes };
}

/** A PDF fetched by GET (Econt's label link), under the same deadline. */
export async function getPdf(url: string, headers: Record<string, string> = {}, timeoutMs = COURIER_TIMEOUT_MS): Promise<Buffer> {
  let ok: boolean;
  let status: number;
  let bytes: Buffer;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    ok = res.ok;
    status = res.status;
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new CourierUnavailable(failure(err));
  }
  if (!ok || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CourierUnavailable(`no PDF at the label link (${status})`);
  return bytes;
}

/** A courier's answer checked against the shape the shop reads (zod) before any of it is used:
 *  another shape is a courier not answering properly, never a TypeError and a 500. */
export function answerOf<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new CourierUnavailable(
      `unexpected answer to ${what}: ${parsed.error.issues[0]?.path.join('.') || 'root'} ${parsed.error.issues[0]?.message ?? ''}`,
    );
  return parsed.data;
}

/** "СОФИЯ" → "София": Speedy writes place names in capitals. */
export function titleCase(name: string): string {
  if (name !== name.toLocaleUpperCase('bg')) return name;
  return name.toLocaleLowerCase('bg').replace(/(^|[\s\-.(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase('bg'));
}
