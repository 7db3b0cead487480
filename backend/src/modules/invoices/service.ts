// Issuing invoices and credit notes. Both take the next number of one shared sequence inside the
// transaction that writes the document: the sequence row is updated first (UPDATE … RETURNING,
// a row lock on PostgreSQL; SQLite has a single writer), so a failed issue rolls its number back
// and two issues can never take the same one: no gaps, no duplicates, whatever the concurrency.
import type { Knex } from 'knex';
import { declare, subscribe, type CurrentEffect } from '../../platform/events';
import './events';
import type { Transaction } from 'objection';
import { Order } from '../../models/Order';
import { Invoice } from '../../models/Invoice';
import { Company } from '../../models/Company';
import type { User } from '../../models/User';
import type { Config } from '../../config';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { recordIdempotentEffect, type IdempotencyClaim } from '../../platform/http/idempotency';
import { findOrder, keepInvoiceRequest, ordersOf, requireOrderAuthority } from '../orders';
import type { Context } from 'koa';
import { getSettings } from '../settings';
import { isPostgres } from '../../platform/db/knex';
import { sendMail } from '../../platform/mail/transport';
import {
  CreditRequest,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_NUMBER_MAX,
  INVOICE_TEXT,
  InvoiceRequest,
  creditNoteLines,
  documentCurrency,
  documentNumber,
  linesInCurrency,
} from '@domain/invoices';
import { convertMinor, isCurrency, type Currency } from '@domain/money';
import { shopDay } from '@domain/dates';
import { formatDate } from '@domain/dates';
import { creditNoteSnapshot, invoiceSnapshot, readInvoiceRequest } from './snapshot';
import { invoiceAccounts } from '../accounts';
import type { PaymentState } from '@domain/paymentAllocation';
import { renderInvoicePdf } from './pdf';
import { API } from '@domain/messages';
import type { CreditNoteRequest } from '@domain/schemas/invoices';

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

/** Each answer with what has been paid of it and what is left ('paid', 'outstanding', in the
 *  shop's currency, and 'paymentState'); a credit note has none of these (null). */
export async function withPaymentFigures<T extends { id: number; kind: string }>(
  answers: T[],
  trx?: Transaction,
): Promise<
  Array<T & { paid: number | null; outstanding: number | null; paymentState: PaymentState | null; paymentCurrency: string | null }>
> {
  const accounts = await invoiceAccounts({ invoiceIds: answers.filter((a) => a.kind === 'invoice').map((a) => a.id) }, trx);
  const byId = new Map(accounts.map((a) => [a.invoiceId, a]));
  return answers.map((a) => {
    const account = byId.get(a.id);
    return {
      ...a,
      paid: account ? account.paid / 100 : null,
      outstanding: account ? account.outstanding / 100 : null,
      paymentState: account?.paymentState ?? null,
      paymentCurrency: account?.currency ?? null,
    };
  });
}

/**
 * What is left of each invoice after its credit notes: an invoice is open while some of it is
 * not credited. An order has at most one open invoice; a corrected one follows a full credit.
 */
export async function invoiceBalances(
  orderId: number,
  trx?: Transaction,
): Promise<Array<{ invoice: Invoice; creditNotes: Invoice[]; balance: number; fullyCredited: boolean }>> {
  const rows = await Invoice.query(trx).where({ orderId }).orderBy('id');
  return rows
    .filter((r) => r.kind === 'invoice')
    .map((invoice) => {
      const creditNotes = rows.filter((r) => r.kind === 'credit_note' && r.invoiceId === invoice.id);
      const own = currencyOfDocument(invoice);
      // A credit note in euro on a leva invoice counts at the fixed rate.
      const credited = creditNotes.reduce((s, c) => s + convertMinor(c.total, currencyOfDocument(c), own), 0);
      // Wholly credited when no line is left to credit (exact, whatever the currencies).
      const left = creditNoteLines(
        invoice.data?.lines ?? [],
        creditNotes.flatMap((c) => linesInCurrency(c.data?.lines ?? [], currencyOfDocument(c), own)),
        'all',
      );
      const fullyCredited = creditNotes.length > 0 && 'field' in left;
      // Never below nil: a wholly credited invoice owes nothing, whatever notes in another currency
      // come to at the fixed rate; a note never takes more than remains of a line (creditNoteLines).
      const balance = fullyCredited ? 0 : Math.max(0, invoice.total - credited);
      return { invoice, creditNotes, balance, fullyCredited };
    });
}

