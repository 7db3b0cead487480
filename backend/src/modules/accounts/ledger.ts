// What each buyer owes and has paid, read from the documents and the money allocated to them: an
// invoice's figures (its total less its credit notes, what payments were allocated to it, what is
// left, its state), a buyer's open invoices and credit (money not yet allocated), and the one
// write of allocations. Every reader of "paid" or "owed" — the invoice's answer, the receivables,
// the credit limit, the overdue reminders, the statement of account — reads it here.
//
// An invoice is settled whatever its allocations once its order's payment is marked paid (or
// refunded) — how a shopper's cash on delivery has always been recorded — or once the order was
// cancelled or returned (nothing is asked for it any more). Money is counted in euro
// (PAYMENT_CURRENCY): since the changeover every payment and every debt is in euro, and a leva
// invoice from before it counts at the fixed rate. What the receivables and the credit limit sum
// is also given in the shop's currency of account (`owedInShop`), exact where nothing was paid.
import { NOT_OWED_STATUSES, type OrderStatus } from '@domain/orderStatus';
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Invoice } from '../../models/Invoice';
import { Payment } from '../../models/Payment';
import { conflict } from '../../platform/http/errors';
import { convertMinor, isCurrency, type Currency } from '@domain/money';
import {
  ALLOCATION_TEXT,
  PAYMENT_CURRENCY,
  paymentStateOf,
  type Allocation,
  type OpenInvoice,
  type PaymentState,
} from '@domain/paymentAllocation';
import { getSettings } from '../settings';

/** Order statuses after which nothing is asked for the order's invoice. */
const ENDED = NOT_OWED_STATUSES;
/** Order payment statuses that settle its invoice. */
const SETTLED_BY_ORDER = ['paid', 'refunded'];

/** Who pays: a company, or a customer (by e-mail) buying without one. */
export type Payer = { companyId: number } | { customerEmail: string };

export interface InvoiceAccount {
  invoiceId: number;
  number: string;
  orderId: number | null;
  orderNumber: string;
  companyId: number | null;
  customerEmail: string;
  issuedAt: string;
  /** When it is due (ISO); null: at once (its issue). */
  dueAt: string | null;
  /** The currency of the figures below: the payments' (euro). */
  currency: Currency;
  total: number;
  credited: number;
  /** What is asked for it: its total less its credit notes, never below nil. */
  due: number;
  allocated: number;
  paid: number;
  outstanding: number;
  paymentState: PaymentState;
  /** Nothing more is asked: paid, or its order was cancelled or returned. */
  settled: boolean;
  /** What is outstanding in the shop's currency of account (for sums with its other amounts). */
  owedInShop: number;
}

function currencyOf(code: string): Currency {
  return isCurrency(code) ? code : 'BGN';
}

interface Scope {
  invoiceIds?: number[];
  orderIds?: number[];
  payer?: Payer;
  /** Only those with something still to pay. */
  openOnly?: boolean;
}

function scoped(q: Knex.QueryBuilder, scope: Scope): Knex.QueryBuilder {
  if (scope.invoiceIds) q.whereIn('invoices.id', scope.invoiceIds);
  if (scope.orderIds) q.whereIn('invoices.orderId', scope.orderIds);
  const payer = scope.payer;
  if (payer && 'companyId' in payer) q.where('orders.companyId', payer.companyId);
  if (payer && 'customerEmail' in payer) q.whereNull('orders.companyId').where('orders.customerEmail', payer.customerEmail.toLowerCase());
  if (scope.openOnly) q.whereNotIn('orders.paymentStatus', SETTLED_BY_ORDER).whereNotIn('orders.status', ENDED);
  return q;
}

