// Waybills: one per order, made with the order's courier (receiver, office or address, weight,
// cash on delivery for the order's total, "преглед" on request). The order keeps the waybill as
// its tracking number and moves to `shipped` through the orders' one transition function (its
// mail follows the commit). A courier's
// refusal changes nothing and is shown to staff in the courier's own words.
import type { Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from '../../config';
import { conflict, notFound, serviceUnavailable } from '../../platform/http/errors';
import { recordIdempotentEffect, type IdempotencyClaim } from '../../platform/http/idempotency';
import { Order } from '../../models/Order';
import { Product } from '../../models/Product';
import { changeOrder, findOrder, setTracking, type Actor } from '../orders';
import { getSettings, ShopSettings } from '../settings';
import { ApiOffice, COURIER_OF_METHOD, COURIER_TEXT, Courier, PARCEL_WEIGHT_MAX_KG, PARCEL_WEIGHT_MIN_KG } from '@domain/couriers';
import { fromMinor } from '@domain/money';
import {
  clientFor,
  CourierRefused,
  CourierUnavailable,
  isConfigured,
  officeFromText,
  orderOffice,
  ShipmentRequest,
  ShipmentRow,
  shipmentView,
  ShipmentView,
} from '../couriers';
import { shopLabelPdf } from './labelPdf';

const TABLE = 'shipments';
/** A waybill request that never finished (the process died mid-call) stops blocking after this. */
const CREATING_STALE_MS = 10 * 60_000;
/** What the light list of shipments reads (never the label's bytes). */
const COLUMNS = [
  'id',
  'orderId',
  'courier',
  'waybillNumber',
  'parcelId',
  'codAmount',
  'currency',
  'weightGrams',
  'reviewBeforePayment',
  'status',
  'courierStatus',
  'labelRemoteUrl',
  'deliveredAt',
  'codCollectedAt',
  'returnedAt',
  'trackedAt',
  'createdAt',
  'updatedAt',
];

function db(trx?: Knex): Knex {
  return trx ?? (Model.knex() as Knex);
}

export function courierOfOrder(order: Pick<Order, 'shippingMethod'>, settings: ShopSettings): Courier {
  return COURIER_OF_METHOD[order.shippingMethod] ?? settings.couriers.addressCourier;
}

export async function shipmentOfOrder(orderId: number): Promise<ShipmentView | null> {
  const row: ShipmentRow | undefined = await db()(TABLE).where({ orderId }).whereNot({ status: 'creating' }).first(COLUMNS);
  return row ? shipmentView(row) : null;
}

/** Sum of the products' weights × quantities; products without a weight count the default. */
async function parcelWeightKg(order: Order, settings: ShopSettings): Promise<number> {
  const items = order.items ?? [];
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const products = ids.length ? await Product.query().whereIn('id', ids).select('id', 'weightGrams') : [];
  const grams = new Map(products.map((p) => [p.id, (p as unknown as { weightGrams: number | null }).weightGrams]));
  let known = 0;
  let unknown = false;
  for (const i of items) {
    const g = i.productId !== null ? grams.get(i.productId) : null;
    if (g) known += g * i.quantity;
    else unknown = true;
  }
  const kg = unknown ? Math.max(known / 1000, settings.couriers.defaultWeightKg) : known / 1000;
  return Math.min(PARCEL_WEIGHT_MAX_KG, Math.max(PARCEL_WEIGHT_MIN_KG, Math.round(kg * 1000) / 1000));
}

/** The receiver's office: the order's snapshot, or the one directory office its free text names. */
async function destinationOffice(order: Order, courier: Courier): Promise<ApiOffice | null> {
  if (!COURIER_OF_METHOD[order.shippingMethod]) return null;
  const snapshot = orderOffice(order);
  if (snapshot && snapshot.courier === courier) return snapshot;
  const guessed = await officeFromText(courier, order.shippingAddress);
  if (!guessed) throw conflict(COURIER_TEXT.officeNotInDirectory, { shipping: COURIER_TEXT.officeNotInDirectory });
  return guessed;
}

/** Hold the order against a second waybill while the courier is asked (unique order_id). */
async function reserve(orderId: number, courier: Courier): Promise<number> {
  const existing: ShipmentRow | undefined = await db()(TABLE).where({ orderId }).first(COLUMNS);
  if (existing) {
    if (existing.status !== 'creating') throw conflict(COURIER_TEXT.shipmentExists, { shipment: COURIER_TEXT.shipmentExists });
    if (Date.now() - Date.parse(existing.createdAt) < CREATING_STALE_MS)
      throw conflict(COURIER_TEXT.shipmentInProgress, { shipment: COURIER_TEXT.shipmentInProgress });
    await db()(TABLE).where({ id: existing.id, status: 'creating' }).delete();
  }
  const now = new Date().toISOString();
  try {
    const [inserted] = await db()(TABLE).insert({ orderId, courier, status: 'creating', createdAt: now, updatedAt: now }).returning('id');
    return typeof inserted === 'object' ? inserted.id : inserted;
  } catch {
    throw conflict(COURIER_TEXT.shipmentInProgress, { shipment: COURIER_TEXT.shipmentInProgress });
  }
}

export interface ShipmentOptions {
  weightKg?: number;
  reviewBeforePayment?: boolean;
  /** Sent with an Idempotency-Key: the request's claim, which the waybill is recorded on. */
  once?: IdempotencyClaim;
}

export async function createShipment(config: Config, orderId: number, opts: ShipmentOptions, actor: Actor): Promise<ShipmentView> {
  const order = await findOrder(orderId);
  const settings = await getSettings();
  const courier = courierOfOrder(order, settings);
  if (!isConfigured(config[courier])) throw conflict(COURIER_TEXT.notConfigured(courier), { courier: COURIER_TEXT.notConfigured(courier) });
  const existing: ShipmentRow | undefined = await db()(TABLE).where({ orderId }).whereNot({ status: 'creating' }).first(COLUMNS);
  if (existing) throw conflict(COURIER_TEXT.shipmentExists, { shipment: COURIER_TEXT.shipmentExists });
  if (order.status !== 'confirmed') throw conflict(COURIER_TEXT.shipmentNeedsConfirmed, { status: COURIER_TEXT.shipmentNeedsConfirmed });
  const s = settings.couriers;
  if (!s.senderName.trim() || !s.senderPhone.trim()) throw conflict(COURIER_TEXT.senderMissing, { sender: COURIER_TEXT.senderMissing });

  const office = await destinationOffice(order, courier);
  const weightKg = opts.weightKg ?? (await parcelWeightKg(order, settings));
  const currency = order.currency ?? 'BGN';
  // Cash on delivery collects what the shopper owes: the order's total, in the order's currency.
  const codMinor = order.paymentMethod === 'cod' && order.paymentStatus === 'unpaid' ? order.total : 0;
  const senderOffice = courier === 'econt' ? s.econtSenderOfficeCode : s.speedySenderOfficeId;
  const request: ShipmentRequest = {
    orderNumber: order.number,
    sender: {
      name: s.senderName,
      phone: s.senderPhone,
      ...(senderOffice ? { officeCode: senderOffice } : { city: s.senderCity, postcode: s.senderPostcode, address: s.senderAddress }),
    },
    receiver: {
      name: `${order.customerFirstName} ${order.customerLastName}`.trim(),
      phone: order.customerPhone,
      email: order.customerEmail,
    },
    ...(office
      ? { officeCode: office.code }
      : { address: { city: order.shippingCity, postcode: order.shippingPostcode, address: order.shippingAddress } }),
    weightKg,
    codAmount: fromMinor(codMinor)!,
    currency,
    reviewBeforePayment: Boolean(opts.reviewBeforePayment),
    contents: `Поръчка ${order.number}`,
    serviceId: s.speedyServiceId,
  };

  const shipmentId = await reserve(orderId, courier);
  let made;
  try {
    made = await clientFor(config, courier).createShipment(request);
  } catch (err) {
    await db()(TABLE).where({ id: shipmentId, status: 'creating' }).delete();
    if (err instanceof CourierRefused)
      throw conflict(COURIER_TEXT.courierRefused(err.message), { courier: COURIER_TEXT.courierRefused(err.message) });
    if (err instanceof CourierUnavailable)
      throw serviceUnavailable(COURIER_TEXT.courierUnreachable(courier), { courier: COURIER_TEXT.courierUnreachable(courier) });
    throw err;
  }

  // The waybill exists at the courier now: record it first, so that nothing can lose it.
  const now = new Date().toISOString();
  await Order.transaction(async (trx) => {
    await trx(TABLE)
      .where({ id: shipmentId })
      .update({
        waybillNumber: made.waybillNumber,
        parcelId: made.parcelId,
        codAmount: codMinor,
        currency,
        weightGrams: Math.round(weightKg * 1000),
        reviewBeforePayment: Boolean(opts.reviewBeforePayment),
        status: 'created',
        labelPdf: made.label,
        labelRemoteUrl: made.labelRemoteUrl.slice(0, 500),
        updatedAt: now,
      });
    await setTracking(trx, orderId, made.waybillNumber, courier);
    // Sent with an Idempotency-Key: the key names this waybill as soon as it is recorded.
    await recordIdempotentEffect(trx, opts.once, 'shipment', shipmentId);
  });
  try {
    await Order.transaction((trx) =>
      changeOrder(orderId, { status: 'shipped', note: `Товарителница ${made.waybillNumber}` }, { trx, actor }),
    );
  } catch {
    // Someone moved the order meanwhile (e.g. cancelled it): the waybill stays recorded for staff.
  }
  const row: ShipmentRow = await db()(TABLE).where({ id: shipmentId }).first(COLUMNS);
  return shipmentView(row);
}

/** The label PDF for staff: stored with the shipment, fetched again from the courier, or else the shop's own page. */
export async function shipmentLabel(config: Config, shipmentId: number): Promise<{ pdf: Buffer; waybillNumber: string }> {
  const row: ShipmentRow | undefined = await db()(TABLE)
    .where({ id: shipmentId })
    .whereNot({ status: 'creating' })
    .first([...COLUMNS, 'labelPdf']);
  if (!row) throw notFound(COURIER_TEXT.shipmentNotFound);
  if (row.labelPdf && row.labelPdf.length) return { pdf: Buffer.from(row.labelPdf), waybillNumber: row.waybillNumber };
  let pdf: Buffer | null = null;
  if (isConfigured(config[row.courier]))
    pdf = await clientFor(config, row.courier)
      .label(row)
      .catch(() => null);
  if (pdf) await db()(TABLE).where({ id: shipmentId }).update({ labelPdf: pdf, updatedAt: new Date().toISOString() });
  else pdf = await shopLabel(row);
  return { pdf, waybillNumber: row.waybillNumber };
}

async function shopLabel(row: ShipmentRow): Promise<Buffer> {
  const order = await findOrder(row.orderId);
  const office = orderOffice(order);
  return shopLabelPdf({
    courier: row.courier,
    waybillNumber: row.waybillNumber,
    orderNumber: order.number,
    receiver: `${order.customerFirstName} ${order.customerLastName}`.trim(),
    phone: order.customerPhone,
    destination: office
      ? `офис ${office.name} (${office.code}), ${office.city}, ${office.address}`
      : `${order.shippingPostcode} ${order.shippingCity}, ${order.shippingAddress}`.trim(),
    codAmount: fromMinor(row.codAmount)!,
    currency: row.currency,
    weightKg: row.weightGrams / 1000,
  });
}

/** Erasing a person's data: their orders' waybill labels go (a label prints the address). */
export async function dropLabelsOfOrders(trx: Knex.Transaction, orderIds: number[]): Promise<void> {
  await trx('shipments').whereIn('orderId', orderIds).update({ labelPdf: null, labelRemoteUrl: '' });
}
