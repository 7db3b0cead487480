// The order screens' calls beyond react-admin's CRUD (the dataProvider spreads them in): an
// order's waybill, making one, and deleting an order with its reason.
import { API_URL, httpClient } from '../httpClient';
import { submitOnce } from '../idempotency';
import type { ApiShipment } from '@domain/api';

export type ShipmentRecord = ApiShipment;

export interface ShipmentBody {
  weightKg?: number;
  reviewBeforePayment?: boolean;
}

export async function fetchShipment(orderId: number | string): Promise<ShipmentRecord | null> {
  const { json } = await httpClient(`${API_URL}/admin/orders/${orderId}/shipment`);
  return (json?.shipment as ShipmentRecord | null) ?? null;
}

export async function createShipment(orderId: number | string, body: ShipmentBody): Promise<ShipmentRecord> {
  // One waybill per submission, however often it is sent.
  const url = `${API_URL}/admin/orders/${orderId}/shipment`;
  const sent = JSON.stringify(body);
  const { json } = await submitOnce('POST', url, sent, (headers) => httpClient(url, { method: 'POST', body: sent, headers }));
  return json.shipment as ShipmentRecord;
}

export interface OrderMethods {
  /** The order's waybill, or null while it has none. */
  orderShipment(orderId: number | string): Promise<ShipmentRecord | null>;
  createShipment(orderId: number | string, body: ShipmentBody): Promise<ShipmentRecord>;
  /** The reason goes with the deletion (the audit log keeps it). */
  deleteOrder(orderId: number | string, reason: string): Promise<void>;
}

export const orderMethods: OrderMethods = {
  orderShipment: fetchShipment,
  createShipment,
  deleteOrder: async (orderId, reason) => {
    await httpClient(`${API_URL}/admin/orders/${orderId}?${new URLSearchParams({ reason })}`, { method: 'DELETE' });
  },
};
