import Router from '@koa/router';

export function paymentsRoutes() {
  const router = new Router();
  return router;
}
