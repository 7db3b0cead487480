// Invoices and credit notes over HTTP: staff issue, list and download them; the buyer downloads
// their own; the accountant's monthly sales CSV. Thin handlers over service.ts.
import Router from '@koa/router';
import { apiDoc } from '../../platform/http/apiDocs';
import type { Context } from 'koa';
import type { Invoice } from '../../models/Invoice';
import { parseBody, parseId, parseQuery } from '../../platform/http/parseInput';
import { creditNoteInput, invoiceListQuery } from '@domain/schemas/invoices';
import { badRequest, notFound } from '../../platform/http/errors';
import { requireUser, currentUser } from '../../platform/http/auth';
import { idempotencyClaimOf, idempotent } from '../../platform/http/idempotency';
import { isRaDialect, parseRaParams, sendRaList } from '../../platform/lists/raList';
import { INVOICE_TEXT, isMonth } from '@domain/invoices';
import {
  buyersDocuments,
  findInvoice,
  invoiceAnswer,
  withPaymentFigures,
  issueAndSend,
  issueCreditNote,
  issueInvoice,
  lastInvoiceRequest,
  orderDocumentsForStaff,
  pdfFileName,
  pdfOf,
} from './service';
import { invoiceListSpec, invoicePage, plainInvoicePage } from './lists';
import { salesCsv } from './salesReport';
import { prodagbiFile, salesLedgerCsv } from './salesLedger';

async function sendPdf(ctx: Context, invoice: Invoice) {
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', `attachment; filename="${pdfFileName(invoice)}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = await pdfOf(invoice);
}

// Staff.
async function issueOrderInvoice(ctx: Context) {
  const orderId = parseId(ctx.params.id);
  const a = invoiceAnswer(await issueAndSend(() => issueInvoice(orderId)));
  ctx.status = 201;
  ctx.body = {
    message: INVOICE_TEXT.invoiceIssued,
    invoice: {
      id: a.id,
      number: a.number,
      issuedAt: a.issuedAt,
      currency: a.currency,
      total: a.total,
      taxBase: a.taxBase,
      vatTotal: a.vatTotal,
      pdfUrl: a.pdfUrl,
    },
  };
}

async function orderDocuments(ctx: Context) {
  ctx.body = await orderDocumentsForStaff(parseId(ctx.params.id));
}

/** What issuing a credit note answers (also to a copy of the request whose first answer was lost). */
function creditNoteAnswer(note: Invoice) {
  const a = invoiceAnswer(note);
  return {
    message: INVOICE_TEXT.creditNoteIssued,
    creditNote: {
      id: a.id,
      number: a.number,
      invoiceNumber: a.invoiceNumber,
      issuedAt: a.issuedAt,
      currency: a.currency,
      total: a.total,
      taxBase: a.taxBase,
      vatTotal: a.vatTotal,
      pdfUrl: a.pdfUrl,
    },
  };
}

async function issueInvoiceCreditNote(ctx: Context) {
  const invoiceId = parseId(ctx.params.id);
  const input = parseBody(ctx.request.body ?? {}, creditNoteInput);
  ctx.status = 201;
  ctx.body = creditNoteAnswer(await issueAndSend(() => issueCreditNote(invoiceId, input, idempotencyClaimOf(ctx))));
}

// A credit note sent twice with the same Idempotency-Key is issued once (one number of the sequence).
const onceCreditNote = idempotent({
  kind: 'creditNote',
  answerFor: async (_ctx, effect) => ({ status: 201, body: creditNoteAnswer(await findInvoice(effect.id)) }),
});

async function listInvoices(ctx: Context) {
  if (isRaDialect(ctx.query)) {
    const params = parseRaParams(ctx.query, invoiceListSpec);
    const { rows, total } = await invoicePage(params);
    sendRaList(ctx, 'invoices', await withPaymentFigures(rows.map(invoiceAnswer)), params.start, total);
    return;
  }
  const { rows, total } = await plainInvoicePage(parseQuery(ctx.query, invoiceListQuery));
  ctx.body = { invoices: await withPaymentFigures(rows.map(invoiceAnswer)), total };
}

async function oneInvoice(ctx: Context) {
  ctx.body = (await withPaymentFigures([invoiceAnswer(await findInvoice(parseId(ctx.params.id)))]))[0];
}

async function oneInvoicePdf(ctx: Context) {
  await sendPdf(ctx, await findInvoice(parseId(ctx.params.id)));
}

async function salesReport(ctx: Context) {
  const { month } = ctx.query;
  if (!isMonth(month)) throw badRequest(INVOICE_TEXT.monthInvalid, { month: INVOICE_TEXT.monthInvalid });
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="prodazhbi-${month}.csv"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await salesCsv(month);
}

function monthOf(ctx: Context): string {
  const { month } = ctx.query;
  if (!isMonth(month)) throw badRequest(INVOICE_TEXT.monthInvalid, { month: INVOICE_TEXT.monthInvalid });
  return month;
}

