// Payments for the staff (react-admin resource /api/admin/payments): the list with filters,
// one payment, and its status moves (paid, failed, refunded); the order's payment status follows.
import Router from '@koa/router';
import type { Context } from 'koa';
import { Payment } from '../../models/Payment';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { paymentChangeInput } from '../../../../domain/schemas/payments';
import { notFound } from '../../platform/http/errors';
import { currentUser } from '../auth/middleware';
import { filterBy, parseRaParams, raPage, sendRaList, RaListSpec } from '../../platform/lists/raList';
import { API } from '../../../../domain/messages';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, PaymentRecordStatus } from '../../../../domain/orderStatus';
import { toMinor } from '../../../../domain/money';
import { actorOf } from '../orders/service';
import { setPaymentStatus } from './service';

const raSpec: RaListSpec = {
  idColumn: 'payments.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'payments.id', createdAt: 'payments.createdAt', amount: 'payments.amount', status: 'payments.status',
    method: 'payments.method', paidAt: 'payments.paidAt', orderId: 'payments.orderId', reference: 'payments.reference',
  },
  filters: {
    q: filterBy.search('orders.searchText'),
    status: filterBy.equals('payments.status', PAYMENT_RECORD_STATUSES),
    method: filterBy.equals('payments.method', PAYMENT_METHODS),
    orderId: filterBy.id('payments.orderId'),
    createdAt_gte: filterBy.date('payments.createdAt', '>='),
    createdAt_lte: filterBy.date('payments.createdAt', '<='),
    amount_gte: filterBy.compare('payments.amount', '>=', toMinor),
    amount_lte: filterBy.compare('payments.amount', '<=', toMinor),
  },
};

/** A payment with what staff need to recognise it: the order's number and customer. */
function withOrder() {
  return Payment.query()
    .join('orders', 'orders.id', 'payments.orderId')
    .select('payments.*', 'orders.number as orderNumber', 'orders.customerFirstName', 'orders.customerLastName', 'orders.customerEmail', 'orders.status as orderStatus');
}

function paymentView(p: Payment) {
  const { customerFirstName, customerLastName, ...rest } = p.toJSON() as Record<string, unknown>;
  return { ...rest, customerName: `${customerFirstName ?? ''} ${customerLastName ?? ''}`.trim() };
}

async function findPayment(id: number) {
  const p = await withOrder().findById(id);
  if (!p) throw notFound(API.paymentNotFound);
  return paymentView(p);
}

async function raList(ctx: Context) {
  const params = parseRaParams(ctx.query, raSpec);
  const { rows, total } = await raPage(withOrder(), params, raSpec);
  sendRaList(ctx, 'payments', rows.map(paymentView), params.start, total);
}

export function paymentsRoutes() {
  const router = new Router({ prefix: '/admin/payments' });

  router.get('/', raList);
  router.get('/:id', async (ctx) => {
    ctx.body = await findPayment(parseId(ctx.params.id));
  });
  router.put('/:id', async (ctx) => {
    const id = parseId(ctx.params.id);
    const input = parseBody<{ status?: PaymentRecordStatus; refundAmount?: number; refundReason?: string }>(ctx.request.body, paymentChangeInput, { partial: true });
    if (input.status) {
      const actor = actorOf(currentUser(ctx));
      await Payment.transaction((trx) => setPaymentStatus(id, input.status!, actor, trx, { amount: input.refundAmount, reason: input.refundReason }));
    }
    ctx.body = { ...(await findPayment(id)), message: API.paymentUpdated };
  });

  return router;
}
