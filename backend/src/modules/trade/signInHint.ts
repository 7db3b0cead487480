// A member who signs in gets the trade hint (platform/http/tradeHint) with the sign-in's answer,
// so that their very next catalogue request passes the guests' early caches (which answer before
// sessions are read) and reaches the routes that price it at their terms: without it, the first
// list a member asked for after signing in could be a guest's, without the regulated products'
// prices in the sales mode trade_only. resolveVisitor keeps the hint right on later requests.
import type { Context } from 'koa';
import { User } from '../../models/User';
import { TRADE_HINT_COOKIE } from '../../platform/http/tradeHint';
import { roleOf } from '../../platform/http/auth';
import { onSignIn } from '../auth';
import { tradeTermsOf } from './membership';
import { visitorOf } from '../catalogue';

async function tradeHintAtSignIn(ctx: Context, userId: number): Promise<Record<string, unknown>> {
  const user = await User.query().findById(userId).select('id', 'role', 'companyId');
  const trade = await tradeTermsOf(user);
  // The rest of the sign-in (the cart's merge of the guest's lines) is for who signed in now.
  if (user) ctx.state.visitor = visitorOf({ role: roleOf(ctx, user)! }, trade);
  if (trade) ctx.cookies.set(TRADE_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', overwrite: true });
  return {};
}

/** At sign-in (auth's steps), the signed-in visitor and the hint for a member of an approved company;
 *  subscribed before the cart's merge (createApp), which reads that visitor. */
export function subscribeTradeSignIn(): void {
  onSignIn('trade.hint', tradeHintAtSignIn);
}
