// Speedy's JSON API v1 (https://api.speedy.bg/v1/): POST location/office, shipment, print, track,
// with userName and password in every body; a refusal answers { error: { message, ... } }.
import { z } from 'zod';
import type { CourierAccount } from '../../config';
import {
  COURIER_TIMEOUT_MS,
  CourierClient,
  CourierRefused,
  CourierUnavailable,
  CreatedShipment,
  OfficeRecord,
  ShipmentRequest,
  TrackedShipment,
  answerOf,
  joinUrl,
  postTo,
  titleCase,
} from './client';

export const SPEEDY_BULGARIA = 100;
export const SPEEDY_STANDARD_SERVICE = 505;
/** Track operation codes: delivered, and returned to the sender. */
export const SPEEDY_DELIVERED = -14;
const SPEEDY_RETURN_CODES = new Set([111, 124, 125]);
const RETURNED = /върн|отказ|return|refus/i;
const DELIVERED = /^(доставена|delivered)(?!\p{L})/iu;

interface SpeedyOffice {
  id: number;
  name: string;
  address?: { siteName?: string; fullAddressString?: string; localAddressString?: string; siteAddressString?: string };
}
interface SpeedyOperation {
  dateTime?: string;
  operationCode?: number;
  description?: string;
}

const optionalText = z.string().nullish();
const id = z.union([z.string(), z.number()]).nullish();
/** What the shop reads of each answer (other keys are kept, unread); checked before use. */
const ANSWER_SHAPES: Record<string, z.ZodType> = {
  'location/office': z.looseObject({
    offices: z.array(
      z.looseObject({
        id,
        name: optionalText,
        address: z
          .looseObject({
            siteName: optionalText,
            fullAddressString: optionalText,
            localAddressString: optionalText,
            siteAddressString: optionalText,
          })
          .nullish(),
      }),
    ),
  }),
  shipment: z.looseObject({ id, parcels: z.array(z.looseObject({ id })).nullish() }),
  track: z.looseObject({
    parcels: z.array(
      z.looseObject({ parcelId: id, operations: z.array(z.looseObject({ operationCode: id, description: optionalText })).nullish() }),
    ),
  }),
};

export function speedyClient(account: CourierAccount, timeoutMs = COURIER_TIMEOUT_MS): CourierClient {
  async function call(path: string, body: Record<string, unknown>) {
    const res = await postTo(
      joinUrl(account.apiUrl, path),
      { userName: account.user, password: account.password, language: 'BG', ...body },
      {},
      timeoutMs,
    );
    const error = res.json && typeof res.json === 'object' ? res.json.error : undefined;
    if (error) throw new CourierRefused(String(error.message ?? error.code ?? 'грешка'));
    if (res.status < 200 || res.status >= 300) throw new CourierUnavailable(`Speedy answered ${res.status}`);
    return res;
  }
  async function json(path: string, body: Record<string, unknown>): Promise<any> {
    const res = await call(path, body);
    if (!res.json) throw new CourierUnavailable(`Speedy answered ${res.type || 'no JSON'}`);
    return answerOf(ANSWER_SHAPES[path], res.json, `Speedy ${path}`);
  }
  async function print(parcelId: string): Promise<Buffer> {
    const res = await call('print', { paper: 'A6', parcels: [{ parcel: { id: parcelId } }] });
    if (!res.bytes || res.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CourierUnavailable('Speedy sent no PDF');
    return res.bytes;
  }

  return {
    courier: 'speedy',

    async offices(): Promise<OfficeRecord[]> {
      const answer = await json('location/office', { countryId: SPEEDY_BULGARIA });
      return ((answer.offices ?? []) as SpeedyOffice[])
        .filter((o) => o.id && o.name)
        .map((o) => ({
          code: String(o.id),
          name: o.name,
          city: titleCase(o.address?.siteName ?? ''),
          address: o.address?.localAddressString || o.address?.fullAddressString || o.address?.siteAddressString || '',
        }));
    },

    async createShipment(req: ShipmentRequest): Promise<CreatedShipment> {
      const serviceId = req.serviceId ?? SPEEDY_STANDARD_SERVICE;
      const additionalServices: Record<string, unknown> = {};
      if (req.codAmount > 0)
        additionalServices.cod = { amount: req.codAmount, currencyCode: req.currency, processingType: 'POSTAL_MONEY_TRANSFER' };
      // "Преглед": the receiver may open the parcel before paying; a refusal comes back to us.
      if (req.reviewBeforePayment)
        additionalServices.obpd = { option: 'OPEN', returnShipmentServiceId: serviceId, returnShipmentPayer: 'SENDER' };
      const answer = await json('shipment', {
        sender: {
          phone1: { number: req.sender.phone },
          contactName: req.sender.name,
          ...(req.sender.officeCode ? { dropoffOfficeId: Number(req.sender.officeCode) } : {}),
        },
        recipient: {
          phone1: { number: req.receiver.phone },
          clientName: req.receiver.name,
          privatePerson: true,
          ...(req.receiver.email ? { email: req.receiver.email } : {}),
          ...(req.officeCode
            ? { pickupOfficeId: Number(req.officeCode) }
            : {
                address: {
                  countryId: SPEEDY_BULGARIA,
                  siteName: req.address!.city,
                  postCode: req.address!.postcode,
                  addressNote: req.address!.address,
                },
              }),
        },
        service: { serviceId, autoAdjustPickupDate: true, ...(Object.keys(additionalServices).length ? { additionalServices } : {}) },
        content: { parcelsCount: 1, totalWeight: req.weightKg, contents: req.contents, package: 'BOX' },
        payment: { courierServicePayer: 'SENDER' },
        ref1: req.orderNumber,
      });
      const waybill = answer.id;
      if (!waybill) throw new CourierRefused('Спиди не върна номер на товарителница');
      const parcelId = String(answer.parcels?.[0]?.id ?? waybill);
      const label = await print(parcelId).catch(() => null);
      return { waybillNumber: String(waybill), parcelId, label, labelRemoteUrl: '' };
    },

    async track(waybills: string[]): Promise<Map<string, TrackedShipment>> {
      const out = new Map<string, TrackedShipment>();
      if (!waybills.length) return out;
      const answer = await json('track', { parcels: waybills.map((id) => ({ id })) });
      for (const p of (answer.parcels ?? []) as Array<{ parcelId?: string; operations?: SpeedyOperation[]; error?: unknown }>) {
        if (p.error || !p.parcelId) continue;
        const ops = p.operations ?? [];
        const returned = ops.some((o) => SPEEDY_RETURN_CODES.has(Number(o.operationCode)) || RETURNED.test(o.description ?? ''));
        const delivered = !returned && ops.some((o) => Number(o.operationCode) === SPEEDY_DELIVERED || DELIVERED.test(o.description ?? ''));
        const last = ops[ops.length - 1];
        // Speedy hands cash on delivery over at the door: delivered means collected.
        out.set(String(p.parcelId), { status: last?.description ?? '', returned, delivered, codCollected: delivered });
      }
      return out;
    },

    async label(shipment) {
      return print(shipment.parcelId || shipment.waybillNumber);
    },
  };
}
