import Router from '@koa/router';

export function discountsRoutes() {
  const router = new Router();
  return router;
}
