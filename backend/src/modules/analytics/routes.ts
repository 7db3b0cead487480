// Figures for the admin: GET /api/admin/analytics?from&to&granularity and GET /api/admin/dashboard.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseQuery } from '../../platform/http/parseInput';
import { analyticsQuery } from '@domain/schemas/analytics';
import { badRequest } from '../../platform/http/errors';
import { analytics, dashboard, lastDays } from './service';
import { API } from '@domain/messages';
import { DAY_MS } from '@domain/dates';

const MAX_SPAN_DAYS = 2 * 366;

const doc = apiDoc('Анализи');

export function analyticsRoutes() {
  const router = new Router({ prefix: '/admin' });

  router.get(
    '/analytics',
    doc('Продажби по период', { query: analyticsQuery, answer: 'Продажбите по ден, седмица или месец' }),
    async (ctx) => {
      const q = parseQuery(ctx.query, analyticsQuery);
      const fallback = lastDays(30);
      const from = q.from ?? (q.to ? q.to : fallback.from);
      const to = q.to ?? fallback.to;
      const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      if (Number.isNaN(span) || span < 0 || span > MAX_SPAN_DAYS) throw badRequest(API.invalidPeriod, { from: API.invalidPeriod });
      ctx.body = await analytics({ from, to }, q.granularity ?? 'day');
    },
  );

  router.get('/dashboard', doc('Таблото на служителите', { answer: 'Днешните поръчки, продажби, наличности, известия' }), async (ctx) => {
    ctx.body = await dashboard();
  });

  return router;
}
