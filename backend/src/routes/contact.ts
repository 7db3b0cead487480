import Router from '@koa/router';

export function contactRoutes() {
  const router = new Router();
  return router;
}
