// The one price quote (POST /api/checkout/quote): what the cart page and the checkout page show.
// A guest sends the cookie's lines; a signed-in customer without items gets the server cart
// quoted. A code that does not apply is reported beside the quote (discountError), not refused.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { parseBody } from '../../platform/http/parseInput';
import { quoteInput } from '../../../../domain/schemas/checkout';
import { quoteCart, quoteView } from './quote';
import type { LineInput } from '../cart';
import { codeCheckOf, previewCustomerKeys } from '../discounts';

async function quote(ctx: Context) {
  const input = parseBody(ctx.request.body, quoteInput);
  const user = ctx.state.user as User | null;
  // A code on the quote is a code check: the same throttle, and the same rule that a guest's
  // typed e-mail is never looked up (only what this browser or account has itself used).
  const codeCheck = await codeCheckOf(ctx, user, input.discountCode);
  const customerKeys = codeCheck ? await previewCustomerKeys(ctx, user) : undefined;
  const q = await quoteCart({ items: input.items as LineInput[] | undefined, shippingMethod: input.shipping?.method ?? null, discountCode: input.discountCode, email: input.email, customerKeys, codeCheck }, user);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = quoteView(q);
}

export function checkoutRoutes() {
  const router = new Router();
  router.post('/checkout/quote', quote);
  return router;
}
