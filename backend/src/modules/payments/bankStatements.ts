// The bank's statement in: a CAMT.053 or MT940 file read into its bookings (bankStatementFiles),
// each incoming credit matched to a payer and their open invoices — by the invoice or order
// numbers in its remittance text, else by the payer's IBAN seen on an earlier payment, else by the
// payer's name, else by an amount that only one open invoice has — and kept as a line for staff
// to confirm, change or leave. A booking already brought by an earlier file (the same hash) is
// kept as 'already_imported' and is never recorded again. Confirmed lines become payments through
// the one write path of money received (accounts), allocated as the line says.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { createHash } from 'node:crypto';
import { Payment } from '../../models/Payment';
import { Company } from '../../models/Company';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { fromMinor } from '@domain/money';
import { invoicesNamedIn, suggestAllocations, type OpenInvoice } from '@domain/paymentAllocation';
import { BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import type { BankLineChange } from '@domain/schemas/payments';
import { asOpenInvoice, invoiceAccounts, recordReceivedPayment, type InvoiceAccount, type Payer } from '../accounts';
import type { Actor } from '../orders';
import { parseBankStatement } from './bankStatementFiles';
import { payerOf, settleOrdersOf } from './received';
import { recordedAnswer } from './adminService';
import { concurrently } from '../../platform/db/concurrently';

export const BANK_LINE_STATUSES = ['suggested', 'unmatched', 'already_imported', 'recorded'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

interface LineRow {
  id: number;
  bankStatementId: number;
  position: number;
  lineHash: string;
  bookedOn: string;
  amount: number;
  bookedAmount: number;
  bookedCurrency: string;
  reference: string;
  payerName: string;
  payerIban: string;
  bankReference: string;
  status: BankLineStatus;
  companyId: number | null;
  customerEmail: string;
  invoiceIds: string;
  paymentId: number | null;
}

/** "Vap Shop" ООД, VAP SHOP OOD → vap shop: a company's name as a bank writes the payer. */
function plainName(name: string): string {
  return name
    .toLocaleLowerCase('bg')
    .replace(/["'„“”«»]/g, ' ')
    .replace(/(^|\s)(е?оод|ад|еад|ет|сд|кд|e?ood|ead|ad|et)(?=\s|$|[.,])/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function payerKey(p: Payer): string {
  return 'companyId' in p ? `c${p.companyId}` : `e${p.customerEmail}`;
}

function payerOfAccount(a: InvoiceAccount): Payer {
  return a.companyId ? { companyId: a.companyId } : { customerEmail: a.customerEmail };
}

/** Who a booking is from, and which of their invoices it pays, as far as the shop can tell. */
class Matcher {
  private byPayer = new Map<string, OpenInvoice[]>();
  private payerOfInvoice = new Map<number, Payer>();
  private all: OpenInvoice[] = [];
  /** What is left of each invoice once the lines before have been given to it. */
  private left = new Map<number, number>();

  constructor(
    open: InvoiceAccount[],
    private ibans: Map<string, Payer>,
    private names: Map<string, number[]>,
  ) {
    for (const a of open) {
      const invoice = asOpenInvoice(a);
      const payer = payerOfAccount(a);
      this.all.push(invoice);
      this.payerOfInvoice.set(a.invoiceId, payer);
      this.byPayer.set(payerKey(payer), [...(this.byPayer.get(payerKey(payer)) ?? []), invoice]);
      this.left.set(a.invoiceId, a.outstanding);
    }
  }

  private payerFor(line: { reference: string; payerIban: string; payerName: string; amount: number }): Payer | undefined {
    const named = invoicesNamedIn(line.reference, this.all);
    if (named.length) return this.payerOfInvoice.get(named[0].id);
    if (line.payerIban && this.ibans.has(line.payerIban)) return this.ibans.get(line.payerIban);
    const byName = this.names.get(plainName(line.payerName));
    if (byName?.length === 1) return { companyId: byName[0] };
    const sameAmount = this.all.filter((i) => this.left.get(i.id) === line.amount);
    if (sameAmount.length === 1) return this.payerOfInvoice.get(sameAmount[0].id);
    return undefined;
  }

  match(line: { reference: string; payerIban: string; payerName: string; amount: number }): { payer?: Payer; invoiceIds: number[] } {
    const payer = this.payerFor(line);
    if (!payer) return { invoiceIds: [] };
    const open = (this.byPayer.get(payerKey(payer)) ?? [])
      .map((i) => ({ ...i, outstanding: this.left.get(i.id) ?? 0 }))
      .filter((i) => i.outstanding > 0);
    const { allocations } = suggestAllocations(line.amount, open, line.reference);
    for (const a of allocations) this.left.set(a.invoiceId, (this.left.get(a.invoiceId) ?? 0) - a.amount);
    return { payer, invoiceIds: allocations.map((a) => a.invoiceId) };
  }
}

async function matcherFor(trx: Transaction): Promise<Matcher> {
  const db = trx as unknown as Knex;
  const [open, ibanRows, companies] = await concurrently(trx, [
    () => invoiceAccounts({ openOnly: true }, trx),
    () =>
      db('payments').whereNot('payerIban', '').whereNull('orderId').orderBy('id', 'desc').select('payerIban', 'companyId', 'customerEmail'),
    () => Company.query(trx).select('id', 'name'),
  ] as const);
  const ibans = new Map<string, Payer>();
  for (const r of ibanRows as Array<{ payerIban: string; companyId: number | null; customerEmail: string }>) {
    if (ibans.has(r.payerIban)) continue;
    ibans.set(r.payerIban, r.companyId ? { companyId: Number(r.companyId) } : { customerEmail: r.customerEmail });
  }
  const names = new Map<string, number[]>();
  for (const c of companies) names.set(plainName(c.name), [...(names.get(plainName(c.name)) ?? []), c.id]);
  return new Matcher(open, ibans, names);
}

/** A line as the staff's screen shows it. */
async function lineViews(rows: LineRow[], trx?: Transaction) {
  const companyIds = [...new Set(rows.map((r) => r.companyId).filter((id): id is number => !!id))];
  const invoiceIds = [...new Set(rows.flatMap((r) => JSON.parse(r.invoiceIds) as number[]))];
  const [companies, invoices] = await Promise.all([
    companyIds.length ? Company.query(trx).whereIn('id', companyIds).select('id', 'name') : [],
    invoiceAccounts({ invoiceIds }, trx),
  ]);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const invoice = new Map(invoices.map((i) => [i.invoiceId, i]));
  return rows.map((r) => {
    const ids = JSON.parse(r.invoiceIds) as number[];
    return {
      id: r.id,
      position: r.position,
      date: r.bookedOn,
      amount: fromMinor(r.amount),
      bookedAmount: fromMinor(r.bookedAmount),
      bookedCurrency: r.bookedCurrency,
      reference: r.reference,
      payer: r.payerName,
      payerIban: r.payerIban,
      bankReference: r.bankReference,
      status: r.status,
      companyId: r.companyId,
      companyName: r.companyId ? (companyName.get(r.companyId) ?? null) : null,
      customerEmail: r.customerEmail || null,
      invoiceIds: ids,
      invoices: ids.map((id) => ({
        id,
        number: invoice.get(id)?.number ?? null,
        orderNumber: invoice.get(id)?.orderNumber ?? null,
        outstanding: fromMinor(invoice.get(id)?.outstanding ?? 0),
      })),
      paymentId: r.paymentId,
    };
  });
}

async function statementView(id: number, trx?: Transaction) {
  const db = (trx ?? Payment.knex()) as unknown as Knex;
  const statement = await db('bankStatements').where({ id }).first();
  if (!statement) throw notFound(BANK_STATEMENT_TEXT.notFound);
  const rows = (await db('bankStatementLines').where({ bankStatementId: id }).orderBy('position')) as LineRow[];
  const lines = await lineViews(rows, trx);
  const count = (status: BankLineStatus) => lines.filter((l) => l.status === status).length;
  return {
    ...statement,
    lines,
    counts: {
      suggested: count('suggested'),
      unmatched: count('unmatched'),
      alreadyImported: count('already_imported'),
      recorded: count('recorded'),
    },
  };
}

/**
 * Reads an uploaded statement and keeps its incoming credits as lines with their matches, in one
 * transaction; answers the statement with its lines. Debits (money the shop paid) are not kept.
 */
export async function importBankStatement(file: Buffer, fileName: string, actor: Actor) {
  const parsed = await parseBankStatement(file, fileName);
  const credits = parsed.lines.filter((l) => l.direction === 'credit');
  if (!credits.length) throw badRequest(BANK_STATEMENT_TEXT.noCredits, { file: BANK_STATEMENT_TEXT.noCredits });
  const id = await Payment.transaction(async (trx) => {
    const db = trx as unknown as Knex;
    const matcher = await matcherFor(trx);
    const seen = new Set(
      (
        (await db('bankStatementLines')
          .whereIn(
            'lineHash',
            credits.map((l) => l.lineHash),
          )
          .select('lineHash')) as Array<{ lineHash: string }>
      ).map((r) => r.lineHash),
    );
    const [statement] = (await db('bankStatements')
      .insert({
        format: parsed.format,
        accountIban: parsed.accountIban.slice(0, 34),
        statementRef: parsed.statementId.slice(0, 100),
        fileName: fileName.slice(0, 200),
        fileSha256: createHash('sha256').update(file).digest('hex'),
        createdBy: actor.label.slice(0, 254),
        createdAt: new Date().toISOString(),
      })
      .returning('id')) as Array<{ id: number } | number>;
    const statementId = Number(typeof statement === 'object' ? statement.id : statement);
    const rows = credits.map((l, i) => {
      const already = seen.has(l.lineHash);
      // In euro, as every payment (a leva line of 2025 at the fixed rate).
      const amount = l.amountEur;
      const found = already ? { invoiceIds: [] as number[] } : matcher.match({ ...l, amount });
      return {
        bankStatementId: statementId,
        position: i + 1,
        lineHash: l.lineHash,
        bookedOn: l.bookedOn,
        direction: l.direction,
        amount,
        bookedAmount: l.amount,
        bookedCurrency: l.currency,
        reference: l.reference,
        payerName: l.payerName.slice(0, 200),
        payerIban: l.payerIban.slice(0, 34),
        bankReference: l.bankReference.slice(0, 100),
        status: already ? 'already_imported' : found.payer ? 'suggested' : 'unmatched',
        companyId: found.payer && 'companyId' in found.payer ? found.payer.companyId : null,
        customerEmail: found.payer && 'customerEmail' in found.payer ? found.payer.customerEmail : '',
        invoiceIds: JSON.stringify(found.invoiceIds),
      };
    });
    for (let i = 0; i < rows.length; i += 200) await db('bankStatementLines').insert(rows.slice(i, i + 200));
    return statementId;
  });
  return statementView(id);
}

export { statementView as findBankStatement };

async function lineOf(trx: Transaction, statementId: number, lineId: number): Promise<LineRow> {
  const row = (await (trx as unknown as Knex)('bankStatementLines').where({ id: lineId, bankStatementId: statementId }).first()) as
    LineRow | undefined;
  if (!row) throw notFound(BANK_STATEMENT_TEXT.lineNotFound);
  return row;
}

/**
 * Staff's own match for a line the shop could not match, or matched wrongly: its payer and the
 * invoices (of that payer, open) it pays, in the order given; no invoices: all of it is credit.
 */
export async function changeBankLine(statementId: number, lineId: number, change: BankLineChange) {
  await Payment.transaction(async (trx) => {
    const line = await lineOf(trx, statementId, lineId);
    if (line.status === 'recorded' || line.status === 'already_imported')
      throw conflict(BANK_STATEMENT_TEXT.lineClosed, { status: BANK_STATEMENT_TEXT.lineClosed });
    const payer = await payerOf(change, trx);
    const open = await invoiceAccounts({ payer, openOnly: true }, trx);
    const ids = change.invoiceIds ?? [];
    ids.forEach((id, i) => {
      if (!open.some((a) => a.invoiceId === id))
        throw badRequest(BANK_STATEMENT_TEXT.invoiceNotOpen, { [`invoiceIds.${i}`]: BANK_STATEMENT_TEXT.invoiceNotOpen });
    });
    await (trx as unknown as Knex)('bankStatementLines')
      .where({ id: lineId })
      .update({
        status: 'suggested',
        companyId: 'companyId' in payer ? payer.companyId : null,
        customerEmail: 'customerEmail' in payer ? payer.customerEmail : '',
        invoiceIds: JSON.stringify([...new Set(ids)]),
      });
  });
  return statementView(statementId);
}

/**
 * Records the suggested lines of `lineIds` as payments (each allocated to its invoices as far as
 * its money goes, in their order, what is left as credit), in one transaction; a line is taken
 * with a guarded update, so confirming twice records once. Lines not suggested are left as they
 * are and answered as skipped.
 */
export async function confirmBankLines(statementId: number, lineIds: number[], actor: Actor) {
  const recorded = await Payment.transaction(async (trx) => {
    const db = trx as unknown as Knex;
    if (!(await db('bankStatements').where({ id: statementId }).first('id'))) throw notFound(BANK_STATEMENT_TEXT.notFound);
    const rows = (await db('bankStatementLines')
      .where({ bankStatementId: statementId })
      .whereIn('id', lineIds)
      .orderBy('position')) as LineRow[];
    const done: Array<{ lineId: number; id: number; allocations: Array<{ invoiceId: number; amount: number; paymentId: number }> }> = [];
    const skipped: Array<{ lineId: number; status: BankLineStatus }> = [];
    for (const id of lineIds) if (!rows.some((r) => r.id === id)) skipped.push({ lineId: id, status: 'unmatched' });
    for (const line of rows) {
      const taken =
        line.status === 'suggested' &&
        (await db('bankStatementLines').where({ id: line.id, status: 'suggested' }).update({ status: 'recorded' }));
      if (!taken) {
        skipped.push({ lineId: line.id, status: line.status });
        continue;
      }
      const payer: Payer = line.companyId ? { companyId: Number(line.companyId) } : { customerEmail: line.customerEmail };
      const chosen = JSON.parse(line.invoiceIds) as number[];
      const open = (await invoiceAccounts({ payer, openOnly: true }, trx)).filter((a) => chosen.includes(a.invoiceId));
      open.sort((a, b) => chosen.indexOf(a.invoiceId) - chosen.indexOf(b.invoiceId));
      // As far as the money goes, in the line's order; an invoice paid meanwhile is passed over.
      let left = line.amount;
      const allocations = open.flatMap((a) => {
        const part = Math.min(left, a.outstanding);
        left -= part;
        return part > 0 ? [{ invoiceId: a.invoiceId, amount: part }] : [];
      });
      const payment = await recordReceivedPayment(trx, {
        payer,
        amount: line.amount,
        date: line.bookedOn,
        method: 'bank_transfer',
        reference: line.reference,
        allocations,
        spendCredit: false,
        source: 'bank',
        payerName: line.payerName,
        payerIban: line.payerIban,
        recordedBy: actor.label,
      });
      await db('bankStatementLines').where({ id: line.id }).update({ paymentId: payment.id });
      await settleOrdersOf(trx, payment.invoiceIds, actor);
      done.push({ lineId: line.id, id: payment.id, allocations: payment.allocations });
    }
    return { done, skipped };
  });
  const payments = [];
  for (const d of recorded.done) payments.push({ lineId: d.lineId, ...(await recordedAnswer(d)) });
  return { payments, skipped: recorded.skipped, statement: await statementView(statementId) };
}

/** react-admin's page of statements: newest first, with their line counts. */
export async function bankStatementPage(start: number, end: number) {
  const db = Payment.knex();
  const [rows, [{ total }]] = await Promise.all([
    db('bankStatements')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(end - start + 1)
      .select(
        'bankStatements.*',
        db('bankStatementLines').whereRaw('bank_statement_lines.bank_statement_id = bank_statements.id').count('*').as('lineCount'),
        db('bankStatementLines')
          .whereRaw('bank_statement_lines.bank_statement_id = bank_statements.id')
          .where('status', 'suggested')
          .count('*')
          .as('toConfirm'),
      ),
    db('bankStatements').count({ total: '*' }),
  ]);
  return {
    rows: (rows as Array<Record<string, unknown>>).map((r) => ({ ...r, lineCount: Number(r.lineCount), toConfirm: Number(r.toConfirm) })),
    total: Number(total),
  };
}
