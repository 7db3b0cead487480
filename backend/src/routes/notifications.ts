import Router from '@koa/router';

export function notificationsRoutes() {
  const router = new Router();
  return router;
}
