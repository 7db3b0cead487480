// Invoices and credit notes over HTTP: staff issue, list and download them; the buyer downloads
// their own; the accountant's monthly sales CSV. Thin handlers over service.ts.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../../config';
import { Invoice } from '../../models/Invoice';
import { Order } from '../../models/Order';
import { parseId, parseQuery } from '../../platform/http/parseInput';
import { invoiceListQuery } from '../../../../domain/schemas/invoices';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireUser, currentUser } from '../auth/middleware';
import { filterBy, isRaDialect, parseRaParams, raPage, sendRaList, RaListSpec } from '../../platform/lists/raList';
import { placedBy } from '../orders/routes';
import { DOCUMENT_KINDS, DocumentKind, INVOICE_TEXT, isMonth } from '../../../../domain/invoices';
import { API } from '../../../../domain/messages';
import {
  documentsOf, findInvoice, invoiceAnswer, issueCreditNote, issueInvoice, lastInvoiceRequest, mailDocument, pdfFileName, pdfOf,
  useInvoiceMail,
} from './service';
import { monthRange, salesCsv } from './salesReport';
import { readInvoiceRequest } from './snapshot';

const byMonth = (qb: any, value: unknown) => {
  if (!isMonth(value)) throw badRequest(INVOICE_TEXT.monthInvalid, { 'filter.month': INVOICE_TEXT.monthInvalid });
  const { from, to } = monthRange(value);
  qb.where('issuedAt', '>=', from).where('issuedAt', '<', to);
};

const listSpec: RaListSpec = {
  idColumn: 'invoices.id',
  defaultSort: ['number', 'DESC'],
  sortable: { id: 'invoices.id', number: 'number', issuedAt: 'issuedAt', total: 'total', kind: 'kind', orderNumber: 'orderNumber', recipientName: 'recipientName' },
  filters: {
    month: byMonth,
    kind: filterBy.equals('kind', DOCUMENT_KINDS),
    orderId: filterBy.id('orderId'),
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      const text = value.trim();
      if (text) qb.where((w: any) => w.where('number', 'like', `%${text}%`).orWhere('orderNumber', 'like', `%${text}%`).orWhere('recipientName', 'like', `%${text}%`));
    },
  },
};

async function sendPdf(ctx: Context, invoice: Invoice) {
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', `attachment; filename="${pdfFileName(invoice)}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = await pdfOf(invoice);
}

// Staff.
async function issueOrderInvoice(ctx: Context) {
  const invoice = await issueInvoice(parseId(ctx.params.id));
  await pdfOf(invoice);
  void mailDocument(ctx.config, invoice);
  const a = invoiceAnswer(invoice);
  ctx.status = 201;
  ctx.body = { message: INVOICE_TEXT.invoiceIssued, invoice: { id: a.id, number: a.number, issuedAt: a.issuedAt, currency: a.currency, total: a.total, taxBase: a.taxBase, vatTotal: a.vatTotal, pdfUrl: a.pdfUrl } };
}

async function orderDocuments(ctx: Context) {
  const id = parseId(ctx.params.id);
  const order = await Order.query().findById(id);
  if (!order) throw notFound(API.orderNotFound);
  const { invoice, creditNote } = await documentsOf(id);
  ctx.body = {
    request: readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest),
    invoice: invoice ? invoiceAnswer(invoice) : null,
    creditNote: creditNote ? invoiceAnswer(creditNote) : null,
  };
}

async function issueInvoiceCreditNote(ctx: Context) {
  const note = await issueCreditNote(parseId(ctx.params.id));
  await pdfOf(note);
  void mailDocument(ctx.config, note);
  const a = invoiceAnswer(note);
  ctx.status = 201;
  ctx.body = {
    message: INVOICE_TEXT.creditNoteIssued,
    creditNote: { id: a.id, number: a.number, invoiceNumber: a.invoiceNumber, issuedAt: a.issuedAt, currency: a.currency, total: a.total, taxBase: a.taxBase, vatTotal: a.vatTotal, pdfUrl: a.pdfUrl },
  };
}

