import Router from '@koa/router';

export function adminOrdersRoutes() {
  const router = new Router();
  return router;
}
