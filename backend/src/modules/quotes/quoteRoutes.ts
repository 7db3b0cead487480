// Quotes over HTTP: a member's requests (POST/GET /api/trade/quote-requests, GET /:id), the order
// by an answered one (POST /api/trade/quote-requests/:id/order, answered as the checkout answers),
// and the staff's react-admin resource /api/admin/quote-requests (list, one, answer or decline).
import Router from '@koa/router';
import { API } from '@domain/messages';
import { parseBody, parseId } from '../../platform/http/parseInput';
import { parseRaParams, sendRaList } from '../../platform/lists/raList';
import { quoteAnswerInput } from '@domain/schemas/quotes';
import { answerQuoteRequest, findQuote, listQuotes, quoteListSpec } from './service';
import { askRequest, companyQuoteRequest, companyQuotesRequest, orderByQuoteRequest } from './requests';

export function quoteRoutes() {
  const router = new Router();
  router.post('/trade/quote-requests', async (ctx) => {
    ctx.status = 201;
    ctx.body = await askRequest(ctx);
  });
  router.get('/trade/quote-requests', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { quoteRequests: await companyQuotesRequest(ctx) };
  });
  router.get('/trade/quote-requests/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await companyQuoteRequest(ctx);
  });
  router.post('/trade/quote-requests/:id/order', async (ctx) => {
    const order = await orderByQuoteRequest(ctx);
    ctx.status = 201;
    ctx.body = { message: API.orderCreated, order };
  });

  router.get('/admin/quote-requests', async (ctx) => {
    const params = parseRaParams(ctx.query, quoteListSpec);
    const { rows, total } = await listQuotes(params);
    sendRaList(ctx, 'quote-requests', rows, params.start, total);
  });
  router.get('/admin/quote-requests/:id', async (ctx) => {
    ctx.body = await findQuote(parseId(ctx.params.id));
  });
  router.put('/admin/quote-requests/:id', async (ctx) => {
    ctx.body = await answerQuoteRequest(parseId(ctx.params.id), parseBody(ctx.request.body, quoteAnswerInput));
  });
  return router;
}
