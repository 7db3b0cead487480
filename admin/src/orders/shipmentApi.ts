// The courier calls of the order screens: an order's waybill, making one, and its label link.
import { API_URL, httpClient } from '../httpClient';
import { submitOnce } from '../idempotency';
import type { ApiShipment } from '@domain/api';

export type ShipmentRecord = ApiShipment;

export async function fetchShipment(orderId: number | string): Promise<ShipmentRecord | null> {
  const { json } = await httpClient(`${API_URL}/admin/orders/${orderId}/shipment`);
  return (json?.shipment as ShipmentRecord | null) ?? null;
}

export async function createShipment(
  orderId: number | string,
  body: { weightKg?: number; reviewBeforePayment?: boolean },
): Promise<ShipmentRecord> {
  // One waybill per submission, however often it is sent.
  const url = `${API_URL}/admin/orders/${orderId}/shipment`;
  const sent = JSON.stringify(body);
  const { json } = await submitOnce('POST', url, sent, (headers) => httpClient(url, { method: 'POST', body: sent, headers }));
  return json.shipment as ShipmentRecord;
}