function currencyOfDocument(d: Invoice): Currency {
  return isCurrency(d.currency) ? d.currency : 'BGN';
}

/** The invoice of an order, written inside the caller's transaction (no PDF yet: see pdfOf). */
export async function issueInvoiceIn(orderId: number, trx: Transaction): Promise<Invoice> {
  const settings = await getSettings(trx);
  if (!settings.legal.companyName || !settings.legal.eik) throw conflict(INVOICE_TEXT.legalMissing);
  // The sequence first: on PostgreSQL a second issue for the same order waits here, then sees
  // the first one's invoice below.
  const number = await takeNumber(trx, settings.invoices.firstNumber);
  const order = await findOrder(orderId, trx);
  const open = (await invoiceBalances(orderId, trx)).find((b) => !b.fullyCredited);
  if (open) throw conflict(INVOICE_TEXT.alreadyIssued, { invoice: INVOICE_TEXT.alreadyIssued });
  if (order.status === 'cancelled') throw conflict(INVOICE_TEXT.orderCancelled, { invoice: INVOICE_TEXT.orderCancelled });
  const issuedAt = new Date().toISOString();
  // A trade order's invoice is the company's (its row read directly: models are shared).
  const company = order.companyId ? ((await Company.query(trx).findById(order.companyId)) ?? null) : null;
  const data = invoiceSnapshot(order, settings, number, issuedAt, company);
  const [invoice] = await Invoice.insertComposed(trx, [
    {
      number,
      kind: 'invoice',
      orderId,
      orderNumber: order.number,
      invoiceId: null,
      recipientName: data.recipient.companyName,
      currency: data.currency,
      taxBase: data.taxBase,
      vatTotal: data.vatTotal,
      total: data.total,
      issuedAt,
      taxEventDate: data.taxEventDate,
      data,
    },
  ]);
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

/** An order that has ended without the sale standing: the whole invoice may be credited. */
function saleUndone(order: Order | undefined): boolean {
  return !order || order.status === 'cancelled' || order.status === 'returned' || Boolean(order.withdrawnAt);
}

export type CreditNoteInput = CreditNoteRequest;

/**
 * A credit note under the next number of the sequence. No lines: the full credit note (what is
 * left of the invoice), only for an order cancelled, returned or withdrawn; with lines (and/or
 * the shipping): a partial one, checked against what is still creditable.
 */
export async function issueCreditNote(invoiceId: number, input: CreditNoteInput = {}, once?: IdempotencyClaim): Promise<Invoice> {
  return Order.transaction(async (trx) => {
    const settings = await getSettings(trx);
    const number = await takeNumber(trx, settings.invoices.firstNumber);
    const invoice = await Invoice.query(trx).findById(invoiceId);
    if (!invoice) throw notFound(INVOICE_TEXT.invoiceNotFound);
    if (invoice.kind !== 'invoice') throw conflict(INVOICE_TEXT.creditNoteOfCreditNote);
    const order = invoice.orderId ? await Order.query(trx).findById(invoice.orderId) : undefined;
    const earlier = await Invoice.query(trx).where({ invoiceId, kind: 'credit_note' });
    // Lines or the shipping named (even none of them): a partial credit note; neither: the full one.
    const partial = input.lines !== undefined || input.shipping !== undefined;
    if (!partial && !saleUndone(order))
      throw conflict(INVOICE_TEXT.fullCreditNeedsClosedOrder, { lines: INVOICE_TEXT.fullCreditNeedsClosedOrder });
    const request: CreditRequest | 'all' = partial ? { items: input.lines ?? [], shipping: input.shipping === true } : 'all';
    // From 2026 a credit note is in euro even when its invoice was in leva.
    const from = isCurrency(invoice.currency) ? invoice.currency : 'BGN';
    const currency = documentCurrency(shopDay(new Date().toISOString()), from);
    const linesOf = (d: Invoice) => linesInCurrency(d.data.lines, isCurrency(d.currency) ? d.currency : from, currency);
    const amounts = creditNoteLines(linesOf(invoice), earlier.flatMap(linesOf), request);
    if ('field' in amounts) {
      // Nothing left of the invoice: it already has its credit note(s).
      if (!partial)
        throw conflict(earlier.length ? INVOICE_TEXT.creditNoteExists : amounts.message, {
          creditNote: earlier.length ? INVOICE_TEXT.creditNoteExists : amounts.message,
        });
      throw badRequest(amounts.message, { [amounts.field]: amounts.message });
    }
    const issuedAt = new Date().toISOString();
    const reason = input.reason?.trim() || (partial ? 'Частично връщане / корекция' : creditReason(order));
    const data = { ...creditNoteSnapshot(invoice.data, amounts, number, issuedAt, reason), currency };
    const [note] = await Invoice.insertComposed(trx, [
      {
        number,
        kind: 'credit_note',
        orderId: invoice.orderId,
        orderNumber: invoice.orderNumber,
        invoiceId: invoice.id,
        recipientName: invoice.recipientName,
        currency,
        taxBase: data.taxBase,
        vatTotal: data.vatTotal,
        total: data.total,
        issuedAt,
        taxEventDate: data.taxEventDate,
        data,
      },
    ]);
    // Sent with an Idempotency-Key: the key names this credit note if and only if it commits.
    await recordIdempotentEffect(trx, once, 'creditNote', note.id);
    return note;
  });
}

/**
 * Staff issue a document: written in its own transaction, then (after the commit) its PDF made and
 * kept, and mailed to the buyer as an attachment.
 */
export async function issueAndSend(issue: () => Promise<Invoice>): Promise<Invoice> {
  const document = await issue();
  await pdfOf(document);
  await declare(Order.knex(), 'invoice.issued', { invoiceId: document.id });
  return document;
}

/** What the staff's order page shows: the buyer's invoice request, the order's documents and their balance. */
export async function orderDocumentsForStaff(orderId: number) {
  const order = await Order.query().findById(orderId);
  if (!order) throw notFound(API.orderNotFound);
  const { invoice, creditNote } = await documentsOf(orderId);
  const balances = await invoiceBalances(orderId);
  const all = await Invoice.query().where({ orderId }).orderBy('id');
  const invoiced = balances.reduce((s, b) => s + b.invoice.total, 0);
  const credited = balances.reduce((s, b) => s + b.invoice.total - b.balance, 0);
  const answers = await withPaymentFigures(all.map(invoiceAnswer));
  return {
    request: readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest),
    invoice: invoice ? invoiceAnswer(invoice) : null,
    creditNote: creditNote ? invoiceAnswer(creditNote) : null,
    documents: all.map((d, i) => ({
      ...answers[i],
      lines: (d.data?.lines ?? []).map((l) => ({
        ...l,
        unitPrice: l.unitPrice === undefined ? null : l.unitPrice / 100,
        unitPriceNet: l.unitPriceNet / 100,
        taxBase: l.taxBase / 100,
        vat: l.vat / 100,
        total: l.total / 100,
      })),
    })),
    balance: { currency: all[0]?.currency ?? null, invoiced: invoiced / 100, credited: credited / 100, open: (invoiced - credited) / 100 },
  };
}

