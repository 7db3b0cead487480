// Discount codes: the staff's react-admin resource /api/admin/discounts, and the cart page's
// preview POST /api/discounts/check { code, items? } priced on the server like checkout.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { discountChangeInput, discountCheckInput, discountInput } from '../../../../domain/schemas/discounts';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { createDiscount, deleteDiscount, discountListSpec, findDiscount, listDiscounts, updateDiscount } from './adminService';
import { API } from '../../../../domain/messages';
import { countCodeCheck, customerKeys, guestOrdersCustomerKeys, type CodeCheckPass } from './service';
import type { ShopSession } from '../../platform/http/session';
import { hashToken } from '../auth';
import { csrfTokenOf } from '../../platform/http/csrf';
import type { LineInput } from '../cart';
import { quoteCart, quoteView } from '../checkout';

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, discountListSpec);
  const { rows, total } = await listDiscounts(params);
  sendRaList(ctx, 'discounts', rows, params.start, total);
}

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

/** Preview a code on the shopper's cart: the one quote (modules/checkout/quote), refusing a code that
 *  does not apply. Answers the quote beside the older `totals` shape. */
async function checkCode(ctx: Context) {
  const input = parseBody(ctx.request.body, discountCheckInput);
  const user = ctx.state.user as User | null;
  const codeCheck = await throttleChecks(ctx, user);
  const keys = await previewCustomerKeys(ctx, user);
  const quote = quoteView(await quoteCart({ items: input.items as LineInput[] | undefined, shippingMethod: input.shippingMethod ?? null, discountCode: input.code, email: input.email, customerKeys: keys, codeCheck }, user, { strictDiscount: true }));
  ctx.body = {
    message: API.discountApplied,
    discount: quote.discount,
    totals: { subtotal: quote.subtotal, discountTotal: quote.discountTotal, shippingTotal: quote.shippingTotal, total: quote.total },
    quote,
  };
}

export function discountsRoutes() {
  const router = new Router();

  router.post('/discounts/check', checkCode);

  router.get('/admin/discounts', raList);
  router.get('/admin/discounts/:id', async (ctx) => {
    ctx.body = await findDiscount(parseId(ctx.params.id));
  });
  router.post('/admin/discounts', async (ctx) => {
    const created = await createDiscount(parseBody(ctx.request.body, discountInput));
    ctx.status = 201;
    ctx.body = created;
  });
  router.put('/admin/discounts/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    ctx.body = await updateDiscount(id, parseBody(ctx.request.body, discountChangeInput));
  });
  router.delete('/admin/discounts/:id', async (ctx) => {
    ctx.body = await deleteDiscount(parseId(ctx.params.id));
  });

  return router;
}
