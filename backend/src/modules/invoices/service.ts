// Issuing invoices and credit notes. Both take the next number of one shared sequence inside the
// transaction that writes the document: the sequence row is updated first (UPDATE … RETURNING,
// a row lock on PostgreSQL; SQLite has a single writer), so a failed issue rolls its number back
// and two issues can never take the same one: no gaps, no duplicates, whatever the concurrency.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { Invoice } from '../../models/Invoice';
import type { Config } from '../../config';
import { conflict, notFound } from '../../platform/http/errors';
import { findOrder } from '../orders/service';
import { getSettings } from '../settings/service';
import { sendMailLater } from '../../platform/mail/transport';
import { DOCUMENT_KIND_LABELS, DOCUMENT_NUMBER_MAX, INVOICE_TEXT, InvoiceRequest, documentNumber } from '../../../../domain/invoices';
import { formatDate } from '../../../../domain/dates';
import { creditNoteSnapshot, invoiceSnapshot, readInvoiceRequest } from './snapshot';
import { renderInvoicePdf } from './pdf';
import { API } from '../../../../domain/messages';

const SEQUENCE = 'invoices';

/** The next document number; the first one is the `invoices.firstNumber` setting (it can only
 *  move the sequence forward, never back onto numbers already used). */
async function takeNumber(trx: Knex.Transaction, firstNumber: number): Promise<string> {
  const rows: Array<{ lastNumber: number | string }> = await trx('document_sequences')
    .where({ name: SEQUENCE })
    .update({ lastNumber: trx.raw('case when last_number + 1 < ? then ? else last_number + 1 end', [firstNumber, firstNumber]) })
    .returning('lastNumber');
  const n = Number(rows[0]?.lastNumber);
  if (!Number.isSafeInteger(n) || n < 1 || n > DOCUMENT_NUMBER_MAX) throw conflict(INVOICE_TEXT.firstNumberInvalid);
  return documentNumber(n);
}

/** Where staff download a document. */
export function adminPdfUrl(invoice: Pick<Invoice, 'id'>): string {
  return `/api/admin/invoices/${invoice.id}/pdf`;
}

export function invoiceAnswer(invoice: Invoice) {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    recipientName: invoice.recipientName,
    issuedAt: invoice.issuedAt,
    taxEventDate: invoice.taxEventDate,
    currency: invoice.currency,
    taxBase: invoice.taxBase / 100,
    vatTotal: invoice.vatTotal / 100,
    total: invoice.total / 100,
    invoiceId: invoice.invoiceId,
    invoiceNumber: invoice.data?.refersTo?.number ?? null,
    pdfUrl: adminPdfUrl(invoice),
  };
}

/** The invoice of an order, written inside the caller's transaction (no PDF yet: see pdfOf). */
export async function issueInvoiceIn(orderId: number, trx: Transaction): Promise<Invoice> {
  const settings = await getSettings(trx);
  if (!settings.legal.companyName || !settings.legal.eik) throw conflict(INVOICE_TEXT.legalMissing);
  // The sequence first: on PostgreSQL a second issue for the same order waits here, then sees
  // the first one's invoice below.
  const number = await takeNumber(trx, settings.invoices.firstNumber);
  const order = await findOrder(orderId, trx);
  const existing = await Invoice.query(trx).findOne({ orderId, kind: 'invoice' });
  if (existing) throw conflict(INVOICE_TEXT.alreadyIssued, { invoice: INVOICE_TEXT.alreadyIssued });
  if (order.status === 'cancelled') throw conflict(INVOICE_TEXT.orderCancelled, { invoice: INVOICE_TEXT.orderCancelled });
  const issuedAt = new Date().toISOString();
  const data = invoiceSnapshot(order, settings, number, issuedAt);
  const [invoice] = await Invoice.insertComposed(trx, [{
    number, kind: 'invoice', orderId, orderNumber: order.number, invoiceId: null, recipientName: data.recipient.companyName,
    currency: data.currency, taxBase: data.taxBase, vatTotal: data.vatTotal, total: data.total, issuedAt, taxEventDate: data.taxEventDate, data,
  }]);
  return invoice;
}

export async function issueInvoice(orderId: number): Promise<Invoice> {
  return Order.transaction((trx) => issueInvoiceIn(orderId, trx));
}

function creditReason(order: Order | undefined): string {
  if (!order) return 'Анулиране на фактурата';
  if (order.status === 'returned') return 'Върната стока';
  if (order.withdrawnAt) return 'Отказ от договора';
  if (order.status === 'cancelled') return 'Отказана поръчка';
  return 'Анулиране на фактурата';
}

/** One credit note per invoice, for its whole amount, under the next number of the sequence. */
export async function issueCreditNote(invoiceId: number): Promise<Invoice> {
  return Order.transaction(async (trx) => {
    const settings = await getSettings(trx);
    const number = await takeNumber(trx, settings.invoices.firstNumber);
    const invoice = await Invoice.query(trx).findById(invoiceId);
    if (!invoice) throw notFound(INVOICE_TEXT.invoiceNotFound);
    if (invoice.kind !== 'invoice') throw conflict(INVOICE_TEXT.creditNoteOfCreditNote);
    const existing = await Invoice.query(trx).findOne({ invoiceId });
    if (existing) throw conflict(INVOICE_TEXT.creditNoteExists, { creditNote: INVOICE_TEXT.creditNoteExists });
    const order = invoice.orderId ? await Order.query(trx).findById(invoice.orderId) : undefined;
    const issuedAt = new Date().toISOString();
    const data = creditNoteSnapshot(invoice.data, number, issuedAt, creditReason(order));
    const [note] = await Invoice.insertComposed(trx, [{
      number, kind: 'credit_note', orderId: invoice.orderId, orderNumber: invoice.orderNumber, invoiceId: invoice.id,
      recipientName: invoice.recipientName, currency: invoice.currency, taxBase: invoice.taxBase, vatTotal: invoice.vatTotal,
      total: invoice.total, issuedAt, taxEventDate: data.taxEventDate, data,
    }]);
    return note;
  });
}

