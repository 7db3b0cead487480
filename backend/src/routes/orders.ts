import Router from '@koa/router';

export function ordersRoutes() {
  const router = new Router();
  return router;
}
