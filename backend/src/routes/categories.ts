import Router from '@koa/router';

export function categoryRoutes() {
  const router = new Router();
  return router;
}
