import Router from '@koa/router';

export function userRoutes() {
  const router = new Router();
  return router;
}
