// Personal API tokens of the signed-in user: list, create (shown once), revoke.
import Router from '@koa/router';
import { ApiToken } from '../models/ApiToken';
import { currentUser, requireUser, hashToken, newApiToken } from '../http/auth';
import { parseBody, parseId } from '../http/validate';
import { notFound } from '../http/errors';
import { API } from '../../../domain/messages';

export function tokenRoutes() {
  const router = new Router({ prefix: '/account/tokens' });
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = { tokens: await ApiToken.query().where({ userId: user.id }).orderBy('id', 'desc') };
  });

  router.post('/', async (ctx) => {
    const user = currentUser(ctx);
    const { name } = parseBody<{ name: string }>(ctx.request.body, { name: { type: 'string', max: 100, min: 1, required: true } });
    const token = newApiToken();
    const row = await ApiToken.query().insertAndFetch({ userId: user.id, name, tokenHash: hashToken(token), tokenPrefix: token.slice(0, 10) } as Partial<ApiToken>);
    ctx.status = 201;
    ctx.body = { message: API.tokenCreated, token: { ...row.toJSON(), token } };
  });

  router.delete('/:id', async (ctx) => {
    const user = currentUser(ctx);
    const deleted = await ApiToken.query().delete().where({ id: parseId(ctx.params.id), userId: user.id });
    if (!deleted) throw notFound();
    ctx.body = { message: API.tokenRevoked };
  });

  return router;
}
