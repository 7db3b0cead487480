// Sign-up, sign-in, sign-out, the current user, the CSRF token, and the spec's small checks.
import Router from '@koa/router';
import { notifyStaff } from '../staff/notifications';
import { checkSecondFactorCounted } from './twoFactor';
import type { ShopSession } from '../../platform/http/session';
import type { Context } from 'koa';
import { User } from '../../models/User';
import { parseBody } from '../../platform/http/parseInput';
import { loginInput, registerInput, twoFactorCodeInput } from '../../../../domain/schemas/auth';
import { issueCsrfToken } from '../../platform/http/csrf';
import { unauthorized, tooManyRequests } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import {
  LOGIN_MAX_FAILURES, LOGIN_ADDRESS_MAX_FAILURES, LOGIN_WINDOW_MINUTES, TWO_FACTOR_MAX_TRIES, TWO_FACTOR_PENDING_MS,
  REGISTER_MAX_PER_ADDRESS, REGISTER_WINDOW_MINUTES,
} from '../../../../domain/limits';
import { verifyPassword, dummyPasswordHash } from './passwords';
import { createUser, UserInput } from '../customers/users';
import { Throttle } from '../../platform/http/throttle';
import { nowIso } from '../../models/BaseModel';
import { signIn, signOut } from './sessions';
import { mergeGuestCartAtSignIn } from '../cart/merge';

/** The session becomes the user's: new session id, last sign-in, the guest cart merged. */
async function completeSignIn(ctx: Context, user: User) {
  await User.query().patch({ lastLoginAt: nowIso() } as Partial<User>).findById(user.id);
  const csrfToken = await signIn(ctx, user);
  // A guest cart kept in the cookie joins the server cart (never fails the sign-in).
  const mergedCart = await mergeGuestCartAtSignIn(ctx, user.id);
  return { message: API.loginOk, user: await User.query().findById(user.id), csrfToken, ...mergedCart };
}

export function authRoutes() {
  const router = new Router();
  const WINDOW = LOGIN_WINDOW_MINUTES * 60_000;
  let throttles: { email: Throttle; address: Throttle; register: Throttle } | undefined;
  // Failures lock the account first; per address the limit is far higher: many people share one
  // address (offices, mobile NAT, a proxy), and one attacker there must not lock them all out.
  const getThrottles = () =>
    (throttles ??= {
      email: new Throttle(User.knex(), LOGIN_MAX_FAILURES, WINDOW),
      address: new Throttle(User.knex(), LOGIN_ADDRESS_MAX_FAILURES, WINDOW),
      register: new Throttle(User.knex(), REGISTER_MAX_PER_ADDRESS, REGISTER_WINDOW_MINUTES * 60_000),
    });

  router.get('/csrf-token', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { csrfToken: issueCsrfToken(ctx) };
  });

  router.post('/auth/register', async (ctx) => {
    const input = parseBody<UserInput>(ctx.request.body, registerInput);
    // Every well-formed attempt counts (a taken e-mail too: that answer is worth probing for).
    if (!(await getThrottles().register.allow([`register:ip:${ctx.ip}`]))) throw tooManyRequests(API.tooManyRegistrations);
    const user = await createUser({ ...input, role: 'customer' });
    await notifyStaff({ type: 'customer', message: `Нов клиент: ${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} (${user.email})`, link: `/admin/users/${user.id}` });
    ctx.status = 201;
    ctx.body = { message: API.registerOk, user };
  });

  router.post('/auth/login', async (ctx) => {
    const { email, password } = parseBody<{ email: string; password: string }>(ctx.request.body, loginInput);
    const t = getThrottles();
    const emailKey = [`login:email:${email}`];
    const addressKey = [`login:ip:${ctx.ip}`];
    if (await t.email.isBlocked(emailKey)) throw tooManyRequests();
    if (await t.address.isBlocked(addressKey)) throw tooManyRequests();

    const user = await User.query().findOne({ email });
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok) {
      await t.email.fail(emailKey);
      await t.address.fail(addressKey);
      throw unauthorized(API.wrongCredentials);
    }
    await t.email.reset(emailKey);
    if (user.twoFactorEnabled) {
      // The password was right; the session is not the user's until the second factor is.
      (ctx.session as unknown as ShopSession).pendingTwoFactor = { userId: user.id, at: Date.now(), tries: 0 };
      ctx.body = { twoFactorRequired: true, message: API.twoFactorRequired };
      return;
    }
    ctx.body = await completeSignIn(ctx, user);
  });

  router.post('/auth/login/2fa', async (ctx) => {
    const { code } = parseBody<{ code: string }>(ctx.request.body, twoFactorCodeInput);
    const session = ctx.session as unknown as ShopSession;
    const pending = session.pendingTwoFactor;
    if (!pending || Date.now() - pending.at > TWO_FACTOR_PENDING_MS || pending.tries >= TWO_FACTOR_MAX_TRIES) {
      delete session.pendingTwoFactor;
      throw unauthorized(API.twoFactorExpired);
    }
    const user = await User.query().findById(pending.userId);
    if (!user || !user.twoFactorEnabled) {
      delete session.pendingTwoFactor;
      throw unauthorized(API.twoFactorExpired);
    }
    // Wrong codes also count against the account, across sign-ins (429 past the limit).
    if (!(await checkSecondFactorCounted(ctx, user, code))) {
      session.pendingTwoFactor = { ...pending, tries: pending.tries + 1 };
      throw unauthorized(API.twoFactorWrongCode);
    }
    delete session.pendingTwoFactor;
    ctx.body = await completeSignIn(ctx, user);
  });

  router.post('/auth/logout', async (ctx) => {
    await signOut(ctx);
    ctx.body = { message: API.logoutOk };
  });

  router.get('/auth/me', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!ctx.state.user) throw unauthorized();
    ctx.body = { user: ctx.state.user };
  });

  router.get('/isTwoFactorAuthEnabled', (ctx) => {
    ctx.body = { twoFactorAuth: Boolean((ctx.state.user as User | null)?.twoFactorEnabled) };
  });

  router.get('/check-cookie', (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { isUserCookieAvailable: ctx.state.authVia === 'session' };
  });

  return router;
}
