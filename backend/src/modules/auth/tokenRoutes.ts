// Personal API tokens of the signed-in user: list, create (shown once, with an expiry chosen
// then), revoke. While two-factor is mandatory for admins, an admin without it gets none.
import Router from '@koa/router';
import { ApiToken } from '../../models/ApiToken';
import { adminLacksRequiredTwoFactor, currentUser, requireUser, hashToken, newApiToken, tokenExpired } from './middleware';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { apiTokenInput } from '../../../../domain/schemas/auth';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_EXPIRY_DEFAULT_DAYS } from '../../../../domain/limits';

const DAY_MS = 86_400_000;

/** What the settings page shows: never the hash; whether it has expired. */
function tokenView(row: ApiToken) {
  return { ...row.toJSON(), expired: tokenExpired(row) };
}

export function tokenRoutes() {
  const router = new Router({ prefix: '/account/tokens' });
  router.use(requireUser);

  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { tokens: (await ApiToken.query().where({ userId: user.id }).orderBy('id', 'desc')).map(tokenView) };
  });

  router.post('/', async (ctx) => {
    const user = currentUser(ctx);
    const { name, expiresInDays = API_TOKEN_EXPIRY_DEFAULT_DAYS } = parseBody<{ name: string; expiresInDays?: number }>(ctx.request.body, apiTokenInput);
    if (!(API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(expiresInDays)) {
      throw badRequest(API.oneOf(API_TOKEN_EXPIRY_DAYS.map(String)), { expiresInDays: API.oneOf(API_TOKEN_EXPIRY_DAYS.map(String)) });
    }
    if (await adminLacksRequiredTwoFactor(user)) throw forbidden(API.tokenNeedsTwoFactor);
    let expiresAt = Date.now() + expiresInDays * DAY_MS;
    // A token may make another, but not one that outlives it (no endless renewal by a stolen one).
    const parent = ctx.state.apiToken as ApiToken | null;
    if (parent?.expiresAt) expiresAt = Math.min(expiresAt, Date.parse(parent.expiresAt));
    const token = newApiToken();
    const row = await ApiToken.query().insertAndFetch({
      userId: user.id, name, tokenHash: hashToken(token), tokenPrefix: token.slice(0, 10), expiresAt: new Date(expiresAt).toISOString(),
    } as Partial<ApiToken>);
    ctx.status = 201;
    ctx.body = { message: API.tokenCreated, token: { ...tokenView(row), token } };
  });

  router.delete('/:id', async (ctx) => {
    const user = currentUser(ctx);
    const deleted = await ApiToken.query().delete().where({ id: parseId(ctx.params.id), userId: user.id });
    if (!deleted) throw notFound();
    ctx.body = { message: API.tokenRevoked };
  });

  return router;
}
