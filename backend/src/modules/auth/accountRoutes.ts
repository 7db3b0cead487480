// The account's own security: forgotten password (request a link, use it), password change,
// and two-factor sign-in.
import Router from '@koa/router';
import type { Context } from 'koa';
import { User } from '../../models/User';
import { parseBody } from '../../platform/http/parseInput';
import { forgotPasswordInput, passwordChangeInput, resetPasswordInput, twoFactorCodeInput } from '@domain/schemas/auth';
import { currentUser, requireUser } from '../../platform/http/auth';
import { afterAnswer } from '../../platform/http/afterAnswer';
import { SESSION_COOKIE } from '../../platform/http/session';
import { requestReset, resetPassword } from './passwordReset';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './twoFactor';
import { allowResetRequest, changePassword, currentAccount } from './service';
import { API } from '@domain/messages';

async function forgotPassword(ctx: Context) {
  const { email } = parseBody(ctx.request.body, forgotPasswordInput);
  await allowResetRequest(email, ctx.ip);
  // The same answer, as fast, whether or not the account exists: the look-up, the link and
  // the mail all happen after it.
  const config = ctx.config;
  afterAnswer(ctx, 'password-reset-request-failed', () => requestReset(User.knex(), config, email));
  ctx.body = { message: API.resetRequested };
}

async function resetForgottenPassword(ctx: Context) {
  const { token, password } = parseBody(ctx.request.body, resetPasswordInput);
  await resetPassword(User.knex(), token, password);
  ctx.body = { message: API.passwordReset, tokensRevoked: true };
}

async function changeOwnPassword(ctx: Context) {
  const { currentPassword, newPassword } = parseBody(ctx.request.body, passwordChangeInput);
  await changePassword(currentUser(ctx), currentPassword, newPassword, ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? '');
  ctx.body = { message: API.passwordChanged, tokensRevoked: true };
}

// Two-factor: set up (secret and QR), turn on with a first code (backup codes answered once),
// turn off with a code.
async function setUpSecondFactor(ctx: Context) {
  ctx.body = await setupTwoFactor(currentUser(ctx), ctx.config.appKeys);
}

async function turnOnSecondFactor(ctx: Context) {
  const { code } = parseBody(ctx.request.body, twoFactorCodeInput);
  const user = await currentAccount(currentUser(ctx).id);
  ctx.body = { message: API.twoFactorEnabled, backupCodes: await enableTwoFactor(user, code, ctx.config.appKeys) };
}

async function turnOffSecondFactor(ctx: Context) {
  const { code } = parseBody(ctx.request.body, twoFactorCodeInput);
  await disableTwoFactor(ctx, await currentAccount(currentUser(ctx).id), code);
  ctx.body = { message: API.twoFactorDisabled, tokensRevoked: true };
}

export function accountRoutes() {
  const router = new Router();
  router.post('/auth/forgot-password', forgotPassword);
  router.post('/auth/reset-password', resetForgottenPassword);
  router.put('/account/password', requireUser, changeOwnPassword);
  router.post('/account/2fa/setup', requireUser, setUpSecondFactor);
  router.post('/account/2fa/enable', requireUser, turnOnSecondFactor);
  router.post('/account/2fa/disable', requireUser, turnOffSecondFactor);
  return router;
}
