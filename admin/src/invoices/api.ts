// The invoices' calls from the admin (the shared httpClient adds the session and CSRF token); the
// dataProvider spreads invoiceMethods in, the download links stay plain URLs.
import { API_URL, httpClient } from '../httpClient';
import { submitOnce } from '../idempotency';
import type { PaymentState } from '@domain/paymentAllocation';

export interface InvoiceRecord {
  id: number;
  number: string;
  kind: 'invoice' | 'credit_note';
  orderId: number | null;
  orderNumber: string;
  recipientName: string;
  issuedAt: string;
  currency: string;
  total: number;
  taxBase: number;
  vatTotal: number;
  invoiceNumber: string | null;
  pdfUrl: string;
  /** What has been paid of an invoice and what is left, in `paymentCurrency` (euro, as every payment); null for a credit note. */
  paid: number | null;
  outstanding: number | null;
  paymentState: PaymentState | null;
  paymentCurrency: string | null;
}

export interface InvoiceRequest {
  companyName: string;
  eik: string;
  vatNumber?: string;
  mol: string;
  address: string;
}

export interface DocumentLine {
  kind?: 'goods' | 'discount' | 'shipping';
  orderItemId?: number | null;
  name: string;
  quantity: number;
  unitPrice: number | null;
  total: number;
}

export interface OrderDocuments {
  request: InvoiceRequest | null;
  invoice: InvoiceRecord | null;
  creditNote: InvoiceRecord | null;
  /** Every invoice and credit note of the order, oldest first, with its lines. */
  documents: Array<InvoiceRecord & { lines: DocumentLine[] }>;
  /** Invoiced less credited, in the documents' currency. */
  balance: { currency: string | null; invoiced: number; credited: number; open: number };
}

export interface CreditNoteBody {
  lines?: Array<{ orderItemId: number; quantity: number }>;
  shipping?: boolean;
  reason?: string;
}

/** A credit note is issued once per submission (one number of the sequence), however often it is sent. */
function sendCreditNote(invoiceId: number, body: string) {
  const url = `${API_URL}/admin/invoices/${invoiceId}/credit-note`;
  return submitOnce('POST', url, body, (headers) => httpClient(url, { method: 'POST', body, headers }));
}

export const invoicesApi = {
  ofOrder: async (orderId: number | string) => (await httpClient(`${API_URL}/admin/orders/${orderId}/invoices`)).json as OrderDocuments,
  issue: async (orderId: number | string) =>
    (await httpClient(`${API_URL}/admin/orders/${orderId}/invoice`, { method: 'POST', body: '{}' })).json as {
      invoice: InvoiceRecord;
      message: string;
    },
  creditNote: async (invoiceId: number) =>
    (await sendCreditNote(invoiceId, '{}')).json as {
      creditNote: InvoiceRecord;
      message: string;
    },
  salesCsvUrl: (month: string) => `${API_URL}/admin/reports/sales.csv?month=${encodeURIComponent(month)}`,
  salesLedgerCsvUrl: (month: string) => `${API_URL}/admin/reports/sales-ledger.csv?month=${encodeURIComponent(month)}`,
  prodagbiUrl: (month: string) => `${API_URL}/admin/reports/prodagbi.txt?month=${encodeURIComponent(month)}`,
  partialCreditNote: async (invoiceId: number, body: CreditNoteBody) =>
    (await sendCreditNote(invoiceId, JSON.stringify(body))).json as {
      creditNote: InvoiceRecord;
      message: string;
    },
};

export interface InvoiceMethods {
  /** The order's invoice request, its invoices and credit notes, and the balance between them. */
  orderDocuments(orderId: number | string): Promise<OrderDocuments>;
  issueInvoice(orderId: number | string): Promise<{ invoice: InvoiceRecord; message: string }>;
  /** A credit note for the whole invoice. */
  creditNote(invoiceId: number): Promise<{ creditNote: InvoiceRecord; message: string }>;
  partialCreditNote(invoiceId: number, body: CreditNoteBody): Promise<{ creditNote: InvoiceRecord; message: string }>;
}

export const invoiceMethods: InvoiceMethods = {
  orderDocuments: invoicesApi.ofOrder,
  issueInvoice: invoicesApi.issue,
  creditNote: invoicesApi.creditNote,
  partialCreditNote: invoicesApi.partialCreditNote,
};
