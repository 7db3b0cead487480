// Personal API tokens of the signed-in user: list, create (shown once, with an expiry chosen
// then), revoke. While two-factor is mandatory for admins, an admin without it gets none.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { ApiToken } from '../../models/ApiToken';
import { currentUser, requireUser } from '../../platform/http/auth';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { apiTokenInput } from '@domain/schemas/auth';
import { API } from '@domain/messages';
import { API_TOKEN_EXPIRY_DEFAULT_DAYS } from '@domain/limits';
import { makeToken, revokeToken, tokensOf } from './tokens';

const doc = apiDoc('API токени');

export function tokenRoutes() {
  const router = new Router({ prefix: '/account/tokens' });
  router.use(requireUser);

  router.get(
    '/',
    doc('Личните API токени на профила', { auth: 'customer', answer: '{ tokens }: име, кога изтича, кога е ползван (без самия токен)' }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { tokens: await tokensOf(currentUser(ctx)) };
    },
  );

  router.post(
    '/',
    doc('Нов личен API токен', {
      auth: 'customer',
      body: apiTokenInput,
      status: 201,
      answer: '{ message, token }: токенът (vs_…) се показва само сега',
    }),
    async (ctx) => {
      const { name, expiresInDays = API_TOKEN_EXPIRY_DEFAULT_DAYS } = parseBody(ctx.request.body, apiTokenInput);
      const token = await makeToken(currentUser(ctx), name, expiresInDays, (ctx.state.apiToken as ApiToken | null) ?? null);
      ctx.status = 201;
      ctx.body = { message: API.tokenCreated, token };
    },
  );

  router.delete('/:id', doc('Отмяна на API токен', { auth: 'customer', answer: '{ message }' }), async (ctx) => {
    await revokeToken(currentUser(ctx), parseId(ctx.params.id));
    ctx.body = { message: API.tokenRevoked };
  });

  return router;
}
