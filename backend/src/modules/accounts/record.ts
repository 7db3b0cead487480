// The one write path of money received: a payment of a payer (company or customer) and its
// allocations, inside the caller's transaction. Staff's recording, a confirmed bank statement line
// and an order marked „Платена“ (a payment of what was left of its invoice) all come here; the
// orders whose invoices are then paid follow through the caller (orders' own write path).
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Payment } from '../../models/Payment';
import { badRequest } from '../../platform/http/errors';
import { isPostgres } from '../../platform/db/knex';
import { formatMoney, fromMinor } from '@domain/money';
import { shopDay } from '@domain/dates';
import { ALLOCATION_TEXT, PAYMENT_CURRENCY, allocationErrors, suggestAllocations, type Allocation } from '@domain/paymentAllocation';
import { creditOf, invoiceAccounts, openInvoicesOf, writeAllocations, type Payer } from './ledger';
import { concurrently } from '../../platform/db/concurrently';

export type PaymentSource = 'manual' | 'bank' | 'order';

export interface ReceivedPayment {
  payer: Payer;
  amount: number;
  /** YYYY-MM-DD */
  date: string;
  method: 'bank_transfer' | 'cash' | 'cod';
  reference: string;
  /** Chosen by staff; absent: the suggestion (named invoices first, then the oldest due). */
  allocations?: Allocation[];
  source: PaymentSource;
  /** Whether the payer's earlier credit is spent first (not for an order's remainder: that money is new). */
  spendCredit?: boolean;
  payerName?: string;
  payerIban?: string;
  recordedBy: string;
}

export interface RecordedPayment {
  id: number;
  /** Every allocation made: of this payment, and of the payer's earlier credit spent with it. */
  allocations: Array<Allocation & { paymentId: number }>;
  /** What is left of this payment unallocated (the payer's credit). */
  unallocated: number;
  /** The invoices that were given money. */
  invoiceIds: number[];
}

/**
 * Inside a transaction that allocates a payer's money: one such transaction at a time per payer,
 * so two never spend the same credit or pay the same invoice twice (PostgreSQL: a lock on the
 * company's row, or an advisory lock on the customer's e-mail; SQLite has one writer).
 */
export async function lockPayer(trx: Transaction, payer: Payer): Promise<void> {
  const db = trx as unknown as Knex;
  if (!isPostgres(db)) return;
  if ('companyId' in payer) await db('companies').where({ id: payer.companyId }).forUpdate().first('id');
  else await db.raw('select pg_advisory_xact_lock(hashtext(?))', [`payer:${payer.customerEmail.toLowerCase()}`]);
}

/** Money written as the refusals show it. */
const moneyText = (minor: number) => formatMoney(fromMinor(minor) ?? 0, PAYMENT_CURRENCY);

/**
 * Spends `wanted` (allocations worth up to the payer's credit plus `fresh`) from the payer's
 * earlier credit first — the oldest money first, as an accountant settles — then from `fresh`.
 */
function splitBySource(wanted: Allocation[], credit: Array<{ id: number; unallocated: number }>, freshId: number) {
  const sources = [...credit.map((c) => ({ id: c.id, left: c.unallocated })), { id: freshId, left: Number.MAX_SAFE_INTEGER }];
  const parts = new Map<number, Allocation[]>();
  let s = 0;
  for (const a of wanted) {
    let need = a.amount;
    while (need > 0) {
      const source = sources[s];
      const part = Math.min(need, source.left);
      if (part > 0) {
        parts.set(source.id, [...(parts.get(source.id) ?? []), { invoiceId: a.invoiceId, amount: part }]);
        source.left -= part;
        need -= part;
      }
      if (source.left === 0) s += 1;
    }
  }
  return parts;
}

/**
 * Records `payment` and allocates it (with the payer's credit) to their open invoices; refuses
 * with 400 and per-field texts an allocation that is not open to this payer, more than is open,
 * or more than the money there is. Answers what was recorded.
 */
