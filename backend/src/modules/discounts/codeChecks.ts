// The code-check door of a request: code checks are counted per session (or account, for a
// token) and per address, and a preview checks only the per-customer limits this browser or
// account may know. Used by the discounts' preview and by the checkout's quote and order.
import type { Context } from 'koa';
import type { User } from '../../models/User';
import type { ShopSession } from '../../platform/http/session';
import { csrfTokenOf } from '../../platform/http/csrf';
import { hashToken } from '../../platform/http/auth';
import { countCodeCheck, customerKeys, guestOrdersCustomerKeys, type CodeCheckPass } from './service';

/** Code checks are counted per session (or account, for a token) and per address: a script
 *  trying codes meets 429, a shopper retyping one never does. */
export async function throttleChecks(ctx: Context, user: User | null): Promise<CodeCheckPass> {
  // The session's CSRF token names it (it outlives sign-in); a token caller is its account.
  const csrf = csrfTokenOf(ctx);
  const who = ctx.state.authVia === 'bearer' || !csrf ? `user:${user?.id ?? 0}` : `session:${hashToken(csrf).slice(0, 32)}`;
  return countCodeCheck(who, ctx.ip);
}

/** The code-check door for a call that may carry a code: counted only when it does. */
export async function codeCheckOf(ctx: Context, user: User | null, code: string | null | undefined): Promise<CodeCheckPass | undefined> {
  return code?.trim() ? throttleChecks(ctx, user) : undefined;
}

/** Whose per-customer limit a preview checks: the signed-in account's; for a guest only the
 *  e-mails this browser has itself ordered with (its session keeps those orders). An e-mail
 *  typed here is not looked up, so the preview never tells a stranger who used a code; the
 *  checkout still refuses a used code for the e-mail it is given. */
export async function previewCustomerKeys(ctx: Context, user: User | null): Promise<string[]> {
  if (user) return customerKeys({ user });
  return guestOrdersCustomerKeys((ctx.session as unknown as ShopSession | null)?.orderIds ?? []);
}
