// Payments for the staff (react-admin resource /api/admin/payments): the list with filters,
// one payment with what it paid, an order's payment's status moves (paid, failed, refunded; the
// order's payment status follows), money received recorded and allocated to invoices (POST), and
// a payment's credit allocated later (POST /:id/allocate).
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { allocationPreviewQuery, paymentAllocateInput, paymentChangeInput, paymentRecordInput } from '@domain/schemas/payments';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { idempotencyClaimOf, idempotent } from '../../platform/http/idempotency';
import { staffActor } from './requests';
import { findPayment, movePayment, paymentListSpec, paymentPage, recordedAnswer } from './adminService';
import { allocatePayment, allocationPreview, payerOf, recordPayment } from './received';

// Recording a payment twice (a retried or double-sent move with the same Idempotency-Key) moves it
// once: the copy gets the first answer (or, when that was lost, the payment as it is now).
const oncePaymentMove = idempotent({
  kind: 'payment',
  answerFor: async (_ctx, effect) => ({ status: 200, body: { ...(await findPayment(effect.id)), message: API.paymentUpdated } }),
});

// A recording sent twice (a retried POST with the same Idempotency-Key) records the money once.
const onceRecording = idempotent({
  kind: 'payment',
  answerFor: async (_ctx, effect) => ({ status: 201, body: { ...(await findPayment(effect.id)), message: API.paymentRecorded } }),
});

const doc = apiDoc('Плащания');

export function paymentsRoutes() {
  const router = new Router({ prefix: '/admin/payments' });

  router.get('/', doc('Плащанията', { raList: true, answer: 'Списък от плащания' }), async (ctx) => {
    const params = parseRaParams(ctx.query, paymentListSpec);
    const { rows, total } = await paymentPage(params);
    sendRaList(ctx, 'payments', rows, params.start, total);
  });
  router.get(
    '/open-invoices',
    doc('Отворените фактури, към които отива получена сума', {
      query: allocationPreviewQuery,
      answer: 'Фактурите и как сумата се разпределя',
    }),
    async (ctx) => {
      const q = parseQuery(ctx.query, allocationPreviewQuery);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await allocationPreview(await payerOf(q), q.amount ?? 0, q.reference ?? '');
    },
  );
  router.post(
    '/',
    doc('Записване на получени пари', {
      body: paymentRecordInput,
      status: 201,
      idempotent: true,
      errors: [422],
      answer: 'Плащането с разпределението',
    }),
    onceRecording,
    async (ctx) => {
      const input = parseBody(ctx.request.body, paymentRecordInput);
      const recorded = await recordPayment(input, staffActor(ctx), idempotencyClaimOf(ctx));
      ctx.status = 201;
      ctx.body = await recordedAnswer(recorded);
    },
  );
  router.post(
    '/:id/allocate',
    doc('Разпределяне на плащане към фактури', { body: paymentAllocateInput, answer: 'Плащането с разпределението' }),
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const input = parseBody(ctx.request.body ?? {}, paymentAllocateInput);
      const done = await allocatePayment(id, input, staffActor(ctx));
      ctx.body = await recordedAnswer({ id, allocations: done.allocations });
    },
  );
  router.get('/:id', doc('Едно плащане', { answer: 'Плащането' }), async (ctx) => {
    ctx.body = await findPayment(parseId(ctx.params.id));
  });
  router.put(
    '/:id',
    doc('Плащане на поръчка: платено или върнато', { body: paymentChangeInput, idempotent: true, errors: [422], answer: 'Плащането' }),
    oncePaymentMove,
    async (ctx) => {
      const id = parseId(ctx.params.id);
      const input = parseBody(ctx.request.body, paymentChangeInput);
      const refund = { amount: input.refundAmount, reason: input.refundReason };
      const payment = await movePayment(id, input.status, staffActor(ctx), refund, idempotencyClaimOf(ctx));
      ctx.body = { ...payment, message: API.paymentUpdated };
    },
  );

  return router;
}
