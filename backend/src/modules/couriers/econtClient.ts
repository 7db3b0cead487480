// Econt's JSON services (https://ee.econt.com/services/, demo https://demo.econt.com/ee/services/):
// HTTP Basic auth, POST <Service>.<method>.json. Request and answer shapes from
// @alphabite/econt-types (Econt's own documentation as TypeScript).
import type {
  CreateLabelRequest,
  CreateLabelResponse,
  EcontApiError,
  GetOfficesRequest,
  GetOfficesResponse,
  GetShipmentStatusesRequest,
  GetShipmentStatusesResponse,
  ShipmentStatus,
  ShippingLabel,
  ShippingLabelServices,
} from '@alphabite/econt-types';
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
  getPdf,
  joinUrl,
  postTo,
} from './client';

export const ECONT_PATHS = {
  offices: 'Nomenclatures/NomenclaturesService.getOffices.json',
  createLabel: 'Shipments/LabelService.createLabel.json',
  statuses: 'Shipments/ShipmentService.getShipmentStatuses.json',
} as const;

/** Econt's error: { type, message, innerErrors: [...] }; the inner messages say what is wrong
 *  (read defensively: an error of another shape says nothing rather than throwing). */
function errorText(e: EcontApiError | undefined, depth = 0): string {
  if (!e || typeof e !== 'object' || depth > 5) return '';
  const inner = (Array.isArray(e.innerErrors) ? e.innerErrors : []).map((i) => errorText(i, depth + 1)).filter(Boolean);
  return [typeof e.message === 'string' ? e.message : '', ...inner].filter(Boolean).join(' ').trim();
}

const optionalText = z.string().nullish();
const code = z.union([z.string(), z.number()]).nullish();
/** Read only for whether it is there: any value. */
const present = z.unknown();
/** What the shop reads of each answer (other keys are kept, unread); checked before use. */
const ANSWER_SHAPES: Record<string, z.ZodType> = {
  [ECONT_PATHS.offices]: z.looseObject({
    offices: z.array(
      z.looseObject({
        code,
        name: optionalText,
        address: z.looseObject({ city: z.looseObject({ name: optionalText }).nullish(), fullAddress: optionalText }).nullish(),
      }),
    ),
  }),
  [ECONT_PATHS.createLabel]: z.looseObject({ label: z.looseObject({ shipmentNumber: code, pdfURL: optionalText }) }),
  [ECONT_PATHS.statuses]: z.looseObject({
    shipmentStatuses: z.array(
      z.looseObject({
        status: z
          .looseObject({
            shipmentNumber: code,
            shortDeliveryStatus: optionalText,
            shortDeliveryStatusEn: optionalText,
            deliveryTime: present,
            cdCollectedTime: present,
            cdCollectedAmount: z.number().nullish(),
            trackingEvents: z.array(z.looseObject({ destinationType: optionalText })).nullish(),
          })
          .nullish(),
      }),
    ),
  }),
};

const RETURNED = /върн|отказ|return|refus|reject/i;
const DELIVERED = /^(доставена|delivered)(?!\p{L})/iu;

/**
 * The waybill's cash on delivery. By default a postal money transfer (ППП): Econt's
 * ShippingLabelServices.moneyTransferAmount, which takes the place of the наложен платеж
 * (cdAmount/cdType), as Speedy's cod.processingType POSTAL_MONEY_TRANSFER; with
 * ECONT_COD_AS=cash_on_delivery, Econt's наложен платеж in the order's currency.
 */
export function codServices(
  req: Pick<ShipmentRequest, 'codAmount' | 'currency'>,
  account: Pick<CourierAccount, 'codAs'>,
): ShippingLabelServices {
  if (!(req.codAmount > 0)) return {};
  if (account.codAs === 'cash_on_delivery') return { cdAmount: req.codAmount, cdType: 'get', cdCurrency: req.currency };
  return { moneyTransferAmount: req.codAmount };
}

