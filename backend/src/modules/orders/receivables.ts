// What companies owe: a company's unpaid total (the credit limit is judged on it), the
// staff's receivables by company (unpaid, overdue, the oldest due date), and the overdue reminder
// mailed to the company once per order. The amounts are the accounts' (an invoice's open part,
// after credit notes and the payments allocated to it); an order is owed while its payment is
// unpaid and it was neither cancelled nor returned, and overdue a day past its due date
// (paymentDueAt): one rule for the receivables, the orders' `overdue` filter and flag, and the
// reminder.
// Payments themselves move only through orders/transitions (staff mark them paid on the payments
// screen or the order); the reminder's mark (overdue_reminded_at) is not a payment or a status.
import { NOT_OWED_STATUSES } from '@domain/orderStatus';
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { Company } from '../../models/Company';
import type { Config } from '../../config';
import { isPostgres } from '../../platform/db/knex';
import { sendMail } from '../../platform/mail/transport';
import { badRequest } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { formatMoney, fromMinor } from '@domain/money';
import { PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import { creditByCompanies, owedByCompanies, type OwedItem } from '../accounts';
import { DAY_MS, formatDate } from '@domain/dates';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import { DUNNING_TEXT, daysOverdue, dunningStageOf, fillReminder, reminderDue, type DunningStage } from '@domain/dunning';
import type { RaListParams } from '../../platform/lists/raList';
import { getSettings } from '../settings';
import { recordHistory } from './history';
import type { Actor } from './actor';
import { concurrently } from '../../platform/db/concurrently';

/** Who sends the overdue reminder: the shop itself. */
const REMINDER_ACTOR: Actor = { userId: null, label: TRADE_ORDER_TEXT.reminderActor };

/** The statuses whose orders are no longer owed, whatever their payment. */
const NOT_OWED = NOT_OWED_STATUSES;

/** Orders still owed: unpaid, not cancelled or returned, of a company. */
function owed<Q extends Knex.QueryBuilder>(q: Q): Q {
  return q.whereNotNull('companyId').where('paymentStatus', 'unpaid').whereNotIn('status', NOT_OWED) as Q;
}

/**
 * Inside an order's transaction: hold the company's row until COMMIT (PostgreSQL), so that two
 * orders of one company judge its credit limit one after the other (SQLite has one writer).
 */
export async function lockCompanyCredit(companyId: number, trx: Transaction): Promise<void> {
  if (isPostgres(trx as unknown as Knex)) await trx('companies').where({ id: companyId }).forUpdate().first('id');
}

/** What the company owes now, with VAT, minor units of the shop's currency: its invoices' open
 *  parts and its orders not invoiced yet (accounts' owedByCompanies), less its credit. */
export async function companyUnpaidTotal(companyId: number, trx?: Transaction): Promise<number> {
  const [owed, credit] = await concurrently(trx, [() => owedByCompanies(companyId, trx), () => creditByCompanies(companyId, trx)] as const);
  return Math.max(0, owed.reduce((s, i) => s + i.amount, 0) - (credit.get(companyId) ?? 0));
}

/**
 * How long past its due date an unpaid order is before it counts as overdue: a transfer made on
 * the due day reaches the bank the next one, and a prepayment order (due when placed) is not
 * overdue, nor chased, within the hour.
 */
export const OVERDUE_GRACE_MS = DAY_MS;

/** Orders due before this instant are overdue at `now` (ISO). */
function overdueBefore(now: Date): string {
  return new Date(now.getTime() - OVERDUE_GRACE_MS).toISOString();
}

/** Narrows a query on orders to those overdue at `now`. */
export function whereOverdue<Q extends Knex.QueryBuilder>(q: Q, now: Date = new Date()): Q {
  return owed(q).whereNotNull('paymentDueAt').where('paymentDueAt', '<', overdueBefore(now)) as Q;
}

/** Whether an order is overdue at `now` (the rule of whereOverdue, on a loaded order). */
export function isOverdue(o: Pick<Order, 'companyId' | 'paymentStatus' | 'status' | 'paymentDueAt'>, now: Date = new Date()): boolean {
  return (
    !!o.companyId && o.paymentStatus === 'unpaid' && !NOT_OWED.includes(o.status) && !!o.paymentDueAt && o.paymentDueAt < overdueBefore(now)
  );
}

/** One company's line in the staff's receivables. */
export interface Receivable {
  /** The company's id (react-admin's record id). */
  id: number;
  companyId: number;
  companyName: string;
  eik: string;
  contactEmail: string;
  creditLimit: number | null;
  paymentTermsDays: number;
  unpaidCount: number;
  unpaidTotal: number;
  overdueCount: number;
  overdueTotal: number;
  /** The oldest due date among its unpaid orders (ISO), or null. */
  oldestDueAt: string | null;
  /** Money it paid that is not allocated yet (offered at the next allocation). */
  credit: number;
  /** Where its dunning stands (domain/dunning), and its most days overdue. */
  dunningStage: DunningStage;
  daysOverdue: number;
  /** What it owes less its credit: the statement of account's balance. */
  balance: number;
  /** The shop's currency of account (the amounts'). */
  currency: string;
  /** Where staff see the company's unpaid orders. */
  ordersLink: string;
}

export const RECEIVABLE_SORTS = [
  'companyName',
  'unpaidTotal',
  'overdueTotal',
  'oldestDueAt',
  'unpaidCount',
  'balance',
  'credit',
  'daysOverdue',
] as const;

/** The companies that owe anything, by company; `overdue` only those with something overdue. */
export async function receivables(now: Date = new Date(), filter: { overdue?: boolean; companyId?: number } = {}): Promise<Receivable[]> {
  const at = overdueBefore(now);
  const [items, credit] = await Promise.all([owedByCompanies(filter.companyId), creditByCompanies(filter.companyId)]);
  const byCompany = new Map<number, OwedItem[]>();
  for (const i of items) byCompany.set(i.companyId, [...(byCompany.get(i.companyId) ?? []), i]);
  const companies = byCompany.size ? await Company.query().whereIn('id', [...byCompany.keys()]) : [];
  const { currency, sales } = await getSettings();
  const out: Receivable[] = [];
  for (const company of companies) {
    const owed = byCompany.get(company.id)!;
    const dunning = dunningStageOf(owed, now, sales.dunning);
    const overdue = owed.filter((i) => i.dueAt !== null && i.dueAt < at);
    const dueDates = owed.map((i) => i.dueAt).filter((d): d is string => !!d);
    const line: Receivable = {
      id: company.id,
      companyId: company.id,
      companyName: company.name,
      eik: company.eik,
      contactEmail: company.contactEmail,
      creditLimit: company.creditLimit === null ? null : fromMinor(company.creditLimit),
      paymentTermsDays: company.paymentTermsDays,
      unpaidCount: owed.length,
      unpaidTotal: fromMinor(owed.reduce((s, i) => s + i.amount, 0)) ?? 0,
      overdueCount: overdue.length,
      overdueTotal: fromMinor(overdue.reduce((s, i) => s + i.amount, 0)) ?? 0,
      oldestDueAt: dueDates.length ? dueDates.reduce((a, b) => (a < b ? a : b)) : null,
      credit: fromMinor(credit.get(company.id) ?? 0) ?? 0,
      dunningStage: dunning.stage,
      daysOverdue: dunning.daysOverdue,
      balance: fromMinor(owed.reduce((s, i) => s + i.amount, 0) - (credit.get(company.id) ?? 0)) ?? 0,
      currency,
      ordersLink: `/admin/orders?filter=${encodeURIComponent(JSON.stringify({ companyId: company.id, paymentStatus: 'unpaid' }))}`,
    };
    if (filter.overdue && !line.overdueCount) continue;
    out.push(line);
  }
  return out;
}

/** react-admin's page of receivables: sorted by an allowed field, then by company. */
export async function receivablesPage(params: RaListParams, now = new Date()): Promise<{ rows: Receivable[]; total: number }> {
  const { overdue, companyId, id } = params.filter as { overdue?: unknown; companyId?: unknown; id?: unknown };
  for (const [k, v] of Object.entries(params.filter))
    if (!['overdue', 'companyId', 'id', 'q'].includes(k) || (v !== undefined && typeof v === 'object' && !Array.isArray(v)))
      throw badRequest(API.invalidFilter, { [`filter.${k}`]: API.invalidFilter });
  const company = Number(companyId ?? (Array.isArray(id) ? id[0] : id));
  let all = await receivables(now, {
    overdue: overdue === true || overdue === 'true',
    companyId: Number.isSafeInteger(company) && company > 0 ? company : undefined,
  });
  const q = typeof params.filter.q === 'string' ? params.filter.q.trim().toLocaleLowerCase('bg') : '';
  if (q) all = all.filter((r) => r.companyName.toLocaleLowerCase('bg').includes(q) || r.eik.includes(q));
  const [field, dir] = params.sort;
  const sign = dir === 'ASC' ? 1 : -1;
  all.sort((a, b) => {
    const x = a[field as keyof Receivable] ?? '';
    const y = b[field as keyof Receivable] ?? '';
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'bg');
    return c * sign || a.id - b.id;
  });
  return { rows: all.slice(params.start, params.end + 1), total: all.length };
}