async function salesLedger(ctx: Context) {
  const month = monthOf(ctx);
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="dnevnik-prodazhbi-${month}.csv"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await salesLedgerCsv(month);
}

async function salesLedgerTxt(ctx: Context) {
  const month = monthOf(ctx);
  ctx.set('Content-Type', 'text/plain; charset=windows-1251');
  ctx.set('Content-Disposition', 'attachment; filename="PRODAGBI.TXT"');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await prodagbiFile(month);
}

// The buyer: their own order's documents only; anyone else gets 404, as for the order itself.
function ownDocuments(ctx: Context): Promise<{ invoice?: Invoice; creditNote?: Invoice }> {
  return buyersDocuments(ctx, parseId(ctx.params.id));
}

async function buyerDocuments(ctx: Context) {
  const { invoice, creditNote } = await ownDocuments(ctx);
  const id = ctx.params.id;
  const view = (doc: Invoice | undefined, path: string) =>
    doc
      ? {
          number: doc.number,
          kind: doc.kind,
          issuedAt: doc.issuedAt,
          currency: doc.currency,
          total: doc.total / 100,
          pdfUrl: `/api/orders/${id}/${path}`,
          ...(doc.data?.dueDate ? { dueDate: doc.data.dueDate } : {}),
        }
      : null;
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
  ctx.body = { invoice: await lastInvoiceRequest(currentUser(ctx)) };
}

const doc = apiDoc('Фактури');

export function invoiceRoutes() {
  const router = new Router();
  router.post('/admin/orders/:id/invoice', doc('Фактура за поръчка', { status: 201, answer: '{ message, invoice }' }), issueOrderInvoice);
  router.get(
    '/admin/orders/:id/invoices',
    doc('Документите на поръчка', { answer: 'Фактурите и кредитните известия на поръчката' }),
    orderDocuments,
  );
  router.get(
    '/admin/invoices',
    doc('Фактурите и кредитните известия', { raList: true, query: invoiceListQuery, answer: 'Списък от документи' }),
    listInvoices,
  );
  router.get('/admin/invoices/:id', doc('Един документ', { answer: 'Документът' }), oneInvoice);
  router.get('/admin/invoices/:id/pdf', doc('Документът като PDF', { produces: 'application/pdf', answer: 'PDF файл' }), oneInvoicePdf);
  router.post(
    '/admin/invoices/:id/credit-note',
    doc('Кредитно известие към фактура', {
      body: creditNoteInput,
      status: 201,
      idempotent: true,
      errors: [422],
      answer: 'Кредитното известие',
    }),
    onceCreditNote,
    issueInvoiceCreditNote,
  );
  router.get(
    '/admin/reports/sales.csv',
    doc('Продажбите за месец (CSV)', { description: 'Месец с ?month=ГГГГ-ММ.', errors: [400], produces: 'text/csv', answer: 'CSV файл' }),
    salesReport,
  );
  router.get(
    '/admin/reports/sales-ledger.csv',
    doc('Дневник на продажбите за месец (CSV)', {
      description: 'Месец с ?month=ГГГГ-ММ.',
      errors: [400],
      produces: 'text/csv',
      answer: 'CSV файл',
    }),
    salesLedger,
  );
  router.get(
    '/admin/reports/prodagbi.txt',
    doc('Дневник на продажбите за НАП (PRODAGBI.TXT)', {
      description: 'Месец с ?month=ГГГГ-ММ.',
      errors: [400],
      produces: 'text/plain',
      answer: 'Текстов файл',
    }),
    salesLedgerTxt,
  );
  router.get(
    '/orders/:id/invoices',
    doc('Документите на моята поръчка', {
      errors: [403],
      description: 'Кой може: както при GET /api/orders/{id}.',
      answer: '{ invoice, creditNote }: номер, дата, сума и адрес на PDF (null, ако няма)',
    }),
    buyerDocuments,
  );
  router.get(
    '/orders/:id/invoice',
    doc('Фактурата на моята поръчка (PDF)', {
      errors: [403],
      produces: 'application/pdf',
      description: 'Кой може: както при GET /api/orders/{id}.',
      answer: 'PDF файл',
    }),
    buyerInvoicePdf,
  );
  router.get(
    '/orders/:id/credit-note',
    doc('Кредитното известие на моята поръчка (PDF)', {
      errors: [403],
      produces: 'application/pdf',
      description: 'Кой може: както при GET /api/orders/{id}.',
      answer: 'PDF файл',
    }),
    buyerCreditNotePdf,
  );
  router.get(
    '/account/invoice-details',
    doc('Данните за фактура от последната поръчка', { auth: 'customer', answer: '{ invoice }: данните за фактура (или null)' }),
    requireUser,
    lastInvoiceDetails,
  );
  return router;
}