async function listInvoices(ctx: Context) {
  if (isRaDialect(ctx.query)) {
    const params = parseRaParams(ctx.query, listSpec);
    const { rows, total } = await raPage(Invoice.query(), params, listSpec);
    sendRaList(ctx, 'invoices', rows.map(invoiceAnswer), params.start, total);
    return;
  }
  const q = parseQuery<{ month?: string; kind?: DocumentKind; page?: number; limit?: number }>(ctx.query, invoiceListQuery);
  const query = Invoice.query();
  if (q.month) byMonth(query, q.month);
  if (q.kind) query.where({ kind: q.kind });
  const limit = q.limit ?? 50;
  const [rows, total] = await Promise.all([
    query.clone().orderBy('number', 'desc').offset(((q.page ?? 1) - 1) * limit).limit(limit),
    query.clone().resultSize(),
  ]);
  ctx.body = { invoices: rows.map(invoiceAnswer), total };
}

async function salesReport(ctx: Context) {
  const { month } = ctx.query;
  if (!isMonth(month)) throw badRequest(INVOICE_TEXT.monthInvalid, { month: INVOICE_TEXT.monthInvalid });
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="prodazhbi-${month}.csv"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await salesCsv(month);
}

// The buyer: their own order's documents only; anyone else gets 404, as for the order itself.
async function ownDocuments(ctx: Context): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  const order = await Order.query().findById(parseId(ctx.params.id));
  if (!order || !placedBy(ctx, order)) throw notFound(API.orderNotFound);
  return documentsOf(order.id);
}

async function buyerDocuments(ctx: Context) {
  const { invoice, creditNote } = await ownDocuments(ctx);
  const id = ctx.params.id;
  const view = (doc: Invoice | undefined, path: string) =>
    doc ? { number: doc.number, kind: doc.kind, issuedAt: doc.issuedAt, currency: doc.currency, total: doc.total / 100, pdfUrl: `/api/orders/${id}/${path}` } : null;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { invoice: view(invoice, 'invoice'), creditNote: view(creditNote, 'credit-note') };
}

async function buyerInvoicePdf(ctx: Context) {
  const { invoice } = await ownDocuments(ctx);
  if (!invoice) throw notFound(INVOICE_TEXT.invoiceNotFound);
  await sendPdf(ctx, invoice);
}

async function buyerCreditNotePdf(ctx: Context) {
  const { creditNote } = await ownDocuments(ctx);
  if (!creditNote) throw notFound(INVOICE_TEXT.invoiceNotFound);
  await sendPdf(ctx, creditNote);
}

async function lastInvoiceDetails(ctx: Context) {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { invoice: await lastInvoiceRequest(currentUser(ctx).id) };
}

export function invoiceRoutes(config: Config) {
  useInvoiceMail(config);
  const router = new Router();
  router.post('/admin/orders/:id/invoice', issueOrderInvoice);
  router.get('/admin/orders/:id/invoices', orderDocuments);
  router.get('/admin/invoices', listInvoices);
  router.get('/admin/invoices/:id', async (ctx) => {
    ctx.body = invoiceAnswer(await findInvoice(parseId(ctx.params.id)));
  });
  router.get('/admin/invoices/:id/pdf', async (ctx) => sendPdf(ctx, await findInvoice(parseId(ctx.params.id))));
  router.post('/admin/invoices/:id/credit-note', issueInvoiceCreditNote);
  router.get('/admin/reports/sales.csv', salesReport);
  router.get('/orders/:id/invoices', buyerDocuments);
  router.get('/orders/:id/invoice', buyerInvoicePdf);
  router.get('/orders/:id/credit-note', buyerCreditNotePdf);
  router.get('/account/invoice-details', requireUser, lastInvoiceDetails);
  return router;
}

