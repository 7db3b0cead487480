import Router from '@koa/router';

export function uploadRoutes() {
  const router = new Router();
  return router;
}
