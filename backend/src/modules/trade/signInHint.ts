// A member who signs in gets the trade hint (platform/http/tradeHint) with the sign-in's answer,
// so that their very next catalogue request passes the guests' early caches (which answer before
// sessions are read) and reaches the routes that price it at their terms: without it, the first
// list a member asked for after signing in could be a guest's, without the regulated products'
// prices in the sales mode trade_only. resolveVisitor keeps the hint right on later requests.
import type { Context } from 'koa';
import { User } from '../../models/User';
import { TRADE_HINT_COOKIE } from '../../platform/http/tradeHint';
import { onSignIn } from '../auth';
import { tradeTermsOf } from './membership';

async function tradeHintAtSignIn(ctx: Context, userId: number): Promise<Record<string, unknown>> {
  const user = await User.query().findById(userId).select('id', 'companyId');
  if (await tradeTermsOf(user)) ctx.cookies.set(TRADE_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', overwrite: true });
  return {};
}

/** At sign-in (auth's steps), the hint for a member of an approved company. */
export function subscribeTradeSignIn(): void {
  onSignIn('trade.hint', tradeHintAtSignIn);
}
