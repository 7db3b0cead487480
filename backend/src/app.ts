// createApp(config) -> Koa app, without listening: what the server and the tests use.
import Koa from 'koa';
import { CookieKeys } from './http/cookieKeys';
import { keepCatalogueFacts } from './services/catalogueFacts';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { Config } from './config';
import { createKnex, isPostgres } from './db/knex';
import { broadcastWrites } from './db/cacheBroadcast';
import { watchWrites, writesTo } from './db/writeWatch';
import { clearSettingsCache } from './services/settings';
import { errorMiddleware, notFound } from './http/errors';
import { sessionMiddleware } from './http/session';
import { authenticate, rememberUsers, requireAdmin } from './http/auth';
import { requireCsrf } from './http/csrf';
import { auditAdminMutations } from './http/audit';
import { AnswerCache, serveAdminListCache, servePublicCache } from './http/publicCache';
import { DATA_WRITE, enableCountCache } from './db/countCache';
import { requestLog } from './http/requestLog';
import { securityHeaders } from './http/securityHeaders';
import { staticFiles } from './http/static';
import { serveUploads } from './http/uploadsStatic';
import { API } from '../../domain/messages';
import { BODY_MAX_BYTES } from '../../domain/limits';
import { authRoutes } from './routes/auth';
import { tokenRoutes } from './routes/tokens';
import { userRoutes } from './routes/users';
import { categoryRoutes } from './routes/categories';
import { productRoutes } from './routes/products';
import { uploadRoutes } from './routes/uploads';
import { cartRoutes } from './routes/cart';
import { ordersRoutes } from './routes/orders';
import { adminOrdersRoutes } from './routes/adminOrders';
import { paymentsRoutes } from './routes/payments';
import { discountsRoutes } from './routes/discounts';
import { notificationsRoutes } from './routes/notifications';
import { contactRoutes } from './routes/contact';
import { settingsRoutes } from './routes/settings';
import { analyticsRoutes } from './routes/analytics';
import { auditLogRoutes } from './routes/auditLog';
import { accountRoutes } from './routes/account';

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
  const app = new Koa({ proxy: config.proxy }) as ShopApp;
  app.keys = new CookieKeys(config.appKeys) as unknown as string[];
  app.knex = knex;
  app.config = config;
  app.context.config = config;

  if (config.logRequests) app.use(requestLog);
  app.use(securityHeaders(config.env === 'production'));
  app.use(errorMiddleware());

  // In-process caches, exact because every write drops them; on PostgreSQL every instance also
  // hears the writes the others commit (db/cacheBroadcast), so several can share one database.
  const adminLists = new AnswerCache(500);
  if (config.memoryCaches) {
    if (config.databaseUrl && isPostgres(knex)) broadcastWrites(knex, config.databaseUrl);
    watchWrites(knex, writesTo('settings'), clearSettingsCache);
    const cache = new AnswerCache();
    cache.watch(knex);
    app.use(servePublicCache(cache));
    enableCountCache(knex);
    adminLists.watch(knex, DATA_WRITE);
    rememberUsers(knex);
    keepCatalogueFacts(knex);
  }

  const api = new Router({ prefix: '/api' });
  api.use(
    sessionMiddleware(app, knex, config.secureCookies, config.memoryCaches),
    bodyParser({ enableTypes: ['json'], jsonLimit: BODY_MAX_BYTES, encoding: 'utf-8' }),
    authenticate,
    requireCsrf,
  );
  // For monitors: the process answers and the database is reachable.
  api.get('/health', async (ctx) => {
    await knex.raw('select 1');
    ctx.body = { status: 'ok', uptime: Math.round(process.uptime()) };
  });
  // Every /api/admin call is for admins only: 401 for guests, 403 for customers.
  api.use('/admin', requireAdmin, auditAdminMutations, ...(config.memoryCaches ? [serveAdminListCache(adminLists)] : []));

  const areas = [
    authRoutes(), accountRoutes(), tokenRoutes(), userRoutes(), categoryRoutes(), productRoutes(), uploadRoutes(),
    cartRoutes(), ordersRoutes(), adminOrdersRoutes(), paymentsRoutes(), discountsRoutes(),
    notificationsRoutes(), contactRoutes(), settingsRoutes(), analyticsRoutes(), auditLogRoutes(),
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
  app.use(serveUploads(config));
  app.use(staticFiles(config));
  return app;
}
