import Router from '@koa/router';

export function productRoutes() {
  const router = new Router();
  return router;
}
