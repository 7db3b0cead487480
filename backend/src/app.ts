// createApp(config) -> Koa app, without listening: what the server and the tests use.
import Koa from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CookieKeys } from './platform/http/cookieKeys';
import { catalogueWrites, installCatalogueFactsCache } from './modules/catalogue/facts';
import { overlayStock } from './modules/catalogue/stockOverlay';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { Config } from './config';
import { createKnex, isPostgres } from './platform/db/knex';
import { broadcastWrites } from './platform/cache/broadcast';
import { tables, TableWrites } from './platform/cache/tableWrites';
import { installSettingsCache } from './modules/settings/service';
import { errorMiddleware, notFound } from './platform/http/errors';
import { parseJsonBodies } from './platform/http/bodyParsing';
import { sessionMiddleware } from './platform/http/session';
import { authenticate, installUsersCache } from './modules/auth/middleware';
import { companyRoutes, installCompaniesCache, resolveVisitor, subscribeTradeEvents, subscribeTradeSignIn } from './modules/trade';
import { requireAdmin } from './platform/http/auth';
import { requireCsrf } from './platform/http/csrf';
import { auditAdminMutations } from './platform/http/auditTrail';
import { AnswerCache, publicCacheFrontDoor, serveAdminListCache, servePublicCache, type FrontDoor } from './platform/cache/answerCache';
import { DATA_TABLES, enableCountCache } from './platform/cache/countCache';
import { requestLog, requestLogDestination, requestLogLine } from './platform/http/requestLog';
import { metricsMiddleware } from './platform/http/metrics';
import { trustListedProxies } from './platform/http/proxy';
import { securityHeaderPairs, securityHeaders } from './platform/http/securityHeaders';
import { staticFiles } from './platform/http/static';
import { serveUploads } from './platform/http/uploadsStatic';
import { storefrontPages } from './modules/storefront';
import { AGE_GATE_SCRIPT_SOURCE } from './modules/storefront/ageGateHead';
import { APP_BOOT_SCRIPT_SOURCE } from './modules/storefront/appAfterPaint';
import { API } from '@domain/messages';
import { authRoutes } from './modules/auth/routes';
import { tokenRoutes } from './modules/auth/tokenRoutes';
import { userRoutes } from './modules/customers/userRoutes';
import { categoryRoutes } from './modules/catalogue/categoryRoutes';
import { productRoutes } from './modules/catalogue/productRoutes';
import { priceListRoutes } from './modules/catalogue/priceListRoutes';
import { installMemberAnswersCache, serveMemberCatalogue } from './modules/catalogue/tradePrices';
import { uploadRoutes } from './modules/catalogue/uploadRoutes';
import { cartRoutes } from './modules/cart/routes';
import { ordersRoutes } from './modules/orders/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { adminOrdersRoutes } from './modules/orders/adminRoutes';
import { paymentsRoutes } from './modules/payments/routes';
import { bankStatementRoutes } from './modules/payments/bankStatementRoutes';
import { statementRoutes } from './modules/payments/statementRoutes';
import { discountsRoutes } from './modules/discounts/routes';
import { notificationsRoutes } from './modules/staff/notificationRoutes';
import { contactRoutes } from './modules/staff/contactRoutes';
import { settingsRoutes } from './modules/settings/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditLogRoutes } from './modules/staff/auditRoutes';
import { accountRoutes } from './modules/auth/accountRoutes';
import { invoiceRoutes } from './modules/invoices/routes';
import { courierRoutes } from './modules/couriers/routes';
import { startCourierJobs } from './modules/couriers/jobs';
import { shipmentRoutes } from './modules/shipments/routes';
import { startShipmentJobs } from './modules/shipments';
import { subscribeOrdersEvents } from './modules/orders';
import { receivablesRoutes } from './modules/orders/receivablesRoutes';
import { subscribeInvoicesEvents } from './modules/invoices';
import { clearSubscribers, installOutbox } from './platform/events';
import type { Outbox } from './platform/outbox';
import { noticeOfFailedEffect } from './modules/staff';
import { customersRoutes } from './modules/customers/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { flavourListRoutes } from './modules/catalogue/flavourLists';
import { productDuplicateRoutes } from './modules/catalogue/productDuplicate';
import { csvImportRoutes } from './modules/catalogue/csvImportRoutes';
import { packingSlipRoutes } from './modules/orders/packingSlipRoutes';
import { readinessCheck } from './platform/db/storage';
import { apiDoc, openApiDocument, type RouteLayer } from './platform/http/apiDocs';
import { apiDocsPage } from './platform/http/apiDocsPage';
import { subscribeCartEvents } from './modules/cart';
import { quoteRoutes, subscribeQuoteEvents } from './modules/quotes';

export interface ApiRoute {
  path: string;
  methods: string[];
}

