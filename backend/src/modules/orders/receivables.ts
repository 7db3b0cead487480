// What companies owe: a company's unpaid total (the credit limit is judged on it), the
// staff's receivables by company (unpaid, overdue, the oldest due date), and the overdue reminder
// mailed to the company once per order. The amounts are the accounts' (an invoice's open part,
// after credit notes and the payments allocated to it); an order is owed while its payment is
// unpaid and it was neither cancelled nor returned, and overdue a day past its due date
// (paymentDueAt): one rule for the receivables, the orders' `overdue` filter and flag, and the
// reminder.
// Payments themselves move only through orders/transitions (staff mark them paid on the payments
// screen or the order); the reminder's mark (overdue_reminded_at) is not a payment or a status.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { Company } from '../../models/Company';
import { Invoice } from '../../models/Invoice';
import type { Config } from '../../config';
import { isPostgres } from '../../platform/db/knex';
import { sendMail } from '../../platform/mail/transport';
import { badRequest } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { formatMoney, fromMinor } from '@domain/money';
import { creditByCompanies, owedByCompanies, type OwedItem } from '../accounts';
import { DAY_MS, formatDate } from '@domain/dates';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import type { RaListParams } from '../../platform/lists/raList';
import { getSettings } from '../settings';
import { recordHistory } from './history';
import type { Actor } from './actor';

/** Who sends the overdue reminder: the shop itself. */
const REMINDER_ACTOR: Actor = { userId: null, label: TRADE_ORDER_TEXT.reminderActor };

/** The statuses whose orders are no longer owed, whatever their payment. */
const NOT_OWED = ['cancelled', 'returned'];

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
  const [owed, credit] = await Promise.all([owedByCompanies(companyId, trx), creditByCompanies(companyId, trx)]);
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
  /** What it owes less its credit: the statement of account's balance. */
  balance: number;
  /** The shop's currency of account (the amounts'). */
  currency: string;
  /** Where staff see the company's unpaid orders. */
  ordersLink: string;
}

export const RECEIVABLE_SORTS = ['companyName', 'unpaidTotal', 'overdueTotal', 'oldestDueAt', 'unpaidCount'] as const;

/** The companies that owe anything, by company; `overdue` only those with something overdue. */
export async function receivables(now: Date = new Date(), filter: { overdue?: boolean; companyId?: number } = {}): Promise<Receivable[]> {
  const at = overdueBefore(now);
  const [items, credit] = await Promise.all([owedByCompanies(filter.companyId), creditByCompanies(filter.companyId)]);
  const byCompany = new Map<number, OwedItem[]>();
  for (const i of items) byCompany.set(i.companyId, [...(byCompany.get(i.companyId) ?? []), i]);
  const companies = byCompany.size ? await Company.query().whereIn('id', [...byCompany.keys()]) : [];
  const { currency } = await getSettings();
  const out: Receivable[] = [];
  for (const company of companies) {
    const owed = byCompany.get(company.id)!;
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
 * The overdue reminder: each order that has fallen overdue by `now` and was not reminded yet gets
 * one e-mail to its company's contact. The mark is taken first with a guarded update
 * (`… WHERE overdue_reminded_at IS NULL`), committed, and only then is the mail sent: with several
 * instances running the job, one of them takes each order and the company hears once.
 * Answers the orders reminded.
 */
export async function remindOverdue(config: Config, now: Date = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const due = await whereOverdue(Order.knex()(Order.tableName), now).whereNull('overdueRemindedAt').orderBy('id').limit(500).select('id');
  const reminded: string[] = [];
  for (const { id } of due as Array<{ id: number }>) {
    // The mark and the history's note together; the mail only once they are committed.
    const taken = await Order.transaction(async (trx) => {
      const marked = await owed(trx(Order.tableName).where({ id })).whereNull('overdueRemindedAt').update({ overdueRemindedAt: at });
      if (marked) await recordHistory(trx, id, { type: 'note', note: TRADE_ORDER_TEXT.reminderNote }, REMINDER_ACTOR);
      return marked;
    });
    if (!taken) continue;
    const order = await Order.query().findById(id);
    const company = order?.companyId ? await Company.query().findById(order.companyId) : undefined;
    if (!order || !company?.contactEmail) continue;
    const invoice = await Invoice.query().where({ orderId: id, kind: 'invoice' }).orderBy('id', 'desc').first();
    const settings = await getSettings();
    await sendMail(config, {
      to: company.contactEmail,
      subject: TRADE_ORDER_TEXT.reminderSubject(order.number),
      text: TRADE_ORDER_TEXT.reminderBody({
        company: company.name,
        number: order.number,
        invoice: invoice?.number ?? null,
        due: formatDate(order.paymentDueAt!),
        amount: formatMoney(fromMinor(order.total) ?? 0, order.currency),
        iban: settings.bank.iban,
      }),
    });
    reminded.push(order.number);
  }
  return reminded;
}
