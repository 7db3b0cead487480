// Figures for the admin: GET /api/admin/analytics?from&to&granularity and GET /api/admin/dashboard.
import Router from '@koa/router';
import { parseQuery } from '../../platform/http/validate';
import { badRequest } from '../../platform/http/errors';
import { analytics, dashboard, lastDays } from './service';
import { API } from '../../../../domain/messages';
import { DAY_MS, GRANULARITIES, Granularity } from '../../../../domain/dates';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_SPAN_DAYS = 2 * 366;

export function analyticsRoutes() {
  const router = new Router({ prefix: '/admin' });

  router.get('/analytics', async (ctx) => {
    const q = parseQuery<{ from?: string; to?: string; granularity?: Granularity }>(ctx.query, {
      from: { type: 'string', max: 10, pattern: DAY, message: API.invalidDate },
      to: { type: 'string', max: 10, pattern: DAY, message: API.invalidDate },
      granularity: { type: 'enum', values: GRANULARITIES },
    });
    const fallback = lastDays(30);
    const from = q.from ?? (q.to ? q.to : fallback.from);
    const to = q.to ?? fallback.to;
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (Number.isNaN(span) || span < 0 || span > MAX_SPAN_DAYS) throw badRequest(API.invalidPeriod, { from: API.invalidPeriod });
    ctx.body = await analytics({ from, to }, q.granularity ?? 'day');
  });

  router.get('/dashboard', async (ctx) => {
    ctx.body = await dashboard();
  });

  return router;
}