export interface ShopApp extends Koa {
  knex: Knex;
  config: Config;
  /** Every API route with its methods: what the authorisation and fuzz tests walk. */
  apiRoutes(): ApiRoute[];
  /** The OpenAPI 3.1 document of every route (platform/http/apiDocs), built once when first asked. */
  openApi(): Record<string, unknown>;
  /** The mounted API router's layers: what the reference is read from. */
  apiLayers(): RouteLayer[];
  /** The outbox's worker: runs what this app commits; the server starts its rounds and stops it. */
  effects: Outbox;
}

const API_INFO = {
  title: 'API на VAP SOLO',
  version: '1',
  description: [
    'Основата е /api. Всички отговори и откази са JSON на български.',
    'Вход с бисквитка: POST /api/auth/login задава бисквитката на сесията (sid). Всяко POST/PUT/DELETE с бисквитка (и входът, и регистрацията) изисква CSRF токена от GET /api/csrf-token в заглавката x-csrf-token. Скриптовете могат да използват личен API токен (Authorization: Bearer vs_…, от /api/account/tokens) без CSRF.',
    'Кой може да вика: всеки (без вход), влязъл клиент, член на одобрена фирма (търговски клиент) или служител (администратор; всичко под /api/admin). Всяка операция казва своето.',
    'Сумите (цени, лимити, общи суми) се изпращат и връщат като десетично число във валутата на магазина (settings.currency: BGN или EUR), напр. 29.9 за 29,90 — не в стотинки/центове; полетата за суми приемат и текст „29,90“.',
    'Отказите имат един вид: { "message": "…", "errors": { "поле": "…" } } със статус 400, 401, 403, 404, 409, 413, 429 или 503.',
  ].join('\n\n'),
};

