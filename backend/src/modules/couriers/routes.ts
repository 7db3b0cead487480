// The courier calls: the office search for the checkout and, for staff, the office refresh
// (README: Couriers; waybills, labels and tracking are the shipments area's routes).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { parseQuery } from '../../platform/http/parseInput';
import { officeSearchQuery } from '@domain/schemas/couriers';
import { conflict, serviceUnavailable } from '../../platform/http/errors';
import { COURIER_TEXT } from '@domain/couriers';
import { searchOffices, syncAllOffices } from './offices';

async function findOffices(ctx: Context) {
  const q = parseQuery(ctx.query, officeSearchQuery);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await searchOffices(ctx.config, q.courier, q.q ?? '');
}

async function syncOffices(ctx: Context) {
  const { offices, failed, refused } = await syncAllOffices(ctx.config);
  const reasons = Object.values(failed);
  // Nothing refreshed: a conflict with the courier's own words when one refused, else 503 (none
  // answered); some refreshed: say which did not.
  if (reasons.length && Object.values(offices).every((n) => n === null)) {
    throw refused.length ? conflict(reasons.join(' '), failed) : serviceUnavailable(reasons.join(' '), failed);
  }
  ctx.body = {
    message: reasons.length ? `${COURIER_TEXT.officesSynced} ${reasons.join(' ')}` : COURIER_TEXT.officesSynced,
    offices,
    ...(reasons.length ? { failed } : {}),
  };
}

const doc = apiDoc('Куриери и пратки');

export function courierRoutes() {
  const router = new Router();
  router.get('/couriers/offices', doc('Търсене на офис на куриер', { query: officeSearchQuery, answer: 'Намерените офиси' }), findOffices);
  router.post(
    '/admin/couriers/sync',
    doc('Обновяване на офисите на куриерите', { answer: '{ message, offices } (и failed, ако някой куриер не е отговорил)' }),
    syncOffices,
  );
  return router;
}
