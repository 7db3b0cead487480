import Router from '@koa/router';

export function settingsRoutes() {
  const router = new Router();
  return router;
}
