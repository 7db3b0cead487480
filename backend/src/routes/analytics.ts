import Router from '@koa/router';

export function analyticsRoutes() {
  const router = new Router();
  return router;
}
