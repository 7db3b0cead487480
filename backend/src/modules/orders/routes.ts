// The shopper's orders: their own list, one order, and the EU right of withdrawal (placing one is
// the checkout's: POST /orders/create). Who may do what with an order is orders/authority's.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { withdrawalInput } from '@domain/schemas/orders';
import { API } from '@domain/messages';
import { formatDateTime } from '@domain/dates';
import { orderById, ordersOfCustomer, orderView, withDetails, withdrawByShopper, withPaymentFigures } from './service';
import { actorOf } from './actor';
import { requireOrderAuthority } from './authority';
import { currentUser, requireUser } from './requests';

const doc = apiDoc('Поръчки');

export function ordersRoutes() {
  const router = new Router();

  // The signed-in shopper's own orders, newest first.
  router.get(
    '/orders',
    doc('Поръчките на влезлия клиент', { auth: 'customer', answer: '{ orders }: най-новите първи' }),
    requireUser,
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const user = currentUser(ctx);
      ctx.body = { orders: await ordersOfCustomer(user) };
    },
  );

  router.get(
    '/orders/:id',
    doc('Една поръчка', {
      errors: [403],
      description:
        'Вижда я клиентът, който я е направил, членовете на фирмата за фирмена поръчка, браузърът, направил поръчка като гост, и служителите.',
      answer: '{ order }',
    }),
    async (ctx) => {
      const order = requireOrderAuthority(ctx, await orderById(parseId(ctx.params.id)), 'see');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { order: await withPaymentFigures(orderView((await withDetails([order]))[0])) };
    },
  );

  router.post(
    '/orders/:id/withdraw',
    doc('Отказ от поръчка (право на отказ)', {
      body: withdrawalInput,
      description: 'Кой може: както при GET /api/orders/{id}.',
      answer: '{ message, order }',
    }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const { reason } = parseBody(ctx.request.body ?? {}, withdrawalInput);
      const own = requireOrderAuthority(ctx, await orderById(id), 'withdraw');
      const actor = actorOf(ctx.state.user, `${own.customerFirstName} ${own.customerLastName}`.trim());
      const { order: withdrawn, kind } = await withdrawByShopper(id, actor, reason ?? '');
      const order = orderView(withdrawn);
      const at = withdrawn.withdrawnAt!;
      const text =
        kind === 'cancellation'
          ? API.cancellationAcknowledgement(order.number, formatDateTime(at))
          : API.withdrawalAcknowledgement(order.number, formatDateTime(at));
      ctx.body = {
        message: kind === 'cancellation' ? API.cancellationAccepted : API.withdrawalAccepted,
        acknowledgement: { kind, orderNumber: order.number, receivedAt: at, receivedAtText: formatDateTime(at), text },
        order,
      };
    },
  );

  return router;
}
