// Quotes over HTTP: a member's requests (POST/GET /api/trade/quote-requests, GET /:id), the order
// by an answered one (POST /api/trade/quote-requests/:id/order, answered as the checkout answers),
// and the staff's react-admin resource /api/admin/quote-requests (list, one, answer or decline).
import Router from '@koa/router';
import { API } from '@domain/messages';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { quoteAnswerInput, quoteOrderInput, quoteRequestInput } from '@domain/schemas/quotes';
import { apiDoc } from '../../platform/http/apiDocs';
import { answerQuoteRequest, findQuote, listQuotes, quoteListSpec } from './service';
import { askRequest, companyQuoteRequest, companyQuotesRequest, orderByQuoteRequest } from './requests';

const doc = apiDoc('Оферти');

export function quoteRoutes() {
  const router = new Router();
  router.post(
    '/trade/quote-requests',
    doc('Запитване за оферта', { auth: 'trade', body: quoteRequestInput, status: 201, limited: true, answer: 'Запитването' }),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await askRequest(ctx);
    },
  );
  router.get(
    '/trade/quote-requests',
    doc('Запитванията за оферта на фирмата', { auth: 'trade', answer: '{ quoteRequests }' }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { quoteRequests: await companyQuotesRequest(ctx) };
    },
  );
  router.get('/trade/quote-requests/:id', doc('Едно запитване за оферта', { auth: 'trade', answer: 'Запитването' }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await companyQuoteRequest(ctx);
  });
  router.post(
    '/trade/quote-requests/:id/order',
    doc('Поръчка по оферта (веднъж, докато е валидна)', {
      auth: 'trade',
      body: [quoteOrderInput(false), quoteOrderInput(true)],
      status: 201,
      answer: '{ message, order }',
    }),
    async (ctx) => {
      const order = await orderByQuoteRequest(ctx);
      ctx.status = 201;
      ctx.body = { message: API.orderCreated, order };
    },
  );

  router.get(
    '/admin/quote-requests',
    doc('Запитванията за оферта (react-admin)', { raList: true, answer: 'Списък от запитвания' }),
    async (ctx) => {
      const params = parseRaParams(ctx.query, quoteListSpec);
      const { rows, total } = await listQuotes(params);
      sendRaList(ctx, 'quote-requests', rows, params.start, total);
    },
  );
  router.get('/admin/quote-requests/:id', doc('Едно запитване с цените по списък', { answer: 'Запитването' }), async (ctx) => {
    ctx.body = await findQuote(parseId(ctx.params.id));
  });
  router.put(
    '/admin/quote-requests/:id',
    doc('Отговор с цени и валидност, или отказ с причина', { body: quoteAnswerInput, answer: 'Запитването' }),
    async (ctx) => {
      ctx.body = await answerQuoteRequest(parseId(ctx.params.id), parseBody(ctx.request.body, quoteAnswerInput));
    },
  );
  return router;
}
