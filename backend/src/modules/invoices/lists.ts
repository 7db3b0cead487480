// The staff's list of invoices and credit notes: react-admin's dialect (filters by month, kind,
// order and text) and the plain one (month, kind, page), newest number first.
import { Invoice } from '../../models/Invoice';
import { badRequest } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { DOCUMENT_KINDS, INVOICE_TEXT, isMonth, type DocumentKind } from '@domain/invoices';
import { API } from '@domain/messages';
import { monthRange } from './salesReport';

function byMonth(qb: any, value: unknown) {
  if (!isMonth(value)) throw badRequest(INVOICE_TEXT.monthInvalid, { 'filter.month': INVOICE_TEXT.monthInvalid });
  const { from, to } = monthRange(value);
  qb.where('issuedAt', '>=', from).where('issuedAt', '<', to);
}

export const invoiceListSpec: RaListSpec = {
  idColumn: 'invoices.id',
  defaultSort: ['number', 'DESC'],
  sortable: {
    id: 'invoices.id',
    number: 'number',
    issuedAt: 'issuedAt',
    total: 'total',
    kind: 'kind',
    orderNumber: 'orderNumber',
    recipientName: 'recipientName',
  },
  filters: {
    month: byMonth,
    kind: filterBy.equals('kind', DOCUMENT_KINDS),
    orderId: filterBy.id('orderId'),
    q: (qb, value) => {
      if (typeof value !== 'string') throw badRequest(API.invalidFilter, { 'filter.q': API.invalidFilter });
      const text = value.trim();
      if (text)
        qb.where((w: any) =>
          w.where('number', 'like', `%${text}%`).orWhere('orderNumber', 'like', `%${text}%`).orWhere('recipientName', 'like', `%${text}%`),
        );
    },
  },
};

/** A page in react-admin's dialect. */
export function invoicePage(params: RaListParams): Promise<{ rows: Invoice[]; total: number }> {
  return raPage(Invoice.query(), params, invoiceListSpec);
}

/** A page of the plain list: a month's documents (or all), of one kind (or both). */
export async function plainInvoicePage(q: {
  month?: string;
  kind?: DocumentKind;
  page?: number;
  limit?: number;
}): Promise<{ rows: Invoice[]; total: number }> {
  const query = Invoice.query();
  if (q.month) byMonth(query, q.month);
  if (q.kind) query.where({ kind: q.kind });
  const limit = q.limit ?? 50;
  const [rows, total] = await Promise.all([
    query
      .clone()
      .orderBy('number', 'desc')
      .offset(((q.page ?? 1) - 1) * limit)
      .limit(limit),
    query.clone().resultSize(),
  ]);
  return { rows, total };
}
