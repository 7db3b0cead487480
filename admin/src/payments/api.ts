// The payments' calls beyond react-admin's CRUD (the dataProvider spreads them in): a payer's open
// invoices with the suggested allocation, and a payment's credit allocated later. Amounts are
// decimals in the shop's currency, as the API answers them.
import type { PaymentState } from '@domain/paymentAllocation';
import type { httpClient as HttpClient } from '../httpClient';

/** How long typing rests before a payer's open invoices are asked for. */
export const OPEN_INVOICES_DEBOUNCE_MS = 400;

export interface Allocation {
  invoiceId: number;
  amount: number;
}

/** An invoice the payer still owes on, as GET /admin/payments/open-invoices lists it. */
export interface OpenInvoiceRow {
  id: number;
  number: string;
  orderId: number | null;
  orderNumber: string | null;
  issuedAt: string;
  dueAt: string | null;
  total: number;
  paid: number;
  outstanding: number;
  paymentState: PaymentState;
}

export interface OpenInvoices {
  invoices: OpenInvoiceRow[];
  /** The payer's money from earlier payments not yet allocated. */
  credit: number;
  suggestion: { allocations: Allocation[]; unallocated: number };
}

/** Who pays: a company or a customer's e-mail, one of them. */
export type PayerParams = { companyId: number; customerEmail?: undefined } | { customerEmail: string; companyId?: undefined };

export interface RecordedPayment {
  id: number;
  allocations: Array<Allocation & { paymentId: number }>;
  unallocated: number;
  message?: string;
  [key: string]: unknown;
}

export interface PaymentMethods {
  /** The payer's open invoices, their credit and how `amount` would be spread (nothing is written). */
  openInvoices(params: PayerParams & { amount?: number; reference?: string }): Promise<OpenInvoices>;
  /** Allocates what is left of a received payment to the payer's open invoices (the suggestion when none are given). */
  allocatePayment(id: number | string, allocations?: Allocation[]): Promise<RecordedPayment>;
}

export function paymentMethods(http: typeof HttpClient, adminApi: string): PaymentMethods {
  return {
    openInvoices: async ({ companyId, customerEmail, amount, reference }) => {
      const q = new URLSearchParams();
      if (companyId) q.set('companyId', String(companyId));
      if (customerEmail) q.set('customerEmail', customerEmail);
      if (amount !== undefined) q.set('amount', String(amount));
      if (reference) q.set('reference', reference);
      return (await http(`${adminApi}/payments/open-invoices?${q}`)).json as OpenInvoices;
    },
    allocatePayment: async (id, allocations) =>
      (
        await http(`${adminApi}/payments/${encodeURIComponent(id)}/allocate`, {
          method: 'POST',
          body: JSON.stringify(allocations ? { allocations } : {}),
        })
      ).json as RecordedPayment,
  };
}