export function econtClient(account: CourierAccount, timeoutMs = COURIER_TIMEOUT_MS): CourierClient {
  const auth = 'Basic ' + Buffer.from(`${account.user}:${account.password}`).toString('base64');

  async function call<T>(path: string, body: unknown): Promise<T> {
    const res = await postTo(joinUrl(account.apiUrl, path), body, { Authorization: auth }, timeoutMs);
    if (res.json && res.status >= 200 && res.status < 300 && !res.json.type)
      return answerOf(ANSWER_SHAPES[path], res.json, `Econt ${path}`) as T;
    const text = res.json ? errorText(res.json as EcontApiError) : '';
    if (text) throw new CourierRefused(text);
    if (res.status === 401 || res.status === 403) throw new CourierRefused('грешен потребител или парола за API-то');
    throw new CourierUnavailable(`Econt answered ${res.status}`);
  }

  return {
    courier: 'econt',

    async offices(): Promise<OfficeRecord[]> {
      const answer = await call<GetOfficesResponse>(ECONT_PATHS.offices, { countryCode: 'BGR' } satisfies GetOfficesRequest);
      return (answer.offices ?? [])
        .filter((o) => o.code && o.name)
        .map((o) => ({ code: String(o.code), name: o.name, city: o.address?.city?.name ?? '', address: o.address?.fullAddress ?? '' }));
    },

    async createShipment(req: ShipmentRequest): Promise<CreatedShipment> {
      const label: ShippingLabel = {
        senderClient: { name: req.sender.name, phones: [req.sender.phone] },
        ...(req.sender.officeCode
          ? { senderOfficeCode: req.sender.officeCode }
          : req.sender.address
            ? {
                senderAddress: {
                  city: { name: req.sender.city ?? '', postCode: req.sender.postcode ?? '', country: { code3: 'BGR' } } as any,
                  other: req.sender.address,
                },
              }
            : {}),
        receiverClient: {
          name: req.receiver.name,
          phones: [req.receiver.phone],
          ...(req.receiver.email ? { email: req.receiver.email } : {}),
        },
        ...(req.officeCode
          ? { receiverOfficeCode: req.officeCode }
          : {
              receiverAddress: {
                city: { name: req.address!.city, postCode: req.address!.postcode, country: { code3: 'BGR' } } as any,
                other: req.address!.address,
              },
            }),
        packCount: 1,
        shipmentType: 'pack' as ShippingLabel['shipmentType'],
        weight: req.weightKg,
        shipmentDescription: req.contents,
        orderNumber: req.orderNumber,
        // The shopper paid the delivery with the order: the shop pays Econt.
        paymentSenderMethod: 'credit',
        ...(req.reviewBeforePayment ? { payAfterAccept: true } : {}),
        services: codServices(req, account),
      };
      const answer = await call<CreateLabelResponse>(ECONT_PATHS.createLabel, { label, mode: 'create' } satisfies CreateLabelRequest);
      const waybill = answer.label?.shipmentNumber;
      if (!waybill) throw new CourierRefused('Еконт не върна номер на товарителница');
      const remote = answer.label?.pdfURL ?? '';
      let pdf: Buffer | null = null;
      if (remote) pdf = await getPdf(remote).catch(() => null);
      return { waybillNumber: String(waybill), parcelId: '', label: pdf, labelRemoteUrl: remote };
    },

    async track(waybills: string[]): Promise<Map<string, TrackedShipment>> {
      const out = new Map<string, TrackedShipment>();
      if (!waybills.length) return out;
      const answer = await call<GetShipmentStatusesResponse>(ECONT_PATHS.statuses, {
        shipmentNumbers: waybills,
      } satisfies GetShipmentStatusesRequest);
      (answer.shipmentStatuses ?? []).forEach((row, i) => {
        const s: ShipmentStatus | undefined = row.status;
        if (!s) return;
        const number = String(s.shipmentNumber ?? waybills[i]);
        const said = [s.shortDeliveryStatus, s.shortDeliveryStatusEn].filter(Boolean).join(' / ');
        const returned = (s.trackingEvents ?? []).some((e) => e.destinationType === 'return') || RETURNED.test(said);
        const delivered =
          !returned &&
          (Boolean(s.deliveryTime) || (s.trackingEvents ?? []).some((e) => e.destinationType === 'client') || DELIVERED.test(said));
        out.set(number, {
          status: s.shortDeliveryStatus || s.shortDeliveryStatusEn || '',
          returned,
          delivered,
          // A cash-on-delivery parcel is handed over only against the cash.
          codCollected: !returned && (delivered || Boolean(s.cdCollectedTime || (s.cdCollectedAmount ?? 0) > 0)),
        });
      });
      return out;
    },

    async label(shipment) {
      if (shipment.labelRemoteUrl) return getPdf(shipment.labelRemoteUrl);
      throw new CourierUnavailable('no label link');
    },
  };
}
