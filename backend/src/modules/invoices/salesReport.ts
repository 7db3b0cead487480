// „Поръчки за месеца“: one row per order placed in the month (shop time), with its tax base,
// VAT and total, as a CSV that Bulgarian Excel opens as it is: UTF-8 with BOM, ';' between
// fields, decimal comma, Bulgarian headers, identifiers kept as text (domain/csv.ts). The
// accountant's ledger of documents is salesLedger.ts.
import { bulgarianCsv, type CsvColumn } from '@domain/csv';
import { Order } from '../../models/Order';
import { Invoice } from '../../models/Invoice';
import { splitVat } from '@domain/invoices';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, OrderStatus, PaymentMethod } from '@domain/orderStatus';
import { shopDay, shopDayStart } from '@domain/dates';
import { currencyOf, readInvoiceRequest } from './snapshot';

export const SALES_CSV_HEADERS = [
  'Поръчка',
  'Дата',
  'Клиент',
  'Начин на плащане',
  'Статус',
  'Данъчна основа',
  'ДДС',
  'Общо',
  'Валута',
  'Фактура №',
];
const SALES_CSV_COLUMNS: CsvColumn[] = SALES_CSV_HEADERS.map((header, i) => ({
  header,
  kind: i === 0 || i === 9 ? 'identifier' : i >= 5 && i <= 7 ? 'number' : 'text',
}));

/** The instants a shop-local month ("2026-11") begins and the next one begins. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: shopDayStart(`${month}-01`).toISOString(), to: shopDayStart(`${next}-01`).toISOString() };
}

/** 123456 → "1234,56": what Bulgarian Excel reads as a number. */
function decimalComma(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function dayText(iso: string): string {
  const [y, m, d] = shopDay(iso).split('-');
  return `${d}.${m}.${y}`;
}

export async function salesCsv(month: string): Promise<string> {
  const { from, to } = monthRange(month);
  const orders = await Order.query().where('createdAt', '>=', from).where('createdAt', '<', to).orderBy('createdAt').orderBy('id');
  const invoices = orders.length
    ? await Invoice.query()
        .select('orderId', 'number')
        .where({ kind: 'invoice' })
        .whereIn(
          'orderId',
          orders.map((o) => o.id),
        )
    : [];
  const invoiceOf = new Map(invoices.map((i) => [i.orderId, i.number]));
  const rows = orders.map((o) => {
    const request = readInvoiceRequest((o as unknown as { invoiceRequest?: unknown }).invoiceRequest);
    const { base, vat } = splitVat(o.total);
    return [
      o.number,
      dayText(o.createdAt),
      request ? `${request.companyName} (ЕИК ${request.eik})` : `${o.customerFirstName} ${o.customerLastName}`.trim(),
      PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod,
      ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
      decimalComma(base),
      decimalComma(vat),
      decimalComma(o.total),
      currencyOf(o),
      invoiceOf.get(o.id) ?? '',
    ];
  });
  return bulgarianCsv(SALES_CSV_COLUMNS, rows);
}
