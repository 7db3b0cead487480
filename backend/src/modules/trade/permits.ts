// The tobacco trade permit's expiry (ЗАДС чл. 90д/90е): a company whose permit has expired cannot
// order regulated goods (accessories still can), staff find expiring and missing dates among the
// companies, and the daily job tells staff and the company 30 days ahead, once per expiry date.
// Days are the shop's (Europe/Sofia), compared as "YYYY-MM-DD" text, the same on SQLite and
// PostgreSQL; a company with no expiry date on record is never blocked.
import type { QueryBuilder, Transaction } from 'objection';
import { Company } from '../../models/Company';
import { Product } from '../../models/Product';
import { badRequest, conflict } from '../../platform/http/errors';
import { declare } from '../../platform/events';
import { notifyStaff } from '../staff';
import { companyAdminLink } from './subscribers';
import { shopDay } from '@domain/dates';
import { formatBgDate } from '@domain/dateInput';
import { API } from '@domain/messages';
import { TRADE } from '@domain/tradeTexts';
import {
  PERMIT_STANDINGS,
  isRegulatedKind,
  permitNoticeHorizon,
  permitStanding,
  type PermitStanding,
  type TradeTerms,
} from '@domain/trade';
import './events';

/**
 * A member's order while the company's permit has expired: 409 naming the permit and the day it
 * expired, with each line of a regulated kind (device, pod, liquid) marked; an order of lines of
 * other kinds goes through. Read from the terms the request carries (dropped with every write to
 * the company), so staff recording a later date lifts it at once.
 */
export async function refuseOnExpiredPermit(
  terms: Pick<TradeTerms, 'tobaccoPermit' | 'tobaccoPermitExpiresAt'>,
  lines: ReadonlyArray<{ productId: number }>,
  trx?: Transaction,
  now: Date = new Date(),
): Promise<void> {
  if (permitStanding(terms.tobaccoPermitExpiresAt, shopDay(now)) !== 'expired') return;
  const ids = [...new Set(lines.map((l) => l.productId))];
  const kinds = await Product.query(trx).whereIn('id', ids).select('id', 'kind');
  const regulated = new Set(kinds.filter((p) => isRegulatedKind(p.kind)).map((p) => p.id));
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (regulated.has(l.productId)) errors[`items.${i}.productId`] = TRADE.permitExpiredLine;
  });
  if (!Object.keys(errors).length) return;
  throw conflict(TRADE.permitExpired(terms.tobaccoPermit, formatBgDate(terms.tobaccoPermitExpiresAt)), errors);
}

/** The companies' list filter `permit`: one standing or several ('missing', 'expired', 'expiring',
 *  'valid', as domain/trade permitStanding says on today's shop day). */
export function whereByPermit(qb: QueryBuilder<Company, Company[]>, value: unknown, now: Date = new Date()) {
  const asked = Array.isArray(value) ? value : [value];
  if (!asked.length || !asked.every((v) => (PERMIT_STANDINGS as readonly unknown[]).includes(v)))
    throw badRequest(API.invalidFilter, { 'filter.permit': API.invalidFilter });
  const today = shopDay(now);
  const horizon = permitNoticeHorizon(today);
  qb.where((w) => {
    for (const standing of new Set(asked as PermitStanding[])) {
      if (standing === 'missing') w.orWhereNull('tobaccoPermitExpiresAt');
      else if (standing === 'expired') w.orWhere('tobaccoPermitExpiresAt', '<', today);
      else if (standing === 'expiring') w.orWhereBetween('tobaccoPermitExpiresAt', [today, horizon]);
      else w.orWhere('tobaccoPermitExpiresAt', '>', horizon);
    }
  });
}

/**
 * One round of the permit notice: every approved company whose permit expires within the notice
 * (or has expired) and has not been told for this expiry date. Its mark is taken with a guarded
 * update (`… where tobacco_permit_notified_for is distinct from the date`, which both databases
 * speak), so with several instances running the job one takes each date; the staff notice is
 * written and the company's mail declared in that same transaction, the mail sent after the commit
 * (trade/subscribers). A new expiry date is a new notice. Answers the companies told.
 */
export async function remindPermits(now: Date = new Date()): Promise<number[]> {
  const today = shopDay(now);
  const due = await Company.query()
    .where('status', 'approved')
    .where('tobaccoPermitExpiresAt', '<=', permitNoticeHorizon(today))
    .whereRaw('tobacco_permit_notified_for is distinct from tobacco_permit_expires_at')
    .orderBy('id')
    .limit(500)
    .select('id', 'name', 'tobaccoPermitExpiresAt');
  const told: number[] = [];
  for (const c of due) {
    const expiresAt = c.tobaccoPermitExpiresAt!;
    const expired = expiresAt < today;
    const taken = await Company.transaction(async (trx) => {
      const marked = await trx('companies')
        .where({ id: c.id, status: 'approved', tobaccoPermitExpiresAt: expiresAt })
        .whereRaw('tobacco_permit_notified_for is distinct from ?', [expiresAt])
        .update({ tobaccoPermitNotifiedFor: expiresAt });
      if (!marked) return false;
      await notifyStaff(
        { type: 'permit', message: TRADE.permitStaffNotice(c.name, formatBgDate(expiresAt), expired), link: companyAdminLink(c.id) },
        trx,
      );
      await declare(trx, 'company.permitExpiring', { companyId: c.id, expiresAt, expired });
      return true;
    });
    if (taken) told.push(c.id);
  }
  return told;
}
