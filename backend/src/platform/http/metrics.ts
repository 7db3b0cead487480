// Opt-in Prometheus metrics (METRICS=1) at GET /metrics: requests counted and timed by route
// pattern (never by raw path: ids would make a series per order), orders placed and the e-mail
// queue, read from the database at each scrape so every instance reports the same figures.
// Keep /metrics away from the public in nginx (deploy/nginx: allowed from the machine only).
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import client from 'prom-client';

export function metricsMiddleware(knex: Knex) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new client.Gauge({
    name: 'shop_orders_total',
    help: 'Orders placed (all time)',
    registers: [registry],
    async collect() {
      const [{ n }] = await knex('orders').count({ n: '*' });
      this.set(Number(n));
    },
  });
  new client.Gauge({
    name: 'shop_mail_queue_pending',
    help: 'E-mails waiting in the queue (not sent yet)',
    registers: [registry],
    async collect() {
      const [{ n }] = await knex('mailQueue').whereNull('sentAt').count({ n: '*' });
      this.set(Number(n));
    },
  });

  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/metrics' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set('Content-Type', registry.contentType);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await registry.metrics();
      return;
    }
    const end = durations.startTimer();
    try {
      await next();
    } finally {
      const route = routeOf(ctx);
      end({ method: ctx.method, route });
      requests.inc({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
}

/** The pattern that answered: the API route ('/api/orders/:id'), or the kind of file. */
function routeOf(ctx: Context): string {
  const matched = (ctx as any)._matchedRoute;
  if (matched) return String(matched);
  if (ctx.path.startsWith('/api/')) return '/api/(unknown)';
  if (ctx.path.startsWith('/uploads/')) return '/uploads/*';
  if (ctx.path.startsWith('/admin')) return ctx.path.includes('/assets/') ? '/admin/assets/*' : '/admin (page)';
  if (ctx.path.startsWith('/assets/')) return '/assets/*';
  return ctx.status === 404 ? '(not found)' : '(page)';
}
