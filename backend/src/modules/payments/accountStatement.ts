// A company's statement of account for a period, read from its documents and money: its invoices
// (debits, with their due days and what is open of them), their credit notes and the payments
// received from it (credits); an invoice settled by marking its order paid before payments were
// records of their own shows that payment too, so the balance is what the company owes. Answered
// as data for the admin's screen, as the CSV and the PDF, and mailed to the company by staff.
import type { Knex } from 'knex';
import { Company } from '../../models/Company';
import { Invoice } from '../../models/Invoice';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../platform/http/errors';
import { sendMail } from '../../platform/mail/transport';
import { convertMinor, isCurrency, type Currency } from '@domain/money';
import { shopDay } from '@domain/dates';
import {
  STATEMENT_TEXT,
  defaultStatementPeriod,
  statementCsv,
  statementFileName,
  statementOfAccount,
  statementPeriodErrors,
  type AccountEntry,
  type StatementOfAccount,
} from '@domain/statementOfAccount';
import { ALLOCATION_TEXT, PAYMENT_CURRENCY } from '@domain/paymentAllocation';
import { invoiceAccounts } from '../accounts';
import { getSettings } from '../settings';
import { renderStatementPdf } from './statementPdf';

export type StatementFormat = 'json' | 'pdf' | 'csv';

/** The period asked for (the year so far when not given), or 400 with per-field texts. */
export function statementPeriod(query: { from?: unknown; to?: unknown }): { from: string; to: string } {
  const fallback = defaultStatementPeriod();
  const from = typeof query.from === 'string' && query.from ? query.from : fallback.from;
  const to = typeof query.to === 'string' && query.to ? query.to : fallback.to;
  const errors = statementPeriodErrors(from, to);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { from, to };
}

export function statementFormat(value: unknown): StatementFormat {
  if (value === undefined || value === '' || value === 'json') return 'json';
  if (value === 'pdf' || value === 'csv') return value;
  throw badRequest(STATEMENT_TEXT.formatInvalid, { format: STATEMENT_TEXT.formatInvalid });
}

/** Everything on a company's account, whatever the period (the opening balance needs what came before). */
async function entriesOf(companyId: number, currency: Currency): Promise<AccountEntry[]> {
  const db = Invoice.knex() as Knex;
  const invoices = await invoiceAccounts({ payer: { companyId } });
  const ids = invoices.map((i) => i.invoiceId);
  const [notes, payments, orderPayments] = await Promise.all([
    ids.length
      ? db('invoices').where('kind', 'credit_note').whereIn('invoiceId', ids).select('number', 'issuedAt', 'total', 'currency', 'invoiceId')
      : [],
    db('payments').where({ companyId }).whereNull('orderId').select('id', 'receivedOn', 'amount', 'currency', 'reference', 'method'),
    ids.length
      ? db('payments')
          .join('invoices', 'invoices.orderId', 'payments.orderId')
          .whereIn('invoices.id', ids)
          .select('invoices.id as invoiceId', 'payments.paidAt', 'payments.updatedAt')
      : [],
  ]);
  const numberOf = new Map(invoices.map((i) => [i.invoiceId, i.number]));
  const paidAt = new Map(
    (orderPayments as Array<{ invoiceId: number; paidAt: string | null; updatedAt: string }>).map((p) => [
      Number(p.invoiceId),
      p.paidAt ?? p.updatedAt,
    ]),
  );
  const entries: AccountEntry[] = [];
  for (const i of invoices) {
    entries.push({
      kind: 'invoice',
      date: shopDay(i.issuedAt),
      number: i.number,
      dueAt: i.dueAt ? shopDay(i.dueAt) : null,
      amount: i.total,
      outstanding: i.outstanding,
      note: i.orderNumber ? STATEMENT_TEXT.orderNote(i.orderNumber) : '',
    });
    // Paid by marking the order paid, with no payment of its own on record: that payment shows too.
    const unrecorded = i.paid - Math.min(i.paid, i.allocated);
    if (unrecorded > 0)
      entries.push({
        kind: 'payment',
        date: shopDay(paidAt.get(i.invoiceId) ?? i.issuedAt),
        number: i.orderNumber,
        dueAt: null,
        amount: unrecorded,
        note: STATEMENT_TEXT.orderPaymentNote(i.number),
      });
  }
  for (const n of notes as Array<{ number: string; issuedAt: string; total: number; currency: string; invoiceId: number }>)
    entries.push({
      kind: 'credit_note',
      date: shopDay(n.issuedAt),
      number: n.number,
      dueAt: null,
      amount: convertMinor(Number(n.total), isCurrency(n.currency) ? n.currency : 'BGN', currency),
      note: STATEMENT_TEXT.creditNoteNote(numberOf.get(Number(n.invoiceId)) ?? ''),
    });
  for (const p of payments as Array<{ id: number; receivedOn: string | null; amount: number; currency: string; reference: string }>)
    entries.push({
      kind: 'payment',
      date: p.receivedOn ?? shopDay(new Date()),
      number: String(p.id),
      dueAt: null,
      amount: convertMinor(Number(p.amount), isCurrency(p.currency) ? p.currency : 'BGN', currency),
      note: p.reference,
    });
  return entries;
}

/** The statement of company `companyId` for the period. */
export async function companyStatement(companyId: number, period: { from: string; to: string }): Promise<StatementOfAccount> {
  const company = await Company.query().findById(companyId);
  if (!company) throw notFound(ALLOCATION_TEXT.companyNotFound);
  const settings = await getSettings();
  // The account is kept in euro, as the money paid into it.
  const currency = PAYMENT_CURRENCY;
  return statementOfAccount({
    company: { name: company.name, eik: company.eik, vatNumber: company.vatNumber, address: company.address, city: company.city },
    seller: {
      name: settings.legal.companyName,
      eik: settings.legal.eik,
      vatNumber: settings.legal.vatNumber,
      address: [settings.legal.seat, settings.legal.address].filter(Boolean).join(', '),
      iban: settings.bank.iban,
    },
    currency,
    from: period.from,
    to: period.to,
    asOf: shopDay(new Date()),
    entries: await entriesOf(companyId, currency),
  });
}

/** The statement as the format asks: a body and, for a file, its type and name. */
export async function statementAnswer(statement: StatementOfAccount, format: StatementFormat) {
  if (format === 'csv')
    return { body: statementCsv(statement), type: 'text/csv; charset=utf-8', fileName: statementFileName(statement, 'csv') };
  if (format === 'pdf')
    return { body: await renderStatementPdf(statement), type: 'application/pdf', fileName: statementFileName(statement, 'pdf') };
  return { body: statement, type: null, fileName: null };
}

/** Mails the statement's PDF to the company's contact (queued: sent after this answer). */
export async function mailStatement(config: Config, companyId: number, period: { from: string; to: string }): Promise<{ to: string }> {
  const statement = await companyStatement(companyId, period);
  const company = (await Company.query().findById(companyId))!;
  const pdf = await renderStatementPdf(statement);
  await sendMail(config, {
    to: company.contactEmail,
    subject: STATEMENT_TEXT.mailSubject(statement),
    text: STATEMENT_TEXT.mailBody(statement, company.contactFirstName),
    attachments: [{ filename: statementFileName(statement, 'pdf'), content: pdf, contentType: 'application/pdf' }],
  });
  return { to: company.contactEmail };
}
