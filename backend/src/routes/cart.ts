import Router from '@koa/router';

export function cartRoutes() {
  const router = new Router();
  return router;
}
