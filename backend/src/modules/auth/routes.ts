// Sign-up, sign-in, sign-out, the current user, the CSRF token, and the small checks (cookie, session).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { checkSecondFactorCounted } from './twoFactor';
import type { ShopSession } from '../../platform/http/session';
import { User as UserModel, type User } from '../../models/User';
import { afterAnswer } from '../../platform/http/afterAnswer';
import { countRegistrationLink, mailVerificationLink, newVerificationLink, pendingEmailOf } from './emailVerification';
import { Company } from '../../models/Company';
import { parseBody } from '../../platform/http/parseInput';
import { loginInput, registerInput, twoFactorCodeInput } from '@domain/schemas/auth';
import { issueCsrfToken } from '../../platform/http/csrf';
import { unauthorized } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { TWO_FACTOR_MAX_TRIES, TWO_FACTOR_PENDING_MS } from '@domain/limits';
import { signIn, signOut } from './sessions';
import { runSignInSteps } from './signInSteps';
import { holdBackIfRequired } from './middleware';
import { accountAwaitingSecondFactor, checkPassword, recordSignIn, registerCustomer } from './service';

/** The session becomes the user's: new session id, last sign-in, the guest cart merged. */
async function completeSignIn(ctx: Context, user: User) {
  const signedIn = await recordSignIn(user.id);
  const csrfToken = await signIn(ctx, user);
  // The rest of this request is the new user's: held back by the two-factor rule or not.
  delete ctx.state.adminHeldBack;
  await holdBackIfRequired(ctx, user);
  // What other areas add (the cart: a guest cart kept in the cookie joins the server cart).
  const added = await runSignInSteps(ctx, user.id);
  return { message: API.loginOk, user: signedIn, csrfToken, ...added };
}

function csrfToken(ctx: Context) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { csrfToken: issueCsrfToken(ctx) };
}

/** Registration sets the user: the new account is signed in on this browser, as a
 *  sign-in would (new session id, the guest cart merged); the storefront then goes to /signin. */
async function register(ctx: Context) {
  const input = parseBody(ctx.request.body, registerInput);
  const user = await registerCustomer(input, ctx.ip);
  // The link that proves the address goes out after the answer (a slow mail server never holds
  // up the sign-up); it counts as the account's first link.
  await countRegistrationLink(user.id);
  const made = await newVerificationLink(UserModel.knex(), ctx.config, user.id, user.email);
  const config = ctx.config;
  afterAnswer(ctx, 'verification-mail-failed', () => mailVerificationLink(config, made));
  ctx.status = 201;
  ctx.body = { ...(await completeSignIn(ctx, user)), message: API.registerOk };
}

async function logIn(ctx: Context) {
  const { email, password } = parseBody(ctx.request.body, loginInput);
  const check = await checkPassword(email, password, ctx.ip);
  const user = check.user;
  if (check.throttled || user.twoFactorEnabled) {
    // The password was right; the session is not the user's until the second factor is. From a
    // throttled address the answer is this one either way (the code step then tells nothing
    // about the password): the owner locked out there still signs in with the code.
    const wrongPassword = check.throttled && !check.passwordRight ? { wrongPassword: true } : {};
    (ctx.session as unknown as ShopSession).pendingTwoFactor = { userId: user.id, at: Date.now(), tries: 0, ...wrongPassword };
    ctx.body = { twoFactorRequired: true, message: API.twoFactorRequired };
    return;
  }
  ctx.body = await completeSignIn(ctx, user);
}

