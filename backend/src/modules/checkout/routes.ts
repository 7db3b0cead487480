// The checkout over HTTP: the one price quote (POST /api/checkout/quote: what the cart page and
// the checkout page show; a code that does not apply is reported beside the quote), placing an
// order (POST /orders/create) and staff's order taken by phone (POST /admin/orders, and the
// plain style of path /admin/orders/create), and the cart page's preview of a discount code
// (POST /discounts/check, priced like the checkout). Thin handlers over checkout/requests.
import Router from '@koa/router';
import type { Context } from 'koa';
import { API } from '@domain/messages';
import { idempotent } from '../../platform/http/idempotency';
import {
  approveRequest,
  codePreview,
  declineRequest,
  phoneOrderAgain,
  placePhoneOrder,
  placeShopOrder,
  quoteRequest,
  shopOrderAgain,
  shopOrderReplayed,
} from './requests';

async function quote(ctx: Context) {
  const answer = await quoteRequest(ctx);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = answer;
}

async function createOrder(ctx: Context) {
  const order = await placeShopOrder(ctx);
  ctx.status = 201;
  ctx.body = { message: API.orderCreated, order };
}

async function createPhoneOrder(ctx: Context) {
  const order = await placePhoneOrder(ctx);
  ctx.status = 201;
  ctx.body = { ...order, message: API.orderCreated };
}

async function checkCode(ctx: Context) {
  ctx.body = await codePreview(ctx);
}

// A retried or racing copy (the same Idempotency-Key) places the order once and answers it again.
// The guest's proof of work is made anew for each attempt: not part of what is asked.
const onceShopOrder = idempotent({ kind: 'order', answerFor: shopOrderAgain, replayed: shopOrderReplayed, notAsked: ['altcha'] });
const oncePhoneOrder = idempotent({ kind: 'order', answerFor: phoneOrderAgain });

export function checkoutRoutes() {
  const router = new Router();
  router.post('/checkout/quote', quote);
  router.post('/discounts/check', checkCode);
  // The shopper's checkout and a member's quick order alike.
  router.post('/orders/create', onceShopOrder, createOrder);
  // react-admin's create, and the plain style of path (POST /admin/<resource>/create).
  router.post('/admin/orders', oncePhoneOrder, createPhoneOrder);
  router.post('/admin/orders/create', oncePhoneOrder, createPhoneOrder);
  // A company's owner decides on a buyer's order held for approval.
  router.post('/trade/orders/:id/approve', async (ctx) => {
    ctx.body = await approveRequest(ctx);
  });
  router.post('/trade/orders/:id/decline', async (ctx) => {
    ctx.body = await declineRequest(ctx);
  });
  return router;
}
