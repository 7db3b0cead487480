// The account's own security: forgotten password (request a link, use it), password change,
// and two-factor sign-in.
import Router from '@koa/router';
import { User } from '../../models/User';
import { parseBody } from '../../platform/http/parseInput';
import { forgotPasswordInput, passwordChangeInput, resetPasswordInput, twoFactorCodeInput } from '../../../../domain/schemas/auth';
import { badRequest, tooManyRequests } from '../../platform/http/errors';
import { currentUser, requireUser, revokeAllTokens } from '../auth/middleware';
import { afterAnswer } from '../../platform/http/afterAnswer';
import { SESSION_COOKIE } from '../../platform/http/session';
import { verifyPassword } from '../auth/passwords';
import { requestReset, resetPassword } from '../auth/passwordReset';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../auth/twoFactor';
import { updateUser } from './users';
import { Throttle } from '../../platform/http/throttle';
import { API } from '../../../../domain/messages';
import { LOGIN_WINDOW_MINUTES } from '../../../../domain/limits';

const RESET_PER_EMAIL = 3;
const RESET_PER_ADDRESS = 20;

export function accountRoutes() {
  const router = new Router();
  let throttles: { email: Throttle; address: Throttle } | undefined;
  const getThrottles = () =>
    (throttles ??= {
      email: new Throttle(User.knex(), RESET_PER_EMAIL, LOGIN_WINDOW_MINUTES * 60_000),
      address: new Throttle(User.knex(), RESET_PER_ADDRESS, LOGIN_WINDOW_MINUTES * 60_000),
    });

  router.post('/auth/forgot-password', async (ctx) => {
    const { email } = parseBody<{ email: string }>(ctx.request.body, forgotPasswordInput);
    const t = getThrottles();
    const [emailKey, addressKey] = [[`reset:email:${email}`], [`reset:ip:${ctx.ip}`]];
    if ((await t.email.isBlocked(emailKey)) || (await t.address.isBlocked(addressKey))) throw tooManyRequests();
    await t.email.fail(emailKey);
    await t.address.fail(addressKey);
    // The same answer, as fast, whether or not the account exists: the look-up, the link and
    // the mail all happen after it.
    const config = ctx.config;
    afterAnswer(ctx, 'password-reset-request-failed', () => requestReset(User.knex(), config, email));
    ctx.body = { message: API.resetRequested };
  });

  router.post('/auth/reset-password', async (ctx) => {
    const { token, password } = parseBody<{ token: string; password: string }>(ctx.request.body, resetPasswordInput);
    await resetPassword(User.knex(), token, password);
    ctx.body = { message: API.passwordReset, tokensRevoked: true };
  });

  router.put('/account/password', requireUser, async (ctx) => {
    const { currentPassword, newPassword: next } = parseBody<{ currentPassword: string; newPassword: string }>(ctx.request.body, passwordChangeInput);
    const user = currentUser(ctx);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(API.wrongCurrentPassword, { currentPassword: API.wrongCurrentPassword });
    await updateUser(user, { password: next });
    // Other browsers signed in to this account are signed out (this one stays), and every
    // personal API token stops working, even if the new password is the old one.
    await revokeAllTokens(user.id);
    await User.knex()('sessions').where({ userId: user.id }).whereNot({ id: ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '' }).delete();
    ctx.body = { message: API.passwordChanged, tokensRevoked: true };
  });

  // Two-factor: set up (secret and QR), turn on with a first code (backup codes answered once),
  // turn off with a code.
  router.post('/account/2fa/setup', requireUser, async (ctx) => {
    ctx.body = await setupTwoFactor(currentUser(ctx), ctx.config.appKeys);
  });
  router.post('/account/2fa/enable', requireUser, async (ctx) => {
    const input = parseBody<{ code: string }>(ctx.request.body, twoFactorCodeInput);
    const user = (await User.query().findById(currentUser(ctx).id))!;
    ctx.body = { message: API.twoFactorEnabled, backupCodes: await enableTwoFactor(user, input.code, ctx.config.appKeys) };
  });
  router.post('/account/2fa/disable', requireUser, async (ctx) => {
    const input = parseBody<{ code: string }>(ctx.request.body, twoFactorCodeInput);
    const user = (await User.query().findById(currentUser(ctx).id))!;
    await disableTwoFactor(ctx, user, input.code);
    ctx.body = { message: API.twoFactorDisabled, tokensRevoked: true };
  });

  return router;
}
