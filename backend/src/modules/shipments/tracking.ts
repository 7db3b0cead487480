// Tracking: ask each courier about the shop's open shipments. Delivered → the order moves to
// `delivered`; cash on delivery collected → its payment is `paid`; refused or returned → a
// notification for the staff. Each shipment in its own transaction, through the orders' one
// transition function; the e-mail follows the commit (orders/subscribers).
import type { Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from '../../config';
import { Order } from '../../models/Order';
import { changeOrder, type Actor } from '../orders';
import { notifyStaff } from '../staff';
import { COURIER_LABELS, COURIER_TEXT, COURIERS, Courier, TRACKING_MAX_AGE_DAYS } from '@domain/couriers';
import { DAY_MS } from '@domain/dates';
import { clientFor, isConfigured, type ShipmentRow, type TrackedShipment } from '../couriers';

const TABLE = 'shipments';
/** Waybills per request to the courier. */
const TRACK_BATCH = 10;

export interface TrackingSummary {
  checked: number;
  delivered: number;
  paid: number;
  returned: number;
  /** Couriers asked (those with credentials and open shipments), and those that did not answer. */
  asked: Courier[];
  failed: Courier[];
}

function db(trx?: Knex): Knex {
  return trx ?? (Model.knex() as Knex);
}

const courierActor = (courier: Courier): Actor => ({ userId: null, label: `Куриер ${COURIER_LABELS[courier]}` });

/** Apply what the courier said about one shipment. */
async function applyTracking(s: ShipmentRow, t: TrackedShipment, summary: TrackingSummary): Promise<void> {
  const now = new Date().toISOString();
  await Order.transaction(async (trx) => {
    const order = await Order.query(trx).findById(s.orderId);
    const patch: Partial<ShipmentRow> = { courierStatus: t.status.slice(0, 300), trackedAt: now, updatedAt: now };
    if (t.returned && !s.returnedAt) {
      patch.returnedAt = now;
      patch.status = 'returned';
      summary.returned++;
      if (order)
        await notifyStaff(
          {
            type: 'order',
            message: COURIER_TEXT.returnedNotice(order.number, s.waybillNumber, t.status || 'върната пратка'),
            link: `/admin/orders/${order.id}`,
          },
          trx,
        );
    }
    if (t.delivered && !s.deliveredAt) {
      patch.deliveredAt = now;
      if (order?.status === 'shipped') {
        await changeOrder(order.id, { status: 'delivered', note: t.status }, { trx, actor: courierActor(s.courier) });
        summary.delivered++;
      }
    }
    const codOpen = s.codAmount > 0 && !s.codCollectedAt;
    if (t.codCollected && codOpen) {
      patch.codCollectedAt = now;
      // Nothing is marked paid on a cancelled order (orders/transitions would refuse it).
      if (order && order.paymentMethod === 'cod' && order.paymentStatus === 'unpaid' && order.status !== 'cancelled') {
        await changeOrder(order.id, { paymentStatus: 'paid' }, { trx, actor: courierActor(s.courier) });
        summary.paid++;
      }
    }
    const delivered = Boolean(patch.deliveredAt ?? s.deliveredAt);
    const collected = s.codAmount === 0 || Boolean(patch.codCollectedAt ?? s.codCollectedAt);
    if (delivered && collected && patch.status !== 'returned') patch.status = 'delivered';
    await trx(TABLE).where({ id: s.id }).update(patch);
  });
}

/** Ask the couriers about every open shipment (those with credentials), both at once; one courier
 *  failing does not stop the other. */
export async function trackOpenShipments(config: Config): Promise<TrackingSummary> {
  const summary: TrackingSummary = { checked: 0, delivered: 0, paid: 0, returned: 0, asked: [], failed: [] };
  const since = new Date(Date.now() - TRACKING_MAX_AGE_DAYS * DAY_MS).toISOString();
  await Promise.all(
    COURIERS.map(async (courier) => {
      if (!isConfigured(config[courier])) return;
      const open: ShipmentRow[] = await db()(TABLE)
        .where({ courier, status: 'created' })
        .where('createdAt', '>=', since)
        .orderBy('id')
        .select(
          'id',
          'orderId',
          'courier',
          'waybillNumber',
          'parcelId',
          'codAmount',
          'deliveredAt',
          'codCollectedAt',
          'returnedAt',
          'status',
        );
      if (open.length) summary.asked.push(courier);
      const client = clientFor(config, courier);
      for (let i = 0; i < open.length; i += TRACK_BATCH) {
        const batch = open.slice(i, i + TRACK_BATCH);
        let answers: Map<string, TrackedShipment>;
        try {
          answers = await client.track(batch.map((s) => s.waybillNumber));
        } catch (err) {
          if (!summary.failed.includes(courier)) summary.failed.push(courier);
          console.error(JSON.stringify({ level: 'warn', job: 'courier-tracking', courier, error: String((err as Error)?.message ?? err) }));
          break;
        }
        for (const s of batch) {
          const t = answers.get(s.waybillNumber);
          if (!t) continue;
          summary.checked++;
          await applyTracking(s, t, summary);
        }
      }
    }),
  );
  // In the couriers' own order, whichever answered first.
  const inOrder = (list: Courier[]) => COURIERS.filter((c) => list.includes(c));
  return { ...summary, asked: inOrder(summary.asked), failed: inOrder(summary.failed) };
}
