// createApp(config) -> Koa app, without listening: what the server and the tests use.
import Koa from 'koa';
import { CookieKeys } from './http/cookieKeys';
import { keepCatalogueFacts } from './services/catalogueFacts';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { Config } from './config';
import { createKnex, isPostgres } from './db/knex';
import { broadcastWrites } from './db/cacheBroadcast';
import { watchWrites, writesTo } from './db/writeWatch';
import { clearSettingsCache } from './services/settings';
import { errorMiddleware, notFound } from './http/errors';
import { parseJsonBodies } from './http/bodyParsing';
import { sessionMiddleware } from './http/session';
import { authenticate, rememberUsers, requireAdmin } from './http/auth';
import { requireCsrf } from './http/csrf';
import { auditAdminMutations } from './http/audit';
import { AnswerCache, serveAdminListCache, servePublicCache } from './http/publicCache';
import { DATA_WRITE, enableCountCache } from './db/countCache';
import { requestLog } from './http/requestLog';
import { metricsMiddleware } from './http/metrics';
import { trustListedProxies } from './http/proxy';
import { securityHeaders } from './http/securityHeaders';
import { staticFiles } from './http/static';
import { serveUploads } from './http/uploadsStatic';
import { storefrontPages } from './modules/storefront';
import { API } from '../../domain/messages';
import { authRoutes } from './routes/auth';
import { tokenRoutes } from './routes/tokens';
import { userRoutes } from './routes/users';
import { categoryRoutes } from './routes/categories';
import { productRoutes } from './routes/products';
import { uploadRoutes } from './routes/uploads';
import { cartRoutes } from './routes/cart';
import { ordersRoutes } from './routes/orders';
import { checkoutRoutes } from './routes/checkout';
import { adminOrdersRoutes } from './routes/adminOrders';
import { paymentsRoutes } from './routes/payments';
import { discountsRoutes } from './routes/discounts';
import { notificationsRoutes } from './routes/notifications';
import { contactRoutes } from './routes/contact';
import { settingsRoutes } from './routes/settings';
import { analyticsRoutes } from './routes/analytics';
import { auditLogRoutes } from './routes/auditLog';
import { accountRoutes } from './routes/account';
import { invoiceRoutes } from './modules/invoices/routes';
import { courierRoutes } from './modules/couriers/routes';
import { startCourierJobs } from './modules/couriers/jobs';
import { customersRoutes } from './modules/customers/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { packingSlipRoutes } from './modules/orders/packingSlipRoutes';

export interface ApiRoute {
  path: string;
  methods: string[];
}

export interface ShopApp extends Koa {
  knex: Knex;
  config: Config;
  /** Every API route with its methods: what the authorisation and fuzz tests walk. */
  apiRoutes(): ApiRoute[];
}

export function createApp(config: Config, knex: Knex = createKnex(config)): ShopApp {
  Model.knex(knex);
  // TRUST_PROXY=<n>: the client address is the n-th from the right of X-Forwarded-For, so what a
  // client forges to the left of what the proxies append is never read.
  const app = new Koa({ proxy: config.proxy, maxIpsCount: config.proxyHops }) as ShopApp;
  app.keys = new CookieKeys(config.appKeys) as unknown as string[];
  app.knex = knex;
  app.config = config;
  app.context.config = config;

  if (config.trustedProxies.length) app.use(trustListedProxies(config.trustedProxies));
  if (config.logRequests) app.use(requestLog);
  if (config.metrics) app.use(metricsMiddleware(knex));
  app.use(securityHeaders(config.env === 'production'));
  app.use(errorMiddleware());

  // In-process caches, exact because every write drops them; on PostgreSQL every instance also
  // hears the writes the others commit (db/cacheBroadcast), so several can share one database.
  const adminLists = new AnswerCache(500);
  // Server-rendered storefront pages: kept like the catalogue's answers, dropped by the same writes.
  const pageCache = config.memoryCaches ? new AnswerCache(500) : undefined;
  pageCache?.watch(knex);
  const pages = storefrontPages(config, { cache: pageCache });
  if (config.memoryCaches) {
    if (config.databaseUrl && isPostgres(knex)) broadcastWrites(knex, config.databaseUrl);
    watchWrites(knex, writesTo('settings'), clearSettingsCache);
    const cache = new AnswerCache();
    cache.watch(knex);
    app.use(servePublicCache(cache));
    app.use(pages.fromCache);
    enableCountCache(knex);
    adminLists.watch(knex, DATA_WRITE);
    rememberUsers(knex);
    keepCatalogueFacts(knex);
  }

  const api = new Router({ prefix: '/api' });
  api.use(
    sessionMiddleware(app, knex, config.secureCookies, config.memoryCaches),
    parseJsonBodies(),
    authenticate,
    requireCsrf,
  );
  // For monitors. Live: the process answers and the database is reachable.
  api.get('/health', async (ctx) => {
    await knex.raw('select 1');
    ctx.body = { status: 'ok', uptime: Math.round(process.uptime()) };
  });
  // Ready for traffic (load balancers, deploys): the database answers and is fully migrated.
  api.get('/ready', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      const [, pending] = (await knex.migrate.list()) as [unknown[], unknown[]];
      ctx.status = pending.length ? 503 : 200;
      ctx.body = pending.length ? { status: 'migrating', pending: pending.length } : { status: 'ready' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'database unreachable' };
    }
  });
  // Every /api/admin call is for admins only: 401 for guests, 403 for customers.
  api.use('/admin', requireAdmin, auditAdminMutations, ...(config.memoryCaches ? [serveAdminListCache(adminLists)] : []));

  const areas = [
    authRoutes(), accountRoutes(), tokenRoutes(), userRoutes(), categoryRoutes(), productRoutes(), uploadRoutes(),
    cartRoutes(), checkoutRoutes(), ordersRoutes(), adminOrdersRoutes(), paymentsRoutes(), discountsRoutes(),
    notificationsRoutes(), contactRoutes(), settingsRoutes(), analyticsRoutes(), auditLogRoutes(),
    invoiceRoutes(config),
    courierRoutes(),
    customersRoutes(), inventoryRoutes(),
    packingSlipRoutes(),
  ];
  // One flat stack; the 405/501 answers come once, from the API router's own allowedMethods.
  for (const routes of areas) api.use(routes.routes());
  app.apiRoutes = () =>
    api.stack
      .filter((layer) => layer.methods.length > 0)
      .map((layer) => ({ path: String(layer.path), methods: layer.methods.filter((m) => m !== 'HEAD') }));
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: true }));
  // Unknown /api paths answer 404 JSON, never the SPA.
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound(API.routeNotFound);
    return next();
  });
  // Office sync and tracking of a running shop (off in tests: config.courierJobs).
  if (config.courierJobs) startCourierJobs(config);
  app.use(serveUploads(config));
  app.use(staticFiles(config, pages.render));
  return app;
}