async function logInSecondFactor(ctx: Context) {
  const { code } = parseBody(ctx.request.body, twoFactorCodeInput);
  const session = ctx.session as unknown as ShopSession;
  const pending = session.pendingTwoFactor;
  if (!pending || Date.now() - pending.at > TWO_FACTOR_PENDING_MS || pending.tries >= TWO_FACTOR_MAX_TRIES) {
    delete session.pendingTwoFactor;
    throw unauthorized(API.twoFactorExpired);
  }
  const user = await accountAwaitingSecondFactor(pending.userId);
  if (!user) {
    delete session.pendingTwoFactor;
    throw unauthorized(API.twoFactorExpired);
  }
  // Wrong codes also count against the account, across sign-ins (429 past the limit). After a
  // wrong password (from a throttled address) no code is right, and none is counted: a stranger
  // without the password must not use up the owner's code tries.
  if (pending.wrongPassword || !(await checkSecondFactorCounted(ctx, user, code))) {
    session.pendingTwoFactor = { ...pending, tries: pending.tries + 1 };
    throw unauthorized(API.twoFactorWrongCode);
  }
  delete session.pendingTwoFactor;
  ctx.body = await completeSignIn(ctx, user);
}

async function logOut(ctx: Context) {
  await signOut(ctx);
  ctx.body = { message: API.logoutOk };
}

async function me(ctx: Context) {
  ctx.set('Cache-Control', 'no-store');
  const user = ctx.state.user as User | null;
  if (!user) throw unauthorized();
  // A member's company, read from the model: auth is lower than trade.
  const company = user.companyId
    ? await Company.query()
        .findById(user.companyId)
        .select('id', 'name', 'status', 'tobaccoPermit', 'tobaccoPermitOffice', 'tobaccoPermitExpiresAt')
    : undefined;
  const pendingEmail = await pendingEmailOf(user);
  ctx.body = {
    user: {
      ...(typeof user.toJSON === 'function' ? user.toJSON() : user),
      pendingEmail,
      ...(company
        ? {
            company: {
              id: company.id,
              name: company.name,
              status: company.status,
              role: user.companyRole ?? 'owner',
              // The member sees the permit the shop holds, and from its date why regulated goods stop.
              tobaccoPermit: company.tobaccoPermit,
              tobaccoPermitOffice: company.tobaccoPermitOffice ?? '',
              tobaccoPermitExpiresAt: company.tobaccoPermitExpiresAt ?? null,
            },
          }
        : {}),
    },
  };
}

function isTwoFactorAuthEnabled(ctx: Context) {
  ctx.body = { twoFactorAuth: Boolean((ctx.state.user as User | null)?.twoFactorEnabled) };
}

function checkCookie(ctx: Context) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { isUserCookieAvailable: ctx.state.authVia === 'session' };
}

const doc = apiDoc('Вход и профил');

export function authRoutes() {
  const router = new Router();
  router.get(
    '/csrf-token',
    doc('CSRF токен за промените с бисквитка', { answer: '{ csrfToken }: изпраща се в заглавката x-csrf-token' }),
    csrfToken,
  );
  router.post(
    '/auth/register',
    doc('Регистрация на клиент', {
      body: registerInput,
      status: 201,
      limited: true,
      answer: '{ message, user, csrfToken }: новият профил, вече влязъл',
    }),
    register,
  );
  router.post(
    '/auth/login',
    doc('Вход с имейл и парола', {
      body: loginInput,
      limited: true,
      answer: '{ message, user, csrfToken } или { twoFactorRequired: true, message }, когато следва код от приложение',
    }),
    logIn,
  );
  router.post(
    '/auth/login/2fa',
    doc('Втора стъпка на входа: кодът от приложението', {
      body: twoFactorCodeInput,
      limited: true,
      errors: [401],
      answer: '{ message, user, csrfToken }',
    }),
    logInSecondFactor,
  );
  router.post('/auth/logout', doc('Изход от този браузър', { answer: '{ message }' }), logOut);
  router.get('/auth/me', doc('Кой е влязъл', { answer: '{ user }: профилът с фирмата, ако е член (null за гост)' }), me);
  router.get(
    '/isTwoFactorAuthEnabled',
    doc('Включен ли е вторият фактор на влезлия профил', { answer: '{ twoFactorAuth }' }),
    isTwoFactorAuthEnabled,
  );
  router.get('/check-cookie', doc('Приема ли браузърът бисквитки', { answer: '{ isUserCookieAvailable }' }), checkCookie);
  return router;
}