/**
 * Staff issue a document: written in its own transaction, then (after the commit) its PDF made and
 * kept, and mailed to the buyer as an attachment.
 */
export async function issueAndSend(config: Config, issue: () => Promise<Invoice>): Promise<Invoice> {
  const document = await issue();
  await pdfOf(document);
  void mailDocument(config, document);
  return document;
}

/** What the staff's order page shows: the buyer's invoice request and the order's documents. */
export async function orderDocumentsForStaff(orderId: number) {
  const order = await Order.query().findById(orderId);
  if (!order) throw notFound(API.orderNotFound);
  const { invoice, creditNote } = await documentsOf(orderId);
  return {
    request: readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest),
    invoice: invoice ? invoiceAnswer(invoice) : null,
    creditNote: creditNote ? invoiceAnswer(creditNote) : null,
  };
}

/** The documents of an order the caller placed (`placedIt` says so); anyone else gets 404, as for the order itself. */
export async function buyersDocuments(orderId: number, placedIt: (order: Order) => boolean): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  const order = await Order.query().findById(orderId);
  if (!order || !placedIt(order)) throw notFound(API.orderNotFound);
  return documentsOf(order.id);
}

export async function findInvoice(id: number): Promise<Invoice> {
  const invoice = await Invoice.query().findById(id);
  if (!invoice) throw notFound(INVOICE_TEXT.invoiceNotFound);
  return invoice;
}

/** The order's invoice and credit note (either may be missing). */
export async function documentsOf(orderId: number): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  const rows = await Invoice.query().where({ orderId });
  return { invoice: rows.find((r) => r.kind === 'invoice'), creditNote: rows.find((r) => r.kind === 'credit_note') };
}

/** The stored PDF; made from the frozen data and kept on first need (the same bytes after). */
export async function pdfOf(invoice: Invoice): Promise<Buffer> {
  const row = await Invoice.knex()('invoices').where({ id: invoice.id }).first('pdf');
  if (row?.pdf) return Buffer.from(row.pdf);
  const pdf = await renderInvoicePdf(invoice.data);
  await Invoice.knex()('invoices').where({ id: invoice.id }).whereNull('pdf').update({ pdf });
  return pdf;
}

export function pdfFileName(invoice: Pick<Invoice, 'kind' | 'number'>): string {
  return `${invoice.kind === 'invoice' ? 'faktura' : 'kreditno-izvestie'}-${invoice.number}.pdf`;
}

/** The buyer gets the document as an attachment (after the transaction that made it). */
export async function mailDocument(config: Config, invoice: Invoice): Promise<void> {
  const order = invoice.orderId ? await Order.query().findById(invoice.orderId) : undefined;
  if (!order) return;
  const pdf = await pdfOf(invoice);
  const label = DOCUMENT_KIND_LABELS[invoice.kind];
  sendMailLater(config, {
    to: order.customerEmail,
    subject: `${label} № ${invoice.number} към поръчка ${invoice.orderNumber}`,
    text: [
      `Здравейте, ${order.customerFirstName},`,
      '',
      `Прилагаме ${label.toLowerCase()} № ${invoice.number} от ${formatDate(invoice.issuedAt)} към поръчка ${invoice.orderNumber}.`,
      '',
      'Поздрави,',
      'VAP SOLO',
    ].join('\n'),
    attachments: [{ filename: pdfFileName(invoice), content: pdf, contentType: 'application/pdf' }],
  });
}

/** The invoice details of the customer's latest order that asked for one, to offer them again. */
export async function lastInvoiceRequest(userId: number): Promise<InvoiceRequest | null> {
  const row = await Order.query().where({ userId }).whereNotNull('invoiceRequest').orderBy('id', 'desc').first();
  return row ? readInvoiceRequest((row as unknown as { invoiceRequest: unknown }).invoiceRequest) : null;
}

/** Keep the buyer's request on the order it came with (inside the checkout transaction). */
export async function recordInvoiceRequest(orderId: number, request: InvoiceRequest | null, trx: Transaction): Promise<void> {
  if (!request) return;
  await trx('orders').where({ id: orderId }).update({ invoiceRequest: JSON.stringify(request) });
}

let afterCommitConfig: Config | undefined;
/** The mail settings for invoices issued automatically (set when the routes are made). */
export function useInvoiceMail(config: Config) {
  afterCommitConfig = config;
}

/**
 * Called where a payment becomes paid, inside its transaction: with the setting on, an order
 * whose buyer asked for an invoice gets it, and the buyer its PDF once the payment is committed.
 */
export async function invoiceOnPayment(orderId: number, trx: Transaction): Promise<void> {
  const settings = await getSettings(trx);
  if (!settings.invoices.autoIssueOnPayment) return;
  const order = await Order.query(trx).findById(orderId);
  if (!order || !readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest)) return;
  if (await Invoice.query(trx).findOne({ orderId, kind: 'invoice' })) return;
  const invoice = await issueInvoiceIn(orderId, trx);
  const config = afterCommitConfig;
  if (config) {
    (trx as unknown as Knex.Transaction).executionPromise
      .then(() => mailDocument(config, invoice))
      .catch(() => undefined);
  }
}