export async function recordReceivedPayment(trx: Transaction, payment: ReceivedPayment): Promise<RecordedPayment> {
  await lockPayer(trx, payment.payer);
  const [open, credit] = await Promise.all([
    openInvoicesOf(payment.payer, trx),
    payment.spendCredit === false ? [] : creditOf(payment.payer, trx),
  ]);
  const creditTotal = credit.reduce((s, c) => s + c.unallocated, 0);
  const available = payment.amount + creditTotal;
  let wanted: Allocation[];
  if (payment.allocations) {
    const errors = allocationErrors(available, payment.allocations, open, moneyText);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    wanted = payment.allocations;
  } else {
    wanted = suggestAllocations(available, open, payment.reference).allocations;
  }
  const now = new Date().toISOString();
  const inserted = (await (trx as unknown as Knex)('payments')
    .insert({
      orderId: null,
      companyId: 'companyId' in payment.payer ? payment.payer.companyId : null,
      customerEmail: 'customerEmail' in payment.payer ? payment.payer.customerEmail.toLowerCase() : '',
      method: payment.method,
      amount: payment.amount,
      currency: PAYMENT_CURRENCY,
      status: 'paid',
      reference: payment.reference.slice(0, 100),
      paidAt: now,
      receivedOn: payment.date,
      unallocated: payment.amount,
      source: payment.source,
      payerName: (payment.payerName ?? '').slice(0, 200),
      payerIban: (payment.payerIban ?? '').slice(0, 34),
      recordedBy: payment.recordedBy.slice(0, 254),
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')) as Array<{ id: number } | number>;
  const id = Number(typeof inserted[0] === 'object' ? inserted[0].id : inserted[0]);
  const parts = splitBySource(wanted, credit, id);
  const allocations: RecordedPayment['allocations'] = [];
  for (const [paymentId, list] of parts) {
    await writeAllocations(trx, paymentId, list);
    allocations.push(...list.map((a) => ({ ...a, paymentId })));
  }
  const row = await Payment.query(trx).findById(id).select('unallocated');
  return {
    id,
    allocations,
    unallocated: Number((row as unknown as { unallocated: number }).unallocated),
    invoiceIds: [...new Set(wanted.map((a) => a.invoiceId))],
  };
}

/**
 * Allocates what is left of payment `paymentId` (the payer's credit) to their open invoices:
 * `allocations` as staff chose them, or the suggestion.
 */
export async function allocateCredit(trx: Transaction, paymentId: number, payer: Payer, reference: string, allocations?: Allocation[]) {
  await lockPayer(trx, payer);
  const [open, row] = await concurrently(trx, [() => openInvoicesOf(payer, trx), () => Payment.query(trx).findById(paymentId)] as const);
  const available = Number((row as unknown as { unallocated: number } | undefined)?.unallocated ?? 0);
  let wanted: Allocation[];
  if (allocations) {
    const errors = allocationErrors(available, allocations, open, moneyText);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
    wanted = allocations;
  } else {
    wanted = suggestAllocations(available, open, reference).allocations;
  }
  if (!wanted.length) throw badRequest(ALLOCATION_TEXT.nothingToAllocate, { allocations: ALLOCATION_TEXT.nothingToAllocate });
  await writeAllocations(trx, paymentId, wanted);
  return { allocations: wanted.map((a) => ({ ...a, paymentId })), invoiceIds: [...new Set(wanted.map((a) => a.invoiceId))] };
}

/**
 * When an order is marked paid by hand while its invoice still has something open: that remainder
 * becomes a payment of the order's buyer allocated to the invoice, so the account shows the money
 * as every other payment. Runs before the order's payment status changes (after it, the invoice
 * counts as settled by the order). Nothing for an order without an invoice.
 */
export async function recordOrderRemainder(
  trx: Transaction,
  order: { id: number; number: string; companyId: number | null; customerEmail: string },
  method: ReceivedPayment['method'],
  recordedBy: string,
): Promise<void> {
  const open = (await invoiceAccounts({ payer: payerOfOrder(order), openOnly: true }, trx)).filter((a) => a.orderId === order.id);
  const remainder = open.reduce((s, a) => s + a.outstanding, 0);
  if (remainder <= 0) return;
  await recordReceivedPayment(trx, {
    payer: payerOfOrder(order),
    amount: remainder,
    date: shopDay(new Date()),
    method,
    reference: order.number,
    allocations: open.map((a) => ({ invoiceId: a.invoiceId, amount: a.outstanding })),
    source: 'order',
    spendCredit: false,
    recordedBy,
  });
}

export function payerOfOrder(order: { companyId: number | null; customerEmail: string }): Payer {
  return order.companyId ? { companyId: order.companyId } : { customerEmail: order.customerEmail };
}