/** The figures of the invoices in `scope` (never credit notes), oldest first. */
export async function invoiceAccounts(scope: Scope, trx?: Transaction): Promise<InvoiceAccount[]> {
  if ((scope.invoiceIds && !scope.invoiceIds.length) || (scope.orderIds && !scope.orderIds.length)) return [];
  const db = (trx ?? Invoice.knex()) as unknown as Knex;
  const { currency: shopCurrency } = await getSettings(trx);
  const currency = PAYMENT_CURRENCY;
  const rows = (await scoped(
    db('invoices')
      .leftJoin('orders', 'orders.id', 'invoices.orderId')
      .where('invoices.kind', 'invoice')
      .orderBy('invoices.id')
      .select(
        'invoices.id',
        'invoices.number',
        'invoices.orderId',
        'invoices.orderNumber',
        'invoices.currency',
        'invoices.total',
        'invoices.issuedAt',
        'orders.companyId',
        'orders.customerEmail',
        'orders.paymentDueAt',
        'orders.paymentStatus',
        'orders.status',
        'orders.total as orderTotal',
        'orders.currency as orderCurrency',
      ),
    scope,
  )) as Array<Record<string, unknown>>;
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const [credits, allocations] = await Promise.all([
    db('invoices')
      .where('kind', 'credit_note')
      .whereIn('invoiceId', ids)
      .groupBy('invoiceId', 'currency')
      .select('invoiceId', 'currency')
      .sum({ sum: 'total' }),
    db('paymentAllocations')
      .join('payments', 'payments.id', 'paymentAllocations.paymentId')
      .whereIn('paymentAllocations.invoiceId', ids)
      .groupBy('paymentAllocations.invoiceId', 'payments.currency')
      .select('paymentAllocations.invoiceId', 'payments.currency')
      .sum({ sum: 'paymentAllocations.amount' }),
  ]);
  // Credit notes in the invoice's own currency (a euro note on a leva invoice at the fixed rate);
  // payments in the shop's.
  const creditedIn = new Map<number, Array<{ currency: Currency; minor: number }>>();
  for (const r of credits as Array<Record<string, unknown>>)
    creditedIn.set(Number(r.invoiceId), [
      ...(creditedIn.get(Number(r.invoiceId)) ?? []),
      { currency: currencyOf(String(r.currency)), minor: Number(r.sum ?? 0) },
    ]);
  const allocated = new Map<number, number>();
  for (const r of allocations as Array<Record<string, unknown>>)
    allocated.set(
      Number(r.invoiceId),
      (allocated.get(Number(r.invoiceId)) ?? 0) + convertMinor(Number(r.sum ?? 0), currencyOf(String(r.currency)), currency),
    );
  const out: InvoiceAccount[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const own = currencyOf(String(r.currency));
    const totalOwn = Number(r.total);
    const total = convertMinor(totalOwn, own, currency);
    const creditedOwn = (creditedIn.get(id) ?? []).reduce((s, c) => s + convertMinor(c.minor, c.currency, own), 0);
    // Wholly credited in its own currency is wholly credited, whatever the conversion's cents.
    const creditedHere = creditedOwn >= totalOwn ? total : convertMinor(creditedOwn, own, currency);
    const due = Math.max(0, total - creditedHere);
    const allocatedHere = allocated.get(id) ?? 0;
    const paidByOrder = SETTLED_BY_ORDER.includes(String(r.paymentStatus));
    const ended = ENDED.includes(r.status as OrderStatus);
    const paid = paidByOrder ? due : Math.min(due, allocatedHere);
    const outstanding = paidByOrder || ended ? 0 : due - paid;
    // An invoice is its order in the document's currency: untouched, its order's own total is
    // the exact figure in the shop's currency (a euro invoice converted back could be a cent off).
    const owedInShop =
      outstanding === total && r.orderCurrency === shopCurrency && r.orderTotal != null
        ? Number(r.orderTotal)
        : convertMinor(outstanding, currency, shopCurrency);
    const account: InvoiceAccount = {
      invoiceId: id,
      number: String(r.number),
      orderId: r.orderId === null ? null : Number(r.orderId),
      orderNumber: String(r.orderNumber ?? ''),
      companyId: r.companyId === null || r.companyId === undefined ? null : Number(r.companyId),
      customerEmail: String(r.customerEmail ?? ''),
      issuedAt: String(r.issuedAt),
      dueAt: (r.paymentDueAt as string | null) ?? null,
      currency,
      total,
      credited: creditedHere,
      due,
      allocated: allocatedHere,
      paid,
      outstanding,
      paymentState: paymentStateOf(due, paid),
      settled: outstanding === 0,
      owedInShop,
    };
    if (!scope.openOnly || outstanding > 0) out.push(account);
  }
  return out;
}

/** One invoice's figures (undefined for a credit note or an unknown id). */
export async function invoiceAccount(invoiceId: number, trx?: Transaction): Promise<InvoiceAccount | undefined> {
  return (await invoiceAccounts({ invoiceIds: [invoiceId] }, trx))[0];
}

/** A payer's invoices with something left to pay, as the allocation rules see them. */
export async function openInvoicesOf(payer: Payer, trx?: Transaction): Promise<OpenInvoice[]> {
  return (await invoiceAccounts({ payer, openOnly: true }, trx)).map(asOpenInvoice);
}

export function asOpenInvoice(a: InvoiceAccount): OpenInvoice {
  return {
    id: a.invoiceId,
    number: a.number,
    orderNumber: a.orderNumber,
    dueAt: a.dueAt,
    issuedAt: a.issuedAt,
    outstanding: a.outstanding,
  };
}

function payerWhere(q: Knex.QueryBuilder, payer: Payer): Knex.QueryBuilder {
  return 'companyId' in payer
    ? q.where('companyId', payer.companyId)
    : q.whereNull('companyId').where('customerEmail', payer.customerEmail.toLowerCase());
}

