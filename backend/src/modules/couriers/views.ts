// Answer shapes of the courier module: an order's office snapshot and tracking link, a shipment.
import { ApiOffice, COURIER_OF_METHOD, COURIERS, Courier, trackingUrl } from '@domain/couriers';
import { fromMinor } from '@domain/money';
import type { ApiShipment } from '@domain/api';
import type { Order } from '../../models/Order';

export function orderOffice(o: Pick<Order, 'shippingOffice'>): ApiOffice | null {
  if (!o.shippingOffice) return null;
  try {
    return JSON.parse(o.shippingOffice) as ApiOffice;
  } catch {
    return null;
  }
}

function isCourier(v: unknown): v is Courier {
  return typeof v === 'string' && (COURIERS as readonly string[]).includes(v);
}

/** The courier's public tracking page for the order's tracking number, when the courier is known. */
export function orderTrackingUrl(o: Pick<Order, 'trackingNumber' | 'trackingCourier' | 'shippingMethod'>): string | null {
  if (!o.trackingNumber) return null;
  const courier = isCourier(o.trackingCourier) ? o.trackingCourier : COURIER_OF_METHOD[o.shippingMethod];
  return courier ? trackingUrl(courier, o.trackingNumber) : null;
}

export interface ShipmentRow {
  id: number;
  orderId: number;
  courier: Courier;
  waybillNumber: string;
  parcelId: string;
  codAmount: number;
  currency: string;
  weightGrams: number;
  reviewBeforePayment: boolean | number;
  status: string;
  courierStatus: string;
  labelPdf?: Buffer | null;
  labelRemoteUrl: string;
  deliveredAt: string | null;
  codCollectedAt: string | null;
  returnedAt: string | null;
  trackedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ShipmentView = ApiShipment;

export function shipmentView(s: ShipmentRow): ShipmentView {
  return {
    id: s.id,
    orderId: s.orderId,
    courier: s.courier,
    waybillNumber: s.waybillNumber,
    codAmount: fromMinor(s.codAmount)!,
    currency: s.currency,
    weightKg: s.weightGrams / 1000,
    reviewBeforePayment: Boolean(s.reviewBeforePayment),
    status: s.status,
    courierStatus: s.courierStatus,
    labelUrl: `/api/admin/shipments/${s.id}/label`,
    trackingUrl: trackingUrl(s.courier, s.waybillNumber),
    deliveredAt: s.deliveredAt,
    codCollectedAt: s.codCollectedAt,
    returnedAt: s.returnedAt,
    createdAt: s.createdAt,
  };
}
