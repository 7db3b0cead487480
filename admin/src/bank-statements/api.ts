// The bank statements' calls beyond react-admin's CRUD (the dataProvider spreads them in): a file
// uploaded and read, a line's match changed by hand, chosen lines confirmed as payments.
import type { httpClient as HttpClient } from '../httpClient';
import type { RecordedPayment } from '../payments/api';

export const BANK_LINE_STATUSES = ['suggested', 'unmatched', 'already_imported', 'recorded'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/** One incoming credit of a statement, with the payer and invoices the shop matched it to. */
export interface BankLine {
  id: number;
  position: number;
  /** The booking day, YYYY-MM-DD. */
  date: string;
  /** In the shop's currency. */
  amount: number;
  /** As the bank booked it. */
  bookedAmount: number;
  bookedCurrency: string;
  reference: string;
  payer: string;
  payerIban: string;
  bankReference: string;
  status: BankLineStatus;
  companyId: number | null;
  companyName: string | null;
  customerEmail: string | null;
  invoiceIds: number[];
  invoices: Array<{ id: number; number: string | null; orderNumber: string | null; outstanding: number }>;
  paymentId: number | null;
}

export interface BankStatement {
  id: number;
  format: string;
  accountIban: string;
  statementRef: string;
  fileName: string;
  createdBy?: string;
  createdAt: string;
  lines: BankLine[];
  counts: { suggested: number; unmatched: number; alreadyImported: number; recorded: number };
}

export interface BankConfirmation {
  payments: Array<RecordedPayment & { lineId: number }>;
  skipped: Array<{ lineId: number; status: BankLineStatus }>;
  statement: BankStatement;
}

/** Staff's own match of a line: its payer and the invoices it pays, in order (none: all of it is credit). */
export type BankLineChange = ({ companyId: number } | { customerEmail: string }) & { invoiceIds: number[] };

export interface BankStatementMethods {
  /** Reads a CAMT.053 or MT940 file; a refusal is an HttpError with `errors.file`. */
  uploadBankStatement(file: File): Promise<BankStatement>;
  changeBankLine(statementId: number | string, lineId: number, change: BankLineChange): Promise<BankStatement>;
  confirmBankLines(statementId: number | string, lineIds: number[]): Promise<BankConfirmation>;
}

export function bankStatementMethods(http: typeof HttpClient, adminApi: string): BankStatementMethods {
  const base = `${adminApi}/bank-statements`;
  return {
    uploadBankStatement: async (file) => {
      const body = new FormData();
      body.append('file', file);
      return (await http(base, { method: 'POST', body })).json as BankStatement;
    },
    changeBankLine: async (statementId, lineId, change) =>
      (await http(`${base}/${encodeURIComponent(statementId)}/lines/${lineId}`, { method: 'PUT', body: JSON.stringify(change) }))
        .json as BankStatement,
    confirmBankLines: async (statementId, lineIds) =>
      (await http(`${base}/${encodeURIComponent(statementId)}/confirm`, { method: 'POST', body: JSON.stringify({ lineIds }) }))
        .json as BankConfirmation,
  };
}
