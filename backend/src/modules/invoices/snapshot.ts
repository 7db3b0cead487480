// The frozen data of an invoice or credit note: everything its PDF shows, taken from the order
// and the settings at the moment of issue, so that later edits change nothing on it.
import type { Order } from '../../models/Order';
import type { Company } from '../../models/Company';
import type { ShopSettings } from '../settings';
import { DocumentKind, InvoiceAmounts, InvoiceLine, InvoiceRequest, documentCurrency, invoiceAmounts } from '@domain/invoices';
import { isCurrency, type Currency } from '@domain/money';
import { PAYMENT_METHOD_LABELS, PaymentMethod } from '@domain/orderStatus';
import { shopDay } from '@domain/dates';

export interface Party {
  companyName: string;
  eik: string;
  vatNumber: string;
  address: string;
  mol: string;
}

export interface InvoiceSnapshot {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  /** Shop-local "YYYY-MM-DD". */
  issueDate: string;
  taxEventDate: string;
  place: string;
  currency: string;
  orderNumber: string;
  /** The buyer's own purchase-order number (a trade order that carries one). */
  purchaseOrderNumber?: string;
  paymentMethod: string;
  supplier: Party & { iban: string; bic: string; bankName: string };
  recipient: Party;
  lines: InvoiceLine[];
  taxBase: number;
  vatTotal: number;
  total: number;
  /** The order's own currency (the document's may be the euro while the order was in leva). */
  orderCurrency?: string;
  /** Dual display was on at issue: the PDF shows the totals' other-currency equivalent. */
  dualCurrency?: boolean;
  /** A credit note's invoice. */
  refersTo?: { number: string; issueDate: string };
  /** A trade order on payment terms: when it is due (shop-local "YYYY-MM-DD"; the PDF's „Падеж“). */
  dueDate?: string;
  /** 'net': the goods lines were priced without VAT (a trade order). */
  pricesInclude?: 'net';
  reason?: string;
}

/** The order's currency (older rows, made before orders kept one: BGN). */
export function currencyOf(order: Pick<Order, 'currency'>): string {
  return (order as { currency?: string | null }).currency ?? 'BGN';
}

export function readInvoiceRequest(raw: unknown): InvoiceRequest | null {
  if (!raw) return null;
  if (typeof raw === 'object') return raw as InvoiceRequest;
  try {
    return JSON.parse(String(raw)) as InvoiceRequest;
  } catch {
    return null;
  }
}

/** A trade order's buyer: the company as it is registered (its row at the moment of issue). */
function companyParty(company: Company): Party {
  return {
    companyName: company.name,
    eik: company.eik,
    vatNumber: company.vatNumber ?? '',
    address: [company.city, company.address].filter(Boolean).join(', '),
    mol: company.mol,
  };
}

/** Who the invoice is for: the company the buyer named, or the buyer as a person. */
function recipientOf(order: Order): Party {
  const request = readInvoiceRequest((order as unknown as { invoiceRequest?: unknown }).invoiceRequest);
  if (request)
    return {
      companyName: request.companyName,
      eik: request.eik,
      vatNumber: request.vatNumber ?? '',
      address: request.address,
      mol: request.mol,
    };
  const name = `${order.customerFirstName} ${order.customerLastName}`.trim();
  return { companyName: name, eik: '', vatNumber: '', address: `${order.shippingCity}, ${order.shippingAddress}`, mol: name };
}

/**
 * ЗДДС чл. 25: the tax event of a sale of goods is their delivery, or an earlier payment; an
 * order neither paid nor delivered yet is invoiced with the date of issue.
 */
function taxEventDate(order: Order, issuedAt: string): string {
  const dates = [order.payment?.status === 'paid' || order.payment?.status === 'refunded' ? order.payment.paidAt : null, order.deliveredAt]
    .filter((d): d is string => Boolean(d))
    .sort();
  return shopDay(dates[0] ?? issuedAt);
}

/** `company`: a trade order's company: the invoice is issued to it, with its due date. */
export function invoiceSnapshot(
  order: Order,
  settings: ShopSettings,
  number: string,
  issuedAt: string,
  company: Company | null = null,
): InvoiceSnapshot {
  const own = currencyOf(order);
  const orderCurrency: Currency = isCurrency(own) ? own : 'BGN';
  const currency = documentCurrency(shopDay(issuedAt), orderCurrency);
  const amounts = invoiceAmounts(
    {
      items: (order.items ?? []).map((i) => ({
        orderItemId: i.id,
        productName: i.productName,
        variantName: i.variantName,
        attributes: i.attributes,
        unitPrice: i.unitPrice,
        quantity: i.quantity,
      })),
      discountCode: order.discountCode,
      discountTotal: order.discountTotal,
      shippingTotal: order.shippingTotal,
      pricesInclude: order.pricesInclude === 'net' ? 'net' : 'gross',
    },
    { from: orderCurrency, to: currency },
  );
  const legal = settings.legal;
  return {
    kind: 'invoice',
    number,
    issuedAt,
    issueDate: shopDay(issuedAt),
    taxEventDate: taxEventDate(order, issuedAt),
    place: legal.seat || 'гр. София',
    currency,
    orderCurrency,
    dualCurrency: settings.dualCurrency,
    orderNumber: order.number,
    ...(order.purchaseOrderNumber ? { purchaseOrderNumber: order.purchaseOrderNumber } : {}),
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod,
    supplier: {
      companyName: legal.companyName,
      eik: legal.eik,
      vatNumber: legal.vatNumber,
      address: legal.address,
      mol: legal.mol,
      iban: settings.bank.iban,
      bic: settings.bank.bic,
      bankName: settings.bank.bankName,
    },
    recipient: company ? companyParty(company) : recipientOf(order),
    ...(order.paymentDueAt ? { dueDate: shopDay(order.paymentDueAt) } : {}),
    ...(order.pricesInclude === 'net' ? { pricesInclude: 'net' as const } : {}),
    ...amounts,
  };
}

/** A credit note: the invoice's parties and currency, its own lines (all or part of the invoice's), referring to it. */
export function creditNoteSnapshot(
  invoice: InvoiceSnapshot,
  amounts: InvoiceAmounts,
  number: string,
  issuedAt: string,
  reason: string,
): InvoiceSnapshot {
  return {
    ...invoice,
    ...amounts,
    kind: 'credit_note',
    number,
    issuedAt,
    issueDate: shopDay(issuedAt),
    taxEventDate: shopDay(issuedAt),
    refersTo: { number: invoice.number, issueDate: invoice.issueDate },
    reason,
  };
}
