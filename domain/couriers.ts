// Couriers (Econt, Speedy): which shipping method goes with which courier, the shopper's public
// tracking pages, the limits of the office search and the texts of the courier features, kept
// once for the server, the storefront and the admin.
import type { ShippingMethod } from './orderStatus';

export const COURIERS = ['econt', 'speedy'] as const;
export type Courier = (typeof COURIERS)[number];

export const COURIER_LABELS: Readonly<Record<Courier, string>> = { econt: 'Еконт', speedy: 'Спиди' };

/** The courier that delivers an office method; address deliveries go with Econt by default. */
export const COURIER_OF_METHOD: Readonly<Record<ShippingMethod, Courier | null>> = {
  econt_office: 'econt',
  speedy_office: 'speedy',
  address: null,
};

/** The office picker's search: at most this many offices per answer, this long a query. */
export const OFFICE_SEARCH_MAX_RESULTS = 50;
export const OFFICE_QUERY_MAX = 100;
/** A parcel's weight on the waybill: product weights and the default setting, in kilograms. */
export const PARCEL_WEIGHT_MIN_KG = 0.1;
export const PARCEL_WEIGHT_MAX_KG = 50;
export const PRODUCT_WEIGHT_MAX_GRAMS = 50_000;
/** How often the shop asks the couriers about its open shipments, and refreshes the offices. */
export const TRACKING_INTERVAL_MS = 30 * 60_000;
export const OFFICE_SYNC_INTERVAL_MS = 24 * 60 * 60_000;
/** Shipments older than this are no longer asked about (the courier has long finished). */
export const TRACKING_MAX_AGE_DAYS = 60;

/** The courier of an order: named on the order when known, else told by the delivery method. */
export function courierOf(shippingMethod: string, courier?: string | null): Courier | null {
  if (courier === 'econt' || courier === 'speedy') return courier;
  return COURIER_OF_METHOD[shippingMethod as ShippingMethod] ?? null;
}

/** The courier's public page where the shopper follows the parcel. */
export function trackingUrl(courier: Courier, waybill: string): string {
  const n = encodeURIComponent(waybill.trim());
  return courier === 'econt'
    ? `https://www.econt.com/services/track-shipment/${n}`
    : `https://www.speedy.bg/bg/track-shipment?shipmentNumber=${n}`;
}

/** An office as the API answers it (the checkout's picker, the order's snapshot). */
export interface ApiOffice {
  id: number;
  courier: Courier;
  code: string;
  name: string;
  city: string;
  address: string;
}

export const COURIER_TEXT = {
  officeRequired: 'Изберете офис от списъка.',
  officeUnknown: 'Няма такъв офис. Изберете офис от списъка.',
  officeOfOtherCourier: (courier: Courier) => `Този офис не е на ${COURIER_LABELS[courier]}. Изберете офис на ${COURIER_LABELS[courier]}.`,
  officeNotForAddress: 'При доставка до адрес не се избира офис.',
  invalidCourier: 'Изберете куриер: econt или speedy.',
  notConfigured: (courier: Courier) =>
    `Куриерът ${COURIER_LABELS[courier]} не е настроен: задайте потребител и парола за API-то му (${courier === 'econt' ? 'ECONT_USER, ECONT_PASSWORD' : 'SPEEDY_USER, SPEEDY_PASSWORD'}) и рестартирайте магазина.`,
  courierRefused: (message: string) => `Куриерът отказа: ${message}`,
  courierUnreachable: (courier: Courier) => `${COURIER_LABELS[courier]} не отговаря в момента. Опитайте отново след малко.`,
  shipmentExists: 'За тази поръчка вече има товарителница.',
  shipmentInProgress: 'Товарителницата за тази поръчка се създава в момента.',
  shipmentNeedsConfirmed: 'Товарителница се създава за потвърдена поръчка. Първо потвърдете поръчката.',
  officeNotInDirectory:
    'Поръчката няма офис от указателя на куриера. Свържете се с клиента и създайте товарителницата в системата на куриера.',
  senderMissing: 'Попълнете подателя (име и телефон) в Настройки → Куриери.',
  shipmentCreated: (waybill: string) => `Товарителницата ${waybill} е създадена.`,
  shipmentNotFound: 'Няма такава товарителница.',
  labelMissing: 'Етикетът на тази товарителница не е наличен.',
  officesSynced: 'Указателят на офисите е обновен.',
  trackingDone: 'Пратките са проверени.',
  officesLoading: 'Указателят на офисите се зарежда от куриера. Опитайте отново след малко.',
  returnedNotice: (number: string, waybill: string, status: string) =>
    `Пратката ${waybill} за поръчка ${number} се връща или е отказана: ${status}`,
} as const;
