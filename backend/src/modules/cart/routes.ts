// The signed-in shopper's server cart (/api/cart...). Guests keep their cart in the
// `cart` cookie and get 401 here; it joins the server cart when they sign in (modules/cart/merge).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import { currentUser, requireUser } from '../../platform/http/auth';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { cartAddInput, cartEditInput, cartPreviewInput } from '@domain/schemas/cart';
import { API } from '@domain/messages';
import { addToCart, cartView, clearCart, editCartItem, linesView, removeCartItem, type CartVisitor as Visitor } from './service';

const doc = apiDoc('Количка');

export function cartRoutes() {
  const router = new Router();

  // A guest's cookie lines priced and described by the server (names, images, stock), without
  // storing anything: what the guest's cart page shows.
  router.post(
    '/cart/preview',
    doc('Редовете на гост с цени и наличност (нищо не се записва)', {
      body: cartPreviewInput,
      answer: 'Количката: редове, цени, наличност',
    }),
    async (ctx: Context) => {
      const { items } = parseBody(ctx.request.body, cartPreviewInput);
      ctx.body = await linesView(
        items.map((l, i) => ({ ...l, id: l.id ?? i + 1, attributes: l.attributes ?? [] })),
        undefined,
        ctx.state.visitor as Visitor,
      );
    },
  );

  router.get(
    '/cart',
    doc('Количката на влезлия клиент', { auth: 'customer', answer: 'Количката: редове, цени, наличност' }),
    requireUser,
    async (ctx: Context) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await cartView(currentUser(ctx).id, undefined, ctx.state.visitor as Visitor);
    },
  );

  router.post(
    '/cart/add',
    doc('Добавяне в количката', { auth: 'customer', body: cartAddInput, answer: '{ message } и количката' }),
    requireUser,
    async (ctx: Context) => {
      const input = parseBody(ctx.request.body, cartAddInput);
      const cart = await addToCart(currentUser(ctx).id, input, ctx.state.visitor as Visitor);
      ctx.body = { message: API.cartAdded, ...cart };
    },
  );

  router.put(
    '/cart/edit/:id',
    doc('Промяна на ред от количката', { auth: 'customer', body: cartEditInput, answer: '{ message } и количката' }),
    requireUser,
    async (ctx: Context) => {
      const id = parseId(ctx.params.id);
      const input = parseBody(ctx.request.body, cartEditInput);
      const cart = await editCartItem(currentUser(ctx).id, id, input, ctx.state.visitor as Visitor);
      ctx.body = { message: API.cartEdited, ...cart };
    },
  );

  router.delete(
    '/cart/remove/:id',
    doc('Премахване на ред от количката', { auth: 'customer', answer: '{ message } и количката' }),
    requireUser,
    async (ctx: Context) => {
      const id = parseId(ctx.params.id);
      const cart = await removeCartItem(currentUser(ctx).id, id, ctx.state.visitor as Visitor);
      ctx.body = { message: API.cartRemoved, ...cart };
    },
  );

  router.delete(
    '/cart',
    doc('Изпразване на количката', { auth: 'customer', answer: '{ message } и количката' }),
    requireUser,
    async (ctx: Context) => {
      const cart = await clearCart(currentUser(ctx).id);
      ctx.body = { message: API.cartCleared, ...cart };
    },
  );

  return router;
}
