// Money received, allocated to the documents it pays. A payment (a bank transfer, cash) is a
// record of money of its own; it is spread over the buyer's open invoices — several invoices with
// one transfer, part of an invoice now and the rest later — and what is not spread stays the
// buyer's credit, offered at the next allocation. The rules here are the whole arithmetic: what
// is suggested (the invoices the payer named in the reference first, then the oldest due), what an
// allocation may be (never more than is open on an invoice, never below a cent, never more than
// the money there is) and what an invoice's state is. Amounts in minor units (cents). Pure: the
// server, the admin's screens and the bank statement's matching use the same rules.
import { DOCUMENT_NUMBER_DIGITS } from './invoices';

/** The currency of money received: since the changeover every payment is in euro (a leva line of a
 *  bank statement from before it counts at the fixed rate). Allocations and invoices' figures are
 *  in it too. */
export const PAYMENT_CURRENCY = 'EUR' as const;

/** An invoice with money still to come, as the allocation sees it. */
export interface OpenInvoice {
  id: number;
  /** The invoice's ten-digit number. */
  number: string;
  /** The order's number (VS-…), when the invoice is an order's. */
  orderNumber?: string | null;
  /** When it is due (ISO date or timestamp); null: at once (its issue date stands for it). */
  dueAt: string | null;
  issuedAt: string;
  /** What is still to be paid: the total, less its credit notes and what was allocated to it. */
  outstanding: number;
}

/** Part of a payment given to one invoice. */
export interface Allocation {
  invoiceId: number;
  amount: number;
}

export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  unpaid: 'Неплатена',
  partly_paid: 'Частично платена',
  paid: 'Платена',
};