/**
 * The dunning reminders: each amount a company owes (an invoice's open part, or an order not
 * invoiced yet) gets the reminder of the latest of the settings' days it has reached (before or
 * after its due date), once; days passed over while the shop was down are marked, not sent late.
 * The mark is taken first (a row per order and day, unique, inserted only if absent) and
 * committed with the history's note, and only then is the mail sent: with several instances
 * running the job, the company hears once. Answers the orders reminded.
 */
export async function remindOverdue(config: Config, now: Date = new Date()): Promise<string[]> {
  const settings = await getSettings();
  const { reminderDays, beforeText, afterText } = settings.sales.dunning;
  if (!reminderDays.length) return [];
  const items = (await owedByCompanies()).filter((i) => i.orderId !== null && i.dueAt !== null);
  if (!items.length) return [];
  const sentRows = (await Order.knex()('dunningReminders')
    .whereIn(
      'orderId',
      items.map((i) => i.orderId!),
    )
    .select('orderId', 'day')) as Array<{ orderId: number; day: number }>;
  const sent = new Map<number, Set<number>>();
  for (const r of sentRows) sent.set(Number(r.orderId), (sent.get(Number(r.orderId)) ?? new Set()).add(Number(r.day)));
  const companies = new Map((await Company.query().whereIn('id', [...new Set(items.map((i) => i.companyId))])).map((c) => [c.id, c]));
  const at = now.toISOString();
  const reminded: string[] = [];
  for (const item of items) {
    const due = reminderDue(item.dueAt!, now, reminderDays, sent.get(item.orderId!) ?? new Set());
    if (!due) continue;
    // The mark and the history's note together; the mail only once they are committed.
    const taken = await Order.transaction(async (trx) => {
      const mark = (day: number) =>
        trx('dunning_reminders')
          .insert({ orderId: item.orderId, day, sentAt: at })
          .onConflict(['order_id', 'day'])
          .ignore()
          .returning('id');
      if (!(await mark(due.day)).length) return false;
      for (const day of due.passed) await mark(day);
      if (due.day > 0) await trx(Order.tableName).where({ id: item.orderId }).update({ overdueRemindedAt: at });
      await recordHistory(trx, item.orderId!, { type: 'note', note: DUNNING_TEXT.historyNote(due.day) }, REMINDER_ACTOR);
      return true;
    });
    if (!taken) continue;
    const company = companies.get(item.companyId);
    if (!company?.contactEmail) continue;
    const values = {
      фирма: company.name,
      документ: item.invoiceNumber ? DUNNING_TEXT.invoiceDocument(item.invoiceNumber) : DUNNING_TEXT.orderDocument(item.orderNumber),
      поръчка: item.orderNumber,
      сума: formatMoney(fromMinor(item.amountInEuro) ?? 0, PAYMENT_CURRENCY),
      падеж: formatDate(item.dueAt!),
      дни: String(daysOverdue(item.dueAt!, now)),
      iban: settings.bank.iban,
    };
    await sendMail(config, {
      to: company.contactEmail,
      subject: due.day < 0 ? DUNNING_TEXT.subjectBefore(item.orderNumber) : DUNNING_TEXT.subjectAfter(item.orderNumber),
      text: fillReminder(due.day < 0 ? beforeText : afterText, values),
    });
    reminded.push(item.orderNumber);
  }
  return reminded;
}

/** A company's dunning stage at `now`, and whether it is held to prepayment. */
export async function companyDunning(companyId: number, now: Date = new Date(), trx?: Transaction) {
  const [owed, settings] = await concurrently(trx, [() => owedByCompanies(companyId, trx), () => getSettings(trx)] as const);
  const { stage, daysOverdue: days } = dunningStageOf(owed, now, settings.sales.dunning);
  const overdue = owed.filter((i) => i.dueAt && daysOverdue(i.dueAt, now) >= 1).reduce((s, i) => s + i.amount, 0);
  return {
    stage,
    daysOverdue: days,
    prepaymentOnly: stage === 'prepayment_only',
    overdue,
    afterDays: settings.sales.dunning.prepaymentOnlyAfterDays,
  };
}