export function createApp(config: Config, knex: Knex = createKnex(config)): ShopApp {
  Model.knex(knex);
  // TRUST_PROXY=<n>: the client address is the n-th from the right of X-Forwarded-For, so what a
  // client forges to the left of what the proxies append is never read.
  const app = new Koa({ proxy: config.proxy, maxIpsCount: config.proxyHops }) as ShopApp;
  app.keys = new CookieKeys(config.appKeys) as unknown as string[];
  app.knex = knex;
  app.config = config;
  app.context.config = config;
  // Effects after commit (platform/events): one bus per process, the areas subscribe again; what
  // must happen is kept in the outbox, and staff are told of an effect given up.
  clearSubscribers();
  app.effects = installOutbox(knex, { onGivingUp: noticeOfFailedEffect });
  subscribeOrdersEvents(config);
  subscribeInvoicesEvents(config);
  // The trade step first: the cart's merge at sign-in reads the visitor it sets.
  subscribeTradeSignIn();
  subscribeCartEvents();
  subscribeTradeEvents(config);
  subscribeQuoteEvents(config);

  if (config.trustedProxies.length) app.use(trustListedProxies(config.trustedProxies));
  if (config.logRequests) app.use(requestLog());
  if (config.metrics) app.use(metricsMiddleware(knex));
  const inlineScripts = [AGE_GATE_SCRIPT_SOURCE, APP_BOOT_SCRIPT_SOURCE];
  app.use(securityHeaders(config.env === 'production', inlineScripts));
  app.use(errorMiddleware());

  // In-process caches, exact because every write drops them (platform/cache/tableWrites reads the
  // tables a write touches from knex's query builder) except a stock move, which the catalogue's
  // caches follow in place (the stock ledger: answers brought up to date, pages dropped when what
  // they show of stock changes); on PostgreSQL every instance also hears the writes and stock
  // figures the others commit (platform/cache/broadcast), so several can share one database.
  const writes = config.memoryCaches ? new TableWrites(knex) : undefined;
  let frontDoor: FrontDoor | undefined;
  const adminLists = new AnswerCache(500);
  // Server-rendered storefront pages: kept like the catalogue's answers, dropped by the same writes
  // (a stock move only drops the pages whose shown stock it changes).
  // „Къде да купя“ lists trade customers' shops: their writes drop the pages too.
  const companyWrites = tables('companies', 'company_shops');
  const pageCache = writes
    ? new AnswerCache(500, { stockShown: true }).dropOn(writes, (w) => catalogueWrites(w) || companyWrites(w))
    : undefined;
  const pages = storefrontPages(config, { cache: pageCache });
  if (writes) {
    if (config.databaseUrl && isPostgres(knex)) broadcastWrites(knex, writes, config.databaseUrl);
    installSettingsCache(knex, writes);
    const publicAnswers = new AnswerCache(2000, { overlay: overlayStock }).dropOn(writes, catalogueWrites);
    app.use(servePublicCache(publicAnswers));
    // Kept answers are also given before Koa (the same bytes and headers), unless metrics are on:
    // those count every request by its route inside Koa.
    if (!config.metrics)
      frontDoor = publicCacheFrontDoor(publicAnswers, {
        headers: securityHeaderPairs(config.env === 'production', inlineScripts),
        answered: config.logRequests
          ? (method, path, status, ms) => requestLogDestination().write(requestLogLine(method, path, status, ms))
          : undefined,
      });
    // A member's catalogue answers, kept per price list, for sessions already known as members'.
    app.use(serveMemberCatalogue(knex));
    app.use(pages.fromCache);
    enableCountCache(knex, writes);
    adminLists.dropOn(writes, DATA_TABLES);
    installUsersCache(knex, writes);
    installCompaniesCache(knex, writes);
    installCatalogueFactsCache(knex, writes);
    installMemberAnswersCache(knex, writes);
  }

  const api = new Router({ prefix: '/api' });
  api.use(sessionMiddleware(app, knex, config.secureCookies, writes), parseJsonBodies(), authenticate, resolveVisitor, requireCsrf);
  const doc = apiDoc('Служебни');
  // For monitors. Live: the process answers and the database is reachable.
  api.get('/health', doc('Жив ли е процесът и достъпна ли е базата', { answer: '{ status: "ok", uptime } (секунди)' }), async (ctx) => {
    await knex.raw('select 1');
    ctx.body = { status: 'ok', uptime: Math.round(process.uptime()) };
  });
  // Ready for traffic (load balancers, deploys, monitors): the database answers, is fully
  // migrated and takes a write, and the data folder has MIN_FREE_DISK_MB free (platform/db/storage).
  const ready = readinessCheck({ knex, dataDir: config.dataDir, minFreeDiskMb: config.minFreeDiskMb });
  api.get(
    '/ready',
    doc('Готов ли е за трафик', { answer: '{ ready, checks }: базата, миграциите, запис и свободно място', errors: [503] }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const answer = await ready();
      ctx.status = answer.ready ? 200 : 503;
      ctx.body = answer.body;
    },
  );
  // Every /api/admin call is for admins only: 401 for guests, 403 for customers.
  api.use('/admin', requireAdmin, auditAdminMutations, ...(config.memoryCaches ? [serveAdminListCache(adminLists)] : []));

  const areas = [
    authRoutes(),
    accountRoutes(),
    tokenRoutes(),
    userRoutes(),
    categoryRoutes(),
    productRoutes(),
    priceListRoutes(),
    uploadRoutes(),
    cartRoutes(),
    checkoutRoutes(),
    ordersRoutes(),
    adminOrdersRoutes(),
    receivablesRoutes(),
    paymentsRoutes(),
    bankStatementRoutes(),
    statementRoutes(),
    discountsRoutes(),
    notificationsRoutes(),
    contactRoutes(),
    settingsRoutes(),
    analyticsRoutes(),
    auditLogRoutes(),
    invoiceRoutes(),
    courierRoutes(),
    shipmentRoutes(),
    customersRoutes(),
    inventoryRoutes(),
    privacyRoutes(),
    flavourListRoutes(),
    productDuplicateRoutes(),
    csvImportRoutes(),
    packingSlipRoutes(),
    companyRoutes(),
    quoteRoutes(),
  ];
  // One flat stack; the 405/501 answers come once, from the API router's own allowedMethods.
  for (const routes of areas) api.use(routes.routes());
  // The API reference, read from the mounted routes once, when first asked for.
  let reference: Record<string, unknown> | undefined;
  app.openApi = () => (reference ??= openApiDocument(api.stack as unknown as RouteLayer[], API_INFO));
  app.apiLayers = () => api.stack as unknown as RouteLayer[];
  const docs = apiDoc('Документация');
  api.get('/openapi.json', docs('Този справочник като OpenAPI 3.1 (JSON)', { answer: 'Документ OpenAPI 3.1' }), (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = app.openApi();
  });
  api.get('/docs', docs('Този справочник като страница за четене', { produces: 'text/html', answer: 'HTML страница' }), (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = apiDocsPage(app.openApi());
  });
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
  if (config.courierJobs) {
    startCourierJobs(config);
    startShipmentJobs(config);
  }
  app.use(serveUploads(config));
  app.use(staticFiles(config, pages.render));
  if (frontDoor) answerFirstAt(app, frontDoor);
  return app;
}

/** Requests the front door answers never enter Koa; the rest go on as they came. A front door
 *  that fails before answering leaves the request to Koa (its errors become answers there). */
function answerFirstAt(app: ShopApp, door: FrontDoor) {
  const koaCallback = app.callback.bind(app);
  app.callback = () => {
    const handle = koaCallback();
    return (req, res) => {
      try {
        if (door(req as IncomingMessage, res as ServerResponse)) return Promise.resolve();
      } catch (err) {
        if (res.headersSent) {
          res.destroy(err as Error);
          return Promise.resolve();
        }
      }
      return handle(req, res);
    };
  };
}
