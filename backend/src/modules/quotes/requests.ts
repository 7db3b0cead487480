// What the quotes' routes ask, with the request's own facts (who asks, as which visitor). The routes
// stay thin; this is where other areas' types are used.
import type { Context } from 'koa';
import type { User } from '../../models/User';
import { currentUser } from '../../platform/http/auth';
import { parseBody, parseId } from '../../platform/http/parseInput';
import type { Visitor } from '../catalogue';
import { quoteOrderInput, quoteRequestInput } from '@domain/schemas/quotes';
import { bringsOwnAddress } from '@domain/schemas/checkout';
import type { ApiOrder, ApiQuoteRequest } from '@domain/api';
import { askForQuote, companyQuote, companyQuotes } from './service';
import { orderByQuote, orderableQuote } from './ordering';

const visitorOf = (ctx: Context) => ctx.state.visitor as Visitor | undefined;

export function askRequest(ctx: Context): Promise<ApiQuoteRequest> {
  const user: User = currentUser(ctx);
  return askForQuote(user, visitorOf(ctx), parseBody(ctx.request.body, quoteRequestInput));
}

export function companyQuotesRequest(ctx: Context): Promise<ApiQuoteRequest[]> {
  currentUser(ctx);
  return companyQuotes(visitorOf(ctx));
}

export function companyQuoteRequest(ctx: Context): Promise<ApiQuoteRequest> {
  currentUser(ctx);
  return companyQuote(visitorOf(ctx), parseId(ctx.params.id));
}

/** The order by a quote: an office from the directory, or one of the company's shops, brings its
 *  own city and address (as at the checkout). */
export async function orderByQuoteRequest(ctx: Context): Promise<ApiOrder> {
  const user = currentUser(ctx);
  const id = parseId(ctx.params.id);
  // An expired, used or declined quote is refused as such (409) before its body is judged.
  await orderableQuote(visitorOf(ctx), id);
  const body = ctx.request.body;
  const input = parseBody(body, quoteOrderInput(bringsOwnAddress(body)));
  return orderByQuote(ctx.config, user, visitorOf(ctx), id, input);
}
