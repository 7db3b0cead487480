// The courier calls: the office search for the checkout, and for staff the waybill of an order,
// its label, the office refresh and tracking on demand (README: Couriers).
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { officeSearchQuery, shipmentInput } from '../../../../domain/schemas/couriers';
import { currentUser } from '../auth';
import { conflict, serviceUnavailable } from '../../platform/http/errors';
import { actorOf } from '../orders';
import { COURIER_TEXT } from '../../../../domain/couriers';
import { searchOffices, syncAllOffices } from './offices';
import { createShipment, shipmentLabel, shipmentOfOrder } from './shipments';
import { trackOpenShipments } from './tracking';

async function findOffices(ctx: Context) {
  const q = parseQuery(ctx.query, officeSearchQuery);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await searchOffices(ctx.config, q.courier, q.q ?? '');
}

async function makeShipment(ctx: Context) {
  const input = parseBody(ctx.request.body ?? {}, shipmentInput);
  const shipment = await createShipment(ctx.config, parseId(ctx.params.id), input, actorOf(currentUser(ctx)));
  ctx.status = 201;
  ctx.body = { message: COURIER_TEXT.shipmentCreated(shipment.waybillNumber), shipment };
}

async function showShipment(ctx: Context) {
  ctx.body = { shipment: await shipmentOfOrder(parseId(ctx.params.id)) };
}

async function sendLabel(ctx: Context) {
  const { pdf, waybillNumber } = await shipmentLabel(ctx.config, parseId(ctx.params.id));
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `inline; filename="etiket-${waybillNumber.replace(/[^\w-]/g, '')}.pdf"`);
  ctx.type = 'application/pdf';
  ctx.body = pdf;
}

async function syncOffices(ctx: Context) {
  const { offices, failed, refused } = await syncAllOffices(ctx.config);
  const reasons = Object.values(failed);
  // Nothing refreshed: a conflict with the courier's own words when one refused, else 503 (none
  // answered); some refreshed: say which did not.
  if (reasons.length && Object.values(offices).every((n) => n === null)) {
    throw refused.length ? conflict(reasons.join(' '), failed) : serviceUnavailable(reasons.join(' '), failed);
  }
  ctx.body = { message: reasons.length ? `${COURIER_TEXT.officesSynced} ${reasons.join(' ')}` : COURIER_TEXT.officesSynced, offices, ...(reasons.length ? { failed } : {}) };
}

async function trackShipments(ctx: Context) {
  const summary = await trackOpenShipments(ctx.config);
  const reasons = summary.failed.map((c) => COURIER_TEXT.courierUnreachable(c));
  // Every courier asked failed: 503 saying so; some did: the summary says which.
  if (summary.failed.length && summary.failed.length === summary.asked.length) {
    throw serviceUnavailable(reasons.join(' '), Object.fromEntries(summary.failed.map((c, i) => [c, reasons[i]])));
  }
  ctx.body = { message: [COURIER_TEXT.trackingDone, ...reasons].join(' '), ...summary };
}

export function courierRoutes() {
  const router = new Router();
  router.get('/couriers/offices', findOffices);
  router.get('/admin/orders/:id/shipment', showShipment);
  router.post('/admin/orders/:id/shipment', makeShipment);
  router.get('/admin/shipments/:id/label', sendLabel);
  router.post('/admin/couriers/sync', syncOffices);
  router.post('/admin/couriers/track', trackShipments);
  return router;
}