/** The documents of an order the caller acts on (orders' authority: their own, their current
 *  company's); anyone else gets 404, as for the order itself. */
export async function buyersDocuments(ctx: Context, orderId: number): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  const order = requireOrderAuthority(ctx, await Order.query().findById(orderId), 'documents');
  return documentsOf(order.id);
}

export async function findInvoice(id: number): Promise<Invoice> {
  const invoice = await Invoice.query().findById(id);
  if (!invoice) throw notFound(INVOICE_TEXT.invoiceNotFound);
  return invoice;
}

/** The order's latest invoice and latest credit note (either may be missing). */
export async function documentsOf(orderId: number): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  const rows = await Invoice.query().where({ orderId }).orderBy('id', 'desc');
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
export async function mailDocument(config: Config, invoice: Invoice, effect?: CurrentEffect): Promise<void> {
  const order = invoice.orderId ? await Order.query().findById(invoice.orderId) : undefined;
  if (!order) return;
  const pdf = await pdfOf(invoice);
  const label = DOCUMENT_KIND_LABELS[invoice.kind];
  await sendMail(
    config,
    {
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
    },
    { effect },
  );
}

/** The invoice details of the customer's latest order that asked for one, to offer them again. */
export async function lastInvoiceRequest(user: Pick<User, 'id' | 'companyId' | 'companyRole'>): Promise<InvoiceRequest | null> {
  // Only from orders the user still acts on: a company's details stay with its current members.
  const row = await ordersOf(Order.query().where({ userId: user.id }), user)
    .whereNotNull('invoiceRequest')
    .orderBy('id', 'desc')
    .first();
  return row ? readInvoiceRequest((row as unknown as { invoiceRequest: unknown }).invoiceRequest) : null;
}

