// Who buys for a company: a signed-in user whose company is approved gets its terms (price list,
// payment terms, credit limit, the permit's number and expiry) as part of the visitor
// (catalogue/visibility), which every route reads from ctx.state.visitor. Companies are kept in
// memory and dropped on any write to them.
import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { Company } from '../../models/Company';
import type { User } from '../../models/User';
import { KeptMap } from '../../platform/cache/keptMap';
import { tables, type TableWrites } from '../../platform/cache/tableWrites';
import { attachCache, attachedCache } from '../../platform/cache/attached';
import { TRADE_HINT_COOKIE } from '../../platform/http/tradeHint';
import { roleOf } from '../../platform/http/auth';
import type { TradeTerms } from '@domain/trade';
import { visitorOf, type Visitor } from '../catalogue';

const COMPANIES = 'tradeCompanies';

/** Install the cache of companies' terms on `knex`, dropped on any write to companies (here or by another instance). */
export function installCompaniesCache(knex: Knex, writes: TableWrites) {
  attachCache(knex, COMPANIES, new KeptMap<number, { company: Company | null }>({ max: 10_000 }).dropOn(writes, tables('companies')));
}

async function findCompany(id: number): Promise<Company | null> {
  const kept = attachedCache<KeptMap<number, { company: Company | null }>>(Company.knex(), COMPANIES);
  const hit = kept?.get(id);
  if (hit) return hit.company;
  const at = kept?.generation ?? 0;
  const company = (await Company.query().findById(id)) ?? null;
  kept?.keep(id, { company }, at);
  return company;
}

/** The terms a company's members buy on. */
export function termsOf(company: Company): TradeTerms {
  return {
    companyId: company.id,
    companyName: company.name,
    priceListId: company.priceListId ?? null,
    paymentTermsDays: company.paymentTermsDays,
    creditLimit: company.creditLimit ?? null,
    tobaccoPermit: company.tobaccoPermit,
    tobaccoPermitExpiresAt: company.tobaccoPermitExpiresAt ?? null,
    requirePurchaseOrderNumber: Boolean(company.requirePurchaseOrderNumber),
  };
}

/** The user's trade terms: their company's, while it is approved; else null. */
export async function tradeTermsOf(user: Pick<User, 'companyId'> | null | undefined): Promise<TradeTerms | null> {
  if (!user?.companyId) return null;
  const company = await findCompany(user.companyId);
  return company && company.status === 'approved' ? termsOf(company) : null;
}

/** After authentication: ctx.state.visitor, and the hint cookie that keeps a member's requests away
 *  from the guests' early caches (platform/http/tradeHint) set or cleared to match. */
export async function resolveVisitor(ctx: Context, next: Next) {
  const user = ctx.state.user as User | null;
  const trade = await tradeTermsOf(user);
  // A held-back admin is a customer to the catalogue too (no drafts' previews).
  ctx.state.visitor = visitorOf(user && { role: roleOf(ctx)! }, trade) satisfies Visitor;
  const hinted = Boolean(ctx.cookies.get(TRADE_HINT_COOKIE));
  if (ctx.state.authVia === 'session' && trade && !hinted)
    ctx.cookies.set(TRADE_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', overwrite: true });
  if (hinted && !trade && ctx.state.authVia !== 'bearer') ctx.cookies.set(TRADE_HINT_COOKIE, null, { overwrite: true });
  return next();
}
