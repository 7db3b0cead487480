// The account's own security: forgotten password (request a link, use it), password change, the
// address proven (and changed) by a mailed link, and two-factor sign-in.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { User } from '../../models/User';
import { parseBody } from '../../platform/http/parseInput';
import {
  emailChangeInput,
  forgotPasswordInput,
  passwordChangeInput,
  resetPasswordInput,
  twoFactorCodeInput,
  verifyEmailInput,
} from '@domain/schemas/auth';
import { currentUser, requireUser } from '../../platform/http/auth';
import { afterAnswer } from '../../platform/http/afterAnswer';
import { SESSION_COOKIE } from '../../platform/http/session';
import { requestReset, resetPassword } from './passwordReset';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './twoFactor';
import { allowResetRequest, changePassword, currentAccount } from './service';
import { API, EMAIL_OWNERSHIP } from '@domain/messages';
import { mailVerificationLink, requestEmailChange, resendVerification, verifyEmail } from './emailVerification';

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

// The address: a link opened (by anyone who has it: it was mailed to the address, signed in or
// not), a link asked for again, a new address asked for (it replaces the old one once its link is
// opened).
async function confirmEmail(ctx: Context) {
  const { token } = parseBody(ctx.request.body, verifyEmailInput);
  const { changed } = await verifyEmail(token);
  ctx.body = { message: changed ? EMAIL_OWNERSHIP.changed : EMAIL_OWNERSHIP.verified, emailVerified: true };
}

async function resendEmailLink(ctx: Context) {
  const made = await resendVerification(ctx.config, currentUser(ctx), ctx.ip);
  const config = ctx.config;
  afterAnswer(ctx, 'verification-mail-failed', () => mailVerificationLink(config, made));
  ctx.body = { message: EMAIL_OWNERSHIP.linkSent };
}

async function changeEmail(ctx: Context) {
  const { email, password } = parseBody(ctx.request.body, emailChangeInput);
  const made = await requestEmailChange(ctx.config, currentUser(ctx), email, password, ctx.ip);
  const config = ctx.config;
  afterAnswer(ctx, 'verification-mail-failed', () => mailVerificationLink(config, made, true));
  ctx.body = { message: EMAIL_OWNERSHIP.changeLinkSent, pendingEmail: email };
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

const doc = apiDoc('Вход и профил');

export function accountRoutes() {
  const router = new Router();
  router.post(
    '/auth/forgot-password',
    doc('Забравена парола: връзка за нова по имейл', {
      body: forgotPasswordInput,
      limited: true,
      answer: '{ message } (еднакъв, има ли такъв профил или не)',
    }),
    forgotPassword,
  );
  router.post(
    '/auth/reset-password',
    doc('Нова парола с връзката от имейла', {
      body: resetPasswordInput,
      answer: '{ message, tokensRevoked }: всички API токени на профила се отменят',
    }),
    resetForgottenPassword,
  );
  router.put(
    '/account/password',
    doc('Смяна на собствената парола', {
      auth: 'customer',
      body: passwordChangeInput,
      answer: '{ message, tokensRevoked }: всички API токени на профила се отменят',
    }),
    requireUser,
    changeOwnPassword,
  );
  router.post(
    '/auth/verify-email',
    doc('Потвърждаване на имейл с връзката от писмото', { body: verifyEmailInput, answer: '{ message, emailVerified }' }),
    confirmEmail,
  );
  router.post(
    '/account/email/resend',
    doc('Ново писмо за потвърждаване на имейла', { auth: 'customer', limited: true, answer: '{ message }' }),
    requireUser,
    resendEmailLink,
  );
  router.put(
    '/account/email',
    doc('Смяна на имейла (с паролата)', {
      auth: 'customer',
      body: emailChangeInput,
      answer: '{ message, pendingEmail }: връзка за потвърждение отива на новия адрес',
    }),
    requireUser,
    changeEmail,
  );
  router.post(
    '/account/2fa/setup',
    doc('Втори фактор: нова тайна и QR код', { auth: 'customer', answer: '{ secret, otpauthUrl, qr }: qr е data: URL на изображение' }),
    requireUser,
    setUpSecondFactor,
  );
  router.post(
    '/account/2fa/enable',
    doc('Втори фактор: включване с код', { auth: 'customer', body: twoFactorCodeInput, limited: true, answer: '{ message, backupCodes }' }),
    requireUser,
    turnOnSecondFactor,
  );
  router.post(
    '/account/2fa/disable',
    doc('Втори фактор: изключване с код', {
      auth: 'customer',
      body: twoFactorCodeInput,
      limited: true,
      answer: '{ message, tokensRevoked }: всички API токени на профила се отменят',
    }),
    requireUser,
    turnOffSecondFactor,
  );
  return router;
}