/** Where a payment came from: an order's own payment, recorded by staff, or a bank statement's line. */
export const PAYMENT_SOURCES = ['order', 'manual', 'bank'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PAYMENT_SOURCE_LABELS: Readonly<Record<PaymentSource, string>> = {
  order: 'Поръчка',
  manual: 'Ръчно',
  bank: 'Банково извлечение',
};

export const RECEIVED_METHOD_LABELS: Readonly<Record<'bank_transfer' | 'cash' | 'cod', string>> = {
  bank_transfer: 'Банков превод',
  cash: 'В брой',
  cod: 'Наложен платеж',
};

export const ALLOCATION_TEXT = {
  notOpen: 'Фактурата не е от неплатените на този платец.',
  moreThanOpen: (open: string) => `По фактурата остават само ${open}.`,
  notPositive: 'Сумата трябва да е поне 0,01.',
  moreThanPaid: (available: string) => `Разпределени са повече пари, отколкото има: ${available}.`,
  twice: 'Фактурата е посочена два пъти.',
  changed: 'Плащането беше разпределено междувременно. Презаредете и опитайте отново.',
  nothingToAllocate: 'Няма неплатени фактури, по които да се разпредели сумата.',
  payerRequired: 'Посочете фирма или имейл на клиент.',
  onePayer: 'Посочете или фирма, или имейл на клиент — не и двете.',
  companyNotFound: 'Фирмата не е намерена.',
  noCredit: 'По това плащане няма неразпределена сума.',
  receivedHasNoStatus: 'Полученото плащане няма статус за смяна: то е записано и разпределено по фактури.',
} as const;

/** An invoice's state from its total and what has been paid of it (credit notes count as paid). */
export function paymentStateOf(total: number, paid: number): PaymentState {
  if (total <= 0 || paid >= total) return 'paid';
  return paid > 0 ? 'partly_paid' : 'unpaid';
}

const DOCUMENT_NUMBER = new RegExp(`(?<!\\d)\\d{${DOCUMENT_NUMBER_DIGITS}}(?!\\d)`, 'g');
const ORDER_NUMBER = /\bVS-?\s?(\d{5,})\b/gi;

/**
 * The invoices a payer named in a payment's reference, in the order named: by the invoice's ten
 * digits, or by its order's number (VS-10123, also written without the dash). A number named
 * twice counts once.
 */
export function invoicesNamedIn(reference: string, open: OpenInvoice[]): OpenInvoice[] {
  const byNumber = new Map(open.map((i) => [i.number, i]));
  const byOrder = new Map(open.filter((i) => i.orderNumber).map((i) => [normalOrderNumber(i.orderNumber!), i]));
  const named: OpenInvoice[] = [];
  const add = (invoice: OpenInvoice | undefined) => {
    if (invoice && !named.includes(invoice)) named.push(invoice);
  };
  const found: Array<{ at: number; invoice: OpenInvoice | undefined }> = [];
  for (const m of reference.matchAll(DOCUMENT_NUMBER)) found.push({ at: m.index ?? 0, invoice: byNumber.get(m[0]) });
  for (const m of reference.matchAll(ORDER_NUMBER)) found.push({ at: m.index ?? 0, invoice: byOrder.get(`VS-${m[1]}`) });
  for (const f of found.sort((a, b) => a.at - b.at)) add(f.invoice);
  return named;
}

function normalOrderNumber(number: string): string {
  const digits = /(\d{5,})/.exec(number)?.[1];
  return digits ? `VS-${digits}` : number;
}

/** Oldest due first (an invoice due at once by its issue date), then by number. */
function byDue(a: OpenInvoice, b: OpenInvoice): number {
  const due = (i: OpenInvoice) => Date.parse(i.dueAt ?? i.issuedAt);
  return due(a) - due(b) || a.number.localeCompare(b.number);
}

/**
 * How `amount` is suggested to be spread: the invoices named in the reference first, each paid as
 * far as the money goes, then the others oldest due first; what is left is unallocated (the
 * buyer's credit).
 */
export function suggestAllocations(
  amount: number,
  open: OpenInvoice[],
  reference = '',
): { allocations: Allocation[]; unallocated: number } {
  const named = invoicesNamedIn(reference, open);
  const order = [...named, ...open.filter((i) => !named.includes(i)).sort(byDue)];
  let left = Math.max(0, amount);
  const allocations: Allocation[] = [];
  for (const invoice of order) {
    if (left <= 0) break;
    const part = Math.min(left, invoice.outstanding);
    if (part <= 0) continue;
    allocations.push({ invoiceId: invoice.id, amount: part });
    left -= part;
  }
  return { allocations, unallocated: left };
}

/**
 * What is wrong with an allocation staff chose, field by field (`allocations.<i>.amount` and the
 * like), or nothing: each invoice open to this buyer and named once, each part at least a cent and
 * no more than is open on it, all of them no more than `available` (the payment, with the buyer's
 * credit when it is offered). `format` writes an amount as the message shows it.
 */
export function allocationErrors(
  available: number,
  allocations: Allocation[],
  open: OpenInvoice[],
  format: (minor: number) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byId = new Map(open.map((i) => [i.id, i]));
  const seen = new Set<number>();
  let total = 0;
  allocations.forEach((a, i) => {
    const field = `allocations.${i}`;
    const invoice = byId.get(a.invoiceId);
    if (!invoice) errors[`${field}.invoiceId`] = ALLOCATION_TEXT.notOpen;
    else if (seen.has(a.invoiceId)) errors[`${field}.invoiceId`] = ALLOCATION_TEXT.twice;
    seen.add(a.invoiceId);
    if (!Number.isInteger(a.amount) || a.amount < 1) errors[`${field}.amount`] = ALLOCATION_TEXT.notPositive;
    else if (invoice && a.amount > invoice.outstanding)
      errors[`${field}.amount`] = ALLOCATION_TEXT.moreThanOpen(format(invoice.outstanding));
    total += Math.max(0, Math.trunc(a.amount) || 0);
  });
  if (total > available) errors.amount = ALLOCATION_TEXT.moreThanPaid(format(available));
  return errors;
}
