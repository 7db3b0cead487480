// The shipments over HTTP, for staff: the waybill of an order, its label, and tracking on demand
// (README: Couriers). Thin handlers over shipments.ts and tracking.ts.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { shipmentInput } from '@domain/schemas/couriers';
import { serviceUnavailable } from '../../platform/http/errors';
import { idempotencyClaimOf, idempotent } from '../../platform/http/idempotency';
import { COURIER_TEXT } from '@domain/couriers';
import { createShipment, shipmentLabel, shipmentOfOrder } from './shipments';
import { trackOpenShipments } from './tracking';
import { staffActor } from './requests';

async function makeShipment(ctx: Context) {
  const input = parseBody(ctx.request.body ?? {}, shipmentInput);
  const shipment = await createShipment(ctx.config, parseId(ctx.params.id), { ...input, once: idempotencyClaimOf(ctx) }, staffActor(ctx));
  ctx.status = 201;
  ctx.body = { message: COURIER_TEXT.shipmentCreated(shipment.waybillNumber), shipment };
}

// A waybill asked for twice with the same Idempotency-Key is made once; a copy whose first answer
// was lost gets the order's waybill.
const onceShipment = idempotent({
  kind: 'shipment',
  answerFor: async (ctx) => {
    const shipment = await shipmentOfOrder(parseId(ctx.params.id));
    return shipment
      ? { status: 201, body: { message: COURIER_TEXT.shipmentCreated(shipment.waybillNumber), shipment } }
      : { status: 404, body: { message: COURIER_TEXT.shipmentNotFound } };
  },
});

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

async function trackShipments(ctx: Context) {
  const summary = await trackOpenShipments(ctx.config);
  const reasons = summary.failed.map((c) => COURIER_TEXT.courierUnreachable(c));
  // Every courier asked failed: 503 saying so; some did: the summary says which.
  if (summary.failed.length && summary.failed.length === summary.asked.length) {
    throw serviceUnavailable(reasons.join(' '), Object.fromEntries(summary.failed.map((c, i) => [c, reasons[i]])));
  }
  ctx.body = { message: [COURIER_TEXT.trackingDone, ...reasons].join(' '), ...summary };
}

const doc = apiDoc('Куриери и пратки');

export function shipmentRoutes() {
  const router = new Router();
  router.get('/admin/orders/:id/shipment', doc('Пратката на поръчка', { answer: '{ shipment } (null, ако няма)' }), showShipment);
  router.post(
    '/admin/orders/:id/shipment',
    doc('Товарителница за поръчка', {
      body: shipmentInput,
      status: 201,
      idempotent: true,
      errors: [422, 503],
      answer: '{ message, shipment }',
    }),
    onceShipment,
    makeShipment,
  );
  router.get(
    '/admin/shipments/:id/label',
    doc('Етикетът на пратката (PDF)', { produces: 'application/pdf', answer: 'PDF файл' }),
    sendLabel,
  );
  router.post(
    '/admin/couriers/track',
    doc('Проследяване на пратките сега', { answer: '{ message } и обобщение на проследените' }),
    trackShipments,
  );
  return router;
}
