// Discount codes: the staff's react-admin resource /api/admin/discounts, and the cart page's
// preview POST /api/discounts/check { code, items? } priced on the server like checkout.
import Router from '@koa/router';
import type { Context } from 'koa';
import { Discount, DISCOUNT_TYPES, DiscountType } from '../../models/Discount';
import type { User } from '../../models/User';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { discountCheckInput, discountInput } from '../../../../domain/schemas/discounts';
import { badRequest, notFound } from '../../platform/http/errors';
import { filterBy, parseRaParams, raPage, sendRaList, whereContains, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import type { ShippingMethod } from '../../../../domain/orderStatus';
import { customerKeys, normalizeCode } from './service';
import { Throttle } from '../../platform/http/throttle';
import { Order } from '../../models/Order';
import type { ShopSession } from '../../platform/http/session';
import { hashToken } from '../auth/middleware';
import { tooManyRequests } from '../../platform/http/errors';
import { DISCOUNT_CHECKS_PER_ADDRESS, DISCOUNT_CHECKS_PER_SESSION, DISCOUNT_CHECK_WINDOW_MINUTES } from '../../../../domain/limits';
import type { LineInput } from '../cart/lines';
import { quoteCart, quoteView } from '../checkout/quote';
import { toMinor } from '../../../../domain/money';

const raSpec: RaListSpec = {
  idColumn: 'id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'id', code: 'code', type: 'type', value: 'value', usedCount: 'usedCount', startsAt: 'startsAt', endsAt: 'endsAt', active: 'active', createdAt: 'createdAt' },
  filters: {
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      if (value.trim()) whereContains(qb, 'code', normalizeCode(value));
    },
    type: filterBy.equals('type', DISCOUNT_TYPES),
    active: (qb, value) => qb.where('active', value === true || value === 'true'),
  },
};

type DiscountInput = Partial<Omit<Discount, 'value'>> & { value?: number };

/** Turn the form's value into what is stored, after the rules that span fields. */
function storedChanges(input: DiscountInput, current?: Discount): Partial<Discount> {
  const type: DiscountType = input.type ?? current!.type;
  const out: Partial<Discount> = { ...(input as Partial<Discount>) };
  if (input.code !== undefined) out.code = normalizeCode(input.code);
  if (type === 'free_shipping') out.value = 0;
  else if (input.value !== undefined || input.type !== undefined) {
    const raw = input.value ?? (current ? (current.type === 'fixed' ? current.value / 100 : current.value) : undefined);
    if (raw === undefined || raw <= 0) throw badRequest(API.discountValueRequired, { value: API.discountValueRequired });
    if (type === 'percent' && (!Number.isInteger(raw) || raw < 1 || raw > 100)) throw badRequest(API.discountPercentRange, { value: API.discountPercentRange });
    out.value = type === 'fixed' ? toMinor(raw) : raw;
  }
  const startsAt = input.startsAt !== undefined ? input.startsAt : current?.startsAt;
  const endsAt = input.endsAt !== undefined ? input.endsAt : current?.endsAt;
  if (startsAt && endsAt && endsAt <= startsAt) throw badRequest(API.discountEndsBeforeStart, { endsAt: API.discountEndsBeforeStart });
  return out;
}

async function findDiscount(id: number): Promise<Discount> {
  const d = await Discount.query().findById(id);
  if (!d) throw notFound(API.discountNotFound);
  return d;
}

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  const { rows, total } = await raPage(Discount.query(), params, raSpec);
  sendRaList(ctx, 'discounts', rows, params.start, total);
}

/** Code checks are counted per session (or account, for a token) and per address: a script
 *  trying codes meets 429, a shopper retyping one never does. */
export async function throttleChecks(ctx: Context, user: User | null) {
  const window = DISCOUNT_CHECK_WINDOW_MINUTES * 60_000;
  const checkThrottles = { session: new Throttle(Discount.knex(), DISCOUNT_CHECKS_PER_SESSION, window), address: new Throttle(Discount.knex(), DISCOUNT_CHECKS_PER_ADDRESS, window) };
  // The session's CSRF token names it (it outlives sign-in); a token caller is its account.
  const csrf = (ctx.session as unknown as ShopSession | null)?.csrfToken;
  const who = ctx.state.authVia === 'bearer' || !csrf ? `user:${user?.id ?? 0}` : `session:${hashToken(csrf).slice(0, 32)}`;
  const okSession = await checkThrottles.session.allow([`discount-check:${who}`]);
  const okAddress = await checkThrottles.address.allow([`discount-check:ip:${ctx.ip}`]);
  if (!okSession || !okAddress) throw tooManyRequests(API.tooManyCodeChecks);
}

/** Whose per-customer limit a preview checks: the signed-in account's; for a guest only the
 *  e-mails this browser has itself ordered with (its session keeps those orders). An e-mail
 *  typed here is not looked up, so the preview never tells a stranger who used a code; the
 *  checkout still refuses a used code for the e-mail it is given. */
export async function previewCustomerKeys(ctx: Context, user: User | null): Promise<string[]> {
  if (user) return customerKeys({ user });
  const ids = (ctx.session as unknown as ShopSession | null)?.orderIds ?? [];
  if (!ids.length) return [];
  const own = await Order.query().whereIn('id', ids).whereNull('userId').select('customerEmail');
  return [...new Set(own.flatMap((o) => customerKeys({ email: o.customerEmail })))];
}

/** Preview a code on the shopper's cart: the one quote (modules/checkout/quote), refusing a code that
 *  does not apply. Answers the quote beside the older `totals` shape. */
async function checkCode(ctx: Context) {
  const input = parseBody<{ code: string; items?: LineInput[]; email?: string; shippingMethod?: ShippingMethod }>(ctx.request.body, discountCheckInput);
  const user = ctx.state.user as User | null;
  await throttleChecks(ctx, user);
  const keys = await previewCustomerKeys(ctx, user);
  const quote = quoteView(await quoteCart({ items: input.items, shippingMethod: input.shippingMethod ?? null, discountCode: input.code, email: input.email, customerKeys: keys }, user, { strictDiscount: true }));
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
    const input = parseBody<DiscountInput>(ctx.request.body, discountInput);
    const row = storedChanges({ active: true, minSubtotal: 0, ...input });
    ctx.status = 201;
    // A duplicate code is a 409 naming the field (the error middleware knows the constraint).
    ctx.body = await Discount.query().insertAndFetch(row);
  });
  router.put('/admin/discounts/:id', async (ctx) => {
    const current = await findDiscount(parseId(ctx.params.id));
    const input = parseBody<DiscountInput>(ctx.request.body, discountInput, { partial: true });
    const changes = storedChanges(input, current);
    ctx.body = await Discount.query().patchAndFetchById(current.id, changes);
  });
  router.delete('/admin/discounts/:id', async (ctx) => {
    const d = await findDiscount(parseId(ctx.params.id));
    await Discount.query().deleteById(d.id);
    ctx.body = d;
  });

  return router;
}