/** The payer's payments with money not yet allocated, oldest first: their credit. */
export async function creditOf(payer: Payer, trx?: Transaction): Promise<Array<{ id: number; unallocated: number }>> {
  const db = (trx ?? Payment.knex()) as unknown as Knex;
  const rows = (await payerWhere(db('payments').whereNull('orderId').where('unallocated', '>', 0), payer)
    .orderBy([{ column: 'receivedOn' }, { column: 'id' }])
    .select('id', 'unallocated')) as Array<{ id: number; unallocated: number | string }>;
  return rows.map((r) => ({ id: Number(r.id), unallocated: Number(r.unallocated) }));
}

/**
 * Gives part of payment `paymentId` to each invoice of `allocations`, inside the caller's
 * transaction: the rows, and the payment's unallocated part less their sum — taken with a guarded
 * update, so two allocations at once never spend the same money twice (409 for the second).
 */
export async function writeAllocations(trx: Transaction, paymentId: number, allocations: Allocation[]): Promise<void> {
  const sum = allocations.reduce((s, a) => s + a.amount, 0);
  if (sum <= 0) return;
  const db = trx as unknown as Knex;
  const taken = await db('payments').where({ id: paymentId }).where('unallocated', '>=', sum).decrement('unallocated', sum);
  if (!taken) throw conflict(ALLOCATION_TEXT.changed);
  const at = new Date().toISOString();
  await db('paymentAllocations').insert(allocations.map((a) => ({ paymentId, invoiceId: a.invoiceId, amount: a.amount, createdAt: at })));
}

/** Something a company owes: an invoice's open part, or an order on terms not invoiced yet. */
export interface OwedItem {
  companyId: number;
  orderId: number | null;
  orderNumber: string;
  invoiceId: number | null;
  invoiceNumber: string | null;
  /** When it is due (ISO); null: at once. */
  dueAt: string | null;
  issuedAt: string;
  /** Minor units of the shop's currency. */
  amount: number;
  /** The same in the payments' currency (what a reminder asks to be transferred). */
  amountInEuro: number;
}

/**
 * What companies owe (one company's, or all): their invoices' open parts, and their orders on
 * terms that have no invoice yet (issued without the seller's legal identity) at their total.
 */
export async function owedByCompanies(companyId?: number, trx?: Transaction): Promise<OwedItem[]> {
  const db = (trx ?? Invoice.knex()) as unknown as Knex;
  const { currency } = await getSettings(trx);
  const invoices = await invoiceAccounts(companyId ? { payer: { companyId }, openOnly: true } : { openOnly: true }, trx);
  const items: OwedItem[] = invoices
    .filter((a) => a.companyId !== null)
    .map((a) => ({
      companyId: a.companyId!,
      orderId: a.orderId,
      orderNumber: a.orderNumber,
      invoiceId: a.invoiceId,
      invoiceNumber: a.number,
      dueAt: a.dueAt,
      issuedAt: a.issuedAt,
      amount: a.owedInShop,
      amountInEuro: a.outstanding,
    }));
  const uninvoiced = db('orders')
    .whereNotNull('companyId')
    .where('paymentStatus', 'unpaid')
    .whereNotIn('status', ENDED)
    .whereNotExists(db('invoices').whereRaw('invoices.order_id = orders.id').where('kind', 'invoice').select(db.raw('1')))
    .select('id', 'number', 'companyId', 'paymentDueAt', 'total', 'currency', 'createdAt');
  if (companyId) uninvoiced.where('companyId', companyId);
  for (const o of (await uninvoiced) as Array<Record<string, unknown>>) {
    items.push({
      companyId: Number(o.companyId),
      orderId: Number(o.id),
      orderNumber: String(o.number),
      invoiceId: null,
      invoiceNumber: null,
      dueAt: (o.paymentDueAt as string | null) ?? null,
      issuedAt: String(o.createdAt),
      amount: convertMinor(Number(o.total), currencyOf(String(o.currency)), currency),
      amountInEuro: convertMinor(Number(o.total), currencyOf(String(o.currency)), PAYMENT_CURRENCY),
    });
  }
  return items;
}

/** Each company's credit (money received not yet allocated), minor units of the shop's currency. */
export async function creditByCompanies(companyId?: number, trx?: Transaction): Promise<Map<number, number>> {
  const db = (trx ?? Payment.knex()) as unknown as Knex;
  const { currency } = await getSettings(trx);
  const q = db('payments')
    .whereNull('orderId')
    .whereNotNull('companyId')
    .where('unallocated', '>', 0)
    .groupBy('companyId', 'currency')
    .select('companyId', 'currency')
    .sum({ sum: 'unallocated' });
  if (companyId) q.where('companyId', companyId);
  const out = new Map<number, number>();
  for (const r of (await q) as Array<{ companyId: number; currency: string; sum: number | string }>)
    out.set(Number(r.companyId), (out.get(Number(r.companyId)) ?? 0) + convertMinor(Number(r.sum), currencyOf(r.currency), currency));
  return out;
}
