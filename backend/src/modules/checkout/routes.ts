// The checkout over HTTP: the one price quote (POST /api/checkout/quote: what the cart page and
// the checkout page show; a code that does not apply is reported beside the quote), placing an
// order (POST /orders/create) and staff's order taken by phone (POST /admin/orders, and the
// plain style of path /admin/orders/create), and the cart page's preview of a discount code
// (POST /discounts/check, priced like the checkout). Thin handlers over checkout/requests.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { discountCheckInput } from '@domain/schemas/discounts';
import { orderApprovalInput, orderDeclineInput } from '@domain/schemas/trade';
import {
  quoteInput,
  tradeQuoteInput,
  checkoutInput,
  officeCheckoutInput,
  tradeCheckoutInput,
  tradeOfficeCheckoutInput,
  phoneOrderInput,
} from '@domain/schemas/checkout';
import type { Context } from 'koa';
import { API } from '@domain/messages';
import { MEMBER_TEXT } from '@domain/companyMembers';
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

const doc = apiDoc('Каса');

export function checkoutRoutes() {
  const router = new Router();
  router.post(
    '/checkout/quote',
    doc('Сметка за количката: цени, доставка, отстъпка', {
      body: [quoteInput, tradeQuoteInput],
      limited: true,
      description: 'Търговски клиент (член на одобрена фирма) изпраща тялото за търговци.',
      answer: 'Сметката: редове, междинна сума, доставка, отстъпка, общо',
    }),
    quote,
  );
  router.post(
    '/discounts/check',
    doc('Проверка на код за отстъпка', { body: discountCheckInput, limited: true, answer: '{ valid, discount, message }' }),
    checkCode,
  );
  // The shopper's checkout and a member's quick order alike.
  router.post(
    '/orders/create',
    doc('Поръчка от сайта (гост, клиент или търговски клиент)', {
      body: [checkoutInput, officeCheckoutInput, tradeCheckoutInput, tradeOfficeCheckoutInput],
      status: 201,
      idempotent: true,
      limited: true,
      errors: [422],
      description:
        'Доставка до адрес или до офис на куриер; търговски клиент изпраща телата за търговци. Гостът получава поръчката в сесията си.',
      answer: '{ message, order }',
    }),
    onceShopOrder,
    createOrder,
  );
  // react-admin's create, and the plain style of path (POST /admin/<resource>/create).
  router.post(
    '/admin/orders',
    doc('Поръчка, приета по телефона', {
      body: phoneOrderInput,
      status: 201,
      idempotent: true,
      errors: [422],
      answer: 'Поръчката и { message }',
    }),
    oncePhoneOrder,
    createPhoneOrder,
  );
  router.post(
    '/admin/orders/create',
    doc('Поръчка, приета по телефона (и на този адрес)', {
      body: phoneOrderInput,
      status: 201,
      idempotent: true,
      errors: [422],
      answer: 'Поръчката и { message }',
    }),
    oncePhoneOrder,
    createPhoneOrder,
  );
  // A company's owner decides on a buyer's order held for approval. Answered as the other member
  // order routes answer ({ message, order }), with the order's fields also at the top level, where
  // readers of the first answer of these routes find them.
  router.post(
    '/trade/orders/:id/approve',
    doc('Одобрение на поръчка, чакаща собственик на фирмата', {
      auth: 'trade',
      body: orderApprovalInput,
      description: 'Само собственик на фирмата. 409 с новата сума (quote), когато цените са се променили.',
      answer: '{ message, order } и полетата на поръчката',
    }),
    async (ctx) => {
      const order = await approveRequest(ctx);
      ctx.body = { ...order, order, message: MEMBER_TEXT.approved(order.number) };
    },
  );
  router.post(
    '/trade/orders/:id/decline',
    doc('Отказ на поръчка, чакаща собственик на фирмата', {
      auth: 'trade',
      body: orderDeclineInput,
      answer: '{ message, order } и полетата на поръчката',
    }),
    async (ctx) => {
      const order = await declineRequest(ctx);
      ctx.body = { ...order, order, message: MEMBER_TEXT.declined(order.number) };
    },
  );
  return router;
}
