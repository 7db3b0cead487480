// A payment's status moves by staff (PUT /admin/payments/:id), and money recorded by them.
import { PAYMENT_RECORD_STATUSES } from '../orderStatus';
import type { z } from 'zod';
import { BANK_STATEMENT_TEXT } from '../bankStatements';
import { day, email, input, int, list, money, oneOf, query, text } from './fields';

const PAYMENT_READ_ONLY = [
  'id',
  'orderId',
  'method',
  'amount',
  'currency',
  'reference',
  'paidAt',
  'refundedAt',
  'createdAt',
  'updatedAt',
  'orderNumber',
  'customerName',
  'customerEmail',
  'orderStatus',
  'message',
  'refundedAmount',
  'companyId',
  'companyName',
  'payerName',
  'payerIban',
  'receivedOn',
  'unallocated',
  'source',
  'recordedBy',
  'allocations',
  'version',
];

export const paymentChangeInput = input(
  {
    status: oneOf(PAYMENT_RECORD_STATUSES),
    // A refund may be partial (the whole payment when absent) and says why.
    refundAmount: money({ min: 0.01, max: 1_000_000 }),
    refundReason: text(500),
  },
  { ignore: PAYMENT_READ_ONLY },
);

/** How money recorded by staff came: by bank, in cash at the office, or collected on delivery. */
export const RECEIVED_PAYMENT_METHODS = ['bank_transfer', 'cash', 'cod'] as const;

const allocationInput = input({
  invoiceId: int({ min: 1, required: true }),
  amount: money({ min: 0.01, max: 10_000_000, required: true }),
});

/**
 * Money received, recorded by staff (POST /admin/payments): from a company or a customer (one of
 * them), with its allocations to that payer's open invoices — left out, the suggestion is applied.
 */
export const paymentRecordInput = input({
  companyId: int({ min: 1 }),
  customerEmail: email(),
  amount: money({ min: 0.01, max: 10_000_000, required: true }),
  date: day({ required: true }),
  method: oneOf(RECEIVED_PAYMENT_METHODS, { required: true }),
  reference: text(140),
  allocations: list(allocationInput, { max: 200 }),
});
export type PaymentRecordInput = z.output<typeof paymentRecordInput>;

/** Allocating what is left of a payment (the payer's credit) to open invoices; left out: suggested. */
export const paymentAllocateInput = input({
  allocations: list(allocationInput, { max: 200 }),
});
export type PaymentAllocateInput = z.output<typeof paymentAllocateInput>;

/** Staff's own match of a bank statement's line: its payer and the invoices it pays, in order. */
export const bankLineChangeInput = input(
  {
    companyId: int({ min: 1 }),
    customerEmail: email(),
    invoiceIds: list(int({ min: 1, item: true }), { max: 200 }),
  },
  {
    ignore: [
      'id',
      'position',
      'date',
      'amount',
      'bookedAmount',
      'bookedCurrency',
      'reference',
      'payer',
      'payerIban',
      'bankReference',
      'status',
      'companyName',
      'invoices',
      'paymentId',
    ],
  },
);
export type BankLineChange = z.output<typeof bankLineChangeInput>;

/** The lines of a statement staff confirm as payments. */
export const bankConfirmInput = input({
  lineIds: list(int({ min: 1, item: true }), { max: 5000, required: true, message: BANK_STATEMENT_TEXT.lineIdsRequired }),
});

/** The open invoices of a payer and the suggestion for an amount (GET /admin/payments/open-invoices). */
export const allocationPreviewQuery = query({
  companyId: int({ min: 1 }),
  customerEmail: email(),
  amount: money({ min: 0, max: 10_000_000 }),
  reference: text(140),
});

/** POST /admin/companies/:id/statement/send: the period's days ("YYYY-MM-DD"); one left out is the
 *  year so far's. The statement's own rules (domain/statementOfAccount) then check the period. */
export const statementSendInput = input({ from: text(40), to: text(40) });
