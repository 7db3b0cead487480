// One customer's page for staff: the list's row (customers/service) plus every phone they gave,
// the places their parcels went (office or address, how often, when last) and their latest
// orders with links. Orders are theirs by e-mail, as in the list, so the counts agree.
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { orderOffice } from '../couriers';
import { fromMinor } from '@domain/money';
import { normalizePhone } from '@domain/customers';
import { CUSTOMER_ORDERS_SHOWN } from '@domain/limits';
import { ORDER_STATUS_LABELS, countsAsSale } from '@domain/orderStatus';
import type { ApiCustomerDetail } from '@domain/api';
import type { CustomerRow } from './service';

export async function customerDetail(row: CustomerRow): Promise<ApiCustomerDetail> {
  const orders = await Order.query()
    .whereRaw('lower(customer_email) = ?', [row.email])
    .select(
      'id',
      'number',
      'status',
      'paymentStatus',
      'paymentMethod',
      'total',
      'currency',
      'customerPhone',
      'shippingMethod',
      'shippingCity',
      'shippingPostcode',
      'shippingAddress',
      'shippingOffice',
      'createdAt',
    )
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  const shown = orders.slice(0, CUSTOMER_ORDERS_SHOWN);
  const counts = shown.length
    ? ((await OrderItem.knex()('order_items')
        .whereIn(
          'orderId',
          shown.map((o) => o.id),
        )
        .select('orderId')
        .sum({ pieces: 'quantity' })
        .groupBy('orderId')) as Array<{ orderId: number; pieces: number | string }>)
    : [];
  const pieces = new Map(counts.map((c) => [Number(c.orderId), Number(c.pieces)]));

  const phones = new Map<string, string>();
  for (const p of [row.phone, ...orders.map((o) => o.customerPhone)]) {
    const key = normalizePhone(p);
    if (key && !phones.has(key)) phones.set(key, p);
  }
  const addresses = new Map<string, ApiCustomerDetail['addresses'][number]>();
  for (const o of orders) {
    const office = orderOffice(o);
    const key = office
      ? `office:${office.courier}:${office.code}`
      : `${o.shippingMethod}:${o.shippingPostcode}:${o.shippingCity}:${o.shippingAddress}`.toLocaleLowerCase('bg');
    const seen = addresses.get(key);
    if (seen) seen.orderCount++;
    else
      addresses.set(key, {
        method: o.shippingMethod,
        city: o.shippingCity,
        postcode: o.shippingPostcode,
        address: o.shippingAddress,
        office,
        orderCount: 1,
        lastUsedAt: o.createdAt,
      });
  }
  const sales = orders.filter((o) => countsAsSale(o.status)).length;
  return {
    ...row,
    phones: [...phones.values()],
    firstOrderAt: orders.length ? orders[orders.length - 1].createdAt : null,
    averageOrder: sales ? Math.round((row.totalSpent / sales) * 100) / 100 : 0,
    addresses: [...addresses.values()],
    orders: shown.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt,
      status: o.status,
      statusLabel: ORDER_STATUS_LABELS[o.status],
      paymentStatus: o.paymentStatus,
      paymentMethod: o.paymentMethod,
      total: fromMinor(o.total) ?? 0,
      currency: o.currency,
      itemCount: pieces.get(o.id) ?? 0,
    })),
  };
}