/** Keep the buyer's request on the order it came with (inside the checkout transaction). */
export async function recordInvoiceRequest(orderId: number, request: InvoiceRequest | null, trx: Transaction): Promise<void> {
  if (!request) return;
  await keepInvoiceRequest(trx, orderId, JSON.stringify(request));
}

/**
 * After a payment becomes paid (its transaction committed): with the setting on, an order whose
 * buyer asked for an invoice gets it, in its own transaction, and the buyer its PDF (the
 * `invoice.issued` effect, recorded in that same transaction). Safe to run again (an effect run
 * after a crash): an order that has its invoice gets no second one; on PostgreSQL the order's row
 * is locked first, so two runs at once issue one.
 */
export async function invoiceOnPayment(orderId: number): Promise<Invoice | null> {
  return Order.transaction(async (trx) => {
    const settings = await getSettings(trx);
    if (!settings.invoices.autoIssueOnPayment) return null;
    const orders = Order.query(trx).findById(orderId);
    const order = await (isPostgres(trx as unknown as Knex) ? orders.forUpdate() : orders);
    if (!order || order.paymentStatus !== 'paid' || !readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest))
      return null;
    if ((await invoiceBalances(orderId, trx)).length) return null;
    const invoice = await issueInvoiceIn(orderId, trx);
    await declare(trx, 'invoice.issued', { invoiceId: invoice.id });
    return invoice;
  });
}

/**
 * A company's order is invoiced as it is placed: inside the order's own transaction
 * (the number taken there, so an order that rolls back gives its number back: no gaps), so that
 * the order's answer already has its invoice; the PDF is made and mailed after the commit
 * (`invoice.issued`). Without the seller's legal identity nothing is issued (staff issue it later).
 */
export async function issueTradeInvoiceIn(orderId: number, trx: Transaction): Promise<Invoice | null> {
  const settings = await getSettings(trx);
  if (!settings.legal.companyName || !settings.legal.eik) return null;
  const invoice = await issueInvoiceIn(orderId, trx);
  await declare(trx, 'invoice.issued', { invoiceId: invoice.id });
  return invoice;
}

/** The invoices area's effects after commit: the invoice on payment (orders' `order.paymentChanged`),
 *  and a document's PDF to the buyer. */
export function subscribeInvoicesEvents(config: Config): void {
  subscribe('order.paymentChanged', 'invoices.onPayment', async ({ orderId, to }) => {
    if (to === 'paid') await invoiceOnPayment(orderId);
  });
  subscribe('invoice.issued', 'invoices.mailDocument', async ({ invoiceId }, effect) => {
    const invoice = await Invoice.query().findById(invoiceId);
    if (invoice) await mailDocument(config, invoice, effect);
  });
}
