// Invoices and credit notes (ЗДДС чл. 114): how a VAT-inclusive order becomes invoice lines with
// tax base and VAT that add up exactly, the document numbers, and the texts a person reads.
// Pure: the server's PDF and sales report and the admin's screens use the same rules.
import { VAT_RATE, convertMinor, type Currency } from './money';
import {
  creditedPart,
  lineAmounts,
  netDocumentTotals,
  sumLineAmounts,
  type LineAmounts,
  type LinePart,
  type PricesInclude,
} from './pricing';

/** The VAT rate in whole percent (20). */
export const VAT_PERCENT = Math.round(VAT_RATE * 100);
/** Invoice and credit note numbers: ten digits, zero-padded (ЗДДС чл. 114, ал. 1, т. 2). */
export const DOCUMENT_NUMBER_DIGITS = 10;
export const DOCUMENT_NUMBER_MAX = 9_999_999_999;

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  invoice: 'Фактура',
  credit_note: 'Кредитно известие',
};

/** What a buyer fills in when asking for an invoice at checkout. */
export interface InvoiceRequest {
  companyName: string;
  eik: string;
  vatNumber?: string;
  mol: string;
  address: string;
}
export const INVOICE_FIELD_MAX = { companyName: 200, eik: 13, vatNumber: 12, mol: 100, address: 300 } as const;

export const INVOICE_TEXT = {
  eikInvalid: 'Невалиден ЕИК/БУЛСТАТ: 9 или 13 цифри с вярна контролна цифра.',
  vatNumberInvalid: 'ДДС номерът е BG и 9 или 10 цифри.',
  invoiceRequestInvalid: 'Проверете данните за фактура.',
  alreadyIssued: 'За тази поръчка вече е издадена фактура.',
  creditNoteExists: 'За тази фактура вече е издадено кредитно известие.',
  creditNoteOfCreditNote: 'Кредитно известие се издава само към фактура.',
  invoiceNotFound: 'Фактурата не е намерена.',
  orderCancelled: 'Поръчката е отказана: за нея не се издава фактура.',
  invoiceIssued: 'Фактурата е издадена.',
  creditNoteIssued: 'Кредитното известие е издадено.',
  monthInvalid: 'Месецът трябва да е във вида ГГГГ-ММ.',
  legalMissing: 'Попълнете данните на фирмата в Настройки → Данни на търговеца, преди да издавате фактури.',
  firstNumberInvalid: 'Началният номер е цяло число от 1 до 9999999999.',
  fullCreditNeedsClosedOrder:
    'Пълно кредитно известие се издава само за отказана, върната или оттеглена поръчка. За активна поръчка посочете редовете и количествата за кредитиране.',
  creditLineUnknown: 'Този ред не е във фактурата.',
  creditTooMuch: (left: number) => `Може да се кредитира най-много ${left}.`,
  creditNothing: 'Няма какво да се кредитира по тази фактура.',
  creditReasonTooLong: 'Основанието е до 200 знака.',
  creditBodyInvalid: 'Посочете редовете за кредитиране: { lines: [{ orderItemId, quantity }], shipping, reason }.',
  ledgerTitle: 'Дневник на продажбите',
  ordersOfMonthTitle: 'Поръчки за месеца',
} as const;

/** 1 → "0000000001". */
export function documentNumber(n: number): string {
  return String(n).padStart(DOCUMENT_NUMBER_DIGITS, '0');
}

/**
 * A VAT-inclusive amount (minor units) split into tax base and VAT with base + VAT = amount, by
 * the one line rule of domain/pricing.ts (VAT rounded, base the rest).
 */
export function splitVat(gross: number, percent = VAT_PERCENT): { base: number; vat: number } {
  const { net, vat } = lineAmounts({ unitMinor: gross, quantity: 1, vatPercent: percent, pricesInclude: 'gross' });
  return { base: net, vat };
}

/** a / b (b > 0) rounded half away from zero, in integers (no float at the .5 boundary). */
function divideHalfUp(a: number, b: number): number {
  const sign = Math.sign(a);
  const abs = Math.abs(a);
  const q = Math.floor(abs / b);
  return sign * (2 * (abs - q * b) >= b ? q + 1 : q);
}

/** The day the documents' currency became the euro (Bulgaria's adoption of the euro). */
export const EURO_INVOICES_FROM = '2026-01-01';

/** The currency of a document issued on a shop-local day: the euro from 1 January 2026, whatever the shop's prices. */
export function documentCurrency(issueDay: string, orderCurrency: Currency): Currency {
  return issueDay >= EURO_INVOICES_FROM ? 'EUR' : orderCurrency;
}

export interface OrderForInvoice {
  items: Array<{
    orderItemId?: number;
    productName: string;
    variantName?: string;
    attributes?: Array<{ name: string; value: string }>;
    unitPrice: number;
    quantity: number;
  }>;
  discountCode?: string | null;
  discountTotal: number;
  shippingTotal: number;
  /** 'net': the items' unit prices are without VAT (a trade order); 'gross' when absent. */
  pricesInclude?: PricesInclude;
}

export const INVOICE_LINE_KINDS = ['goods', 'discount', 'shipping'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** One invoice line, minor units of the document's currency: base + VAT = total exactly. */
export interface InvoiceLine {
  /** Older documents have neither kind nor orderItemId. */
  kind?: InvoiceLineKind;
  orderItemId?: number | null;
  name: string;
  unit: string;
  quantity: number;
  /** The price per unit the line is computed from: with VAT, or without it when pricesInclude is 'net'. */
  unitPrice?: number;
  /** 'net': a trade line, computed from its net unit price (base = unit × quantity, VAT 20 % of
   *  the base); absent: from the gross unit price. */
  pricesInclude?: PricesInclude;
  unitPriceNet: number;
  taxBase: number;
  vatPercent: number;
  vat: number;
  total: number;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  taxBase: number;
  vatTotal: number;
  total: number;
}

function invoiceLine(
  kind: InvoiceLineKind,
  name: string,
  unitPrice: number,
  quantity: number,
  orderItemId: number | null = null,
  pricesInclude: PricesInclude = 'gross',
  computed?: LineAmounts,
): InvoiceLine {
  const a = computed ?? lineAmounts({ unitMinor: unitPrice, quantity, vatPercent: VAT_PERCENT, pricesInclude });
  return {
    ...(pricesInclude === 'net' ? { pricesInclude } : {}),
    kind,
    orderItemId,
    name,
    unit: 'бр.',
    quantity,
    unitPrice,
    unitPriceNet: a.unitNet,
    taxBase: a.net,
    vatPercent: VAT_PERCENT,
    vat: a.vat,
    total: a.gross,
  };
}

/** A document's totals: the sums of its lines. */
export function documentTotals(lines: InvoiceLine[]): InvoiceAmounts {
  const sum = sumLineAmounts(lines.map((l) => ({ net: l.taxBase, vat: l.vat, gross: l.total })));
  return { lines, taxBase: sum.net, vatTotal: sum.vat, total: sum.gross };
}

export const DISCOUNT_LINE_NAME = 'Отстъпка';
export const SHIPPING_LINE_NAME = 'Доставка';

/**
 * The order's lines on an invoice: goods, the discount as a negative line (so the tax base is
 * what was really paid), shipping as a service line, each by lineAmounts (domain/pricing.ts);
 * the totals are the sums of the lines. An order in leva invoiced in euro has each unit price
 * converted at the fixed rate, half-up (as the euro switch converts prices), then the line
 * computed as the quote computes it.
 */
export function invoiceAmounts(
  order: OrderForInvoice,
  currency: { from: Currency; to: Currency } = { from: 'EUR', to: 'EUR' },
): InvoiceAmounts {
  const convert = (minor: number) => convertMinor(minor, currency.from, currency.to);
  if (order.pricesInclude === 'net') return netInvoiceAmounts(order, convert);
  const lines: InvoiceLine[] = [];
  for (const item of order.items) {
    const detail = [item.variantName, ...(item.attributes ?? []).map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(', ');
    lines.push(
      invoiceLine(
        'goods',
        detail ? `${item.productName} (${detail})` : item.productName,
        convert(item.unitPrice),
        item.quantity,
        item.orderItemId ?? null,
      ),
    );
  }
  if (order.discountTotal > 0) {
    lines.push(
      invoiceLine(
        'discount',
        order.discountCode ? `${DISCOUNT_LINE_NAME} (код ${order.discountCode})` : DISCOUNT_LINE_NAME,
        -convert(order.discountTotal),
        1,
      ),
    );
  }
  if (order.shippingTotal > 0) lines.push(invoiceLine('shipping', SHIPPING_LINE_NAME, convert(order.shippingTotal), 1));
  return documentTotals(lines);
}

function itemName(item: OrderForInvoice['items'][number]): string {
  const detail = [item.variantName, ...(item.attributes ?? []).map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(', ');
  return detail ? `${item.productName} (${detail})` : item.productName;
}

/**
 * A trade order's invoice: its goods lines are net (the price list's unit price without
 * VAT: base = unit × quantity, VAT = 20 % of the base rounded once), the shipping a gross service
 * line, all from domain/pricing netDocumentTotals, the same computation as the quote and the
 * order; the totals are the sums of the lines. (Trade orders carry no discount code.)
 */
function netInvoiceAmounts(order: OrderForInvoice, convert: (minor: number) => number): InvoiceAmounts {
  const items = order.items.map((i) => ({ unitNet: convert(i.unitPrice), quantity: i.quantity }));
  const shippingGross = convert(order.shippingTotal);
  const doc = netDocumentTotals(items, shippingGross, VAT_PERCENT);
  const lines = order.items.map((item, i) =>
    invoiceLine('goods', itemName(item), items[i].unitNet, item.quantity, item.orderItemId ?? null, 'net', doc.lines[i]),
  );
  if (order.discountTotal > 0) {
    lines.push(
      invoiceLine(
        'discount',
        order.discountCode ? `${DISCOUNT_LINE_NAME} (код ${order.discountCode})` : DISCOUNT_LINE_NAME,
        -convert(order.discountTotal),
        1,
      ),
    );
  }
  if (shippingGross > 0) lines.push(invoiceLine('shipping', SHIPPING_LINE_NAME, shippingGross, 1, null, 'gross', doc.shipping));
  return documentTotals(lines);
}

/**
 * A document's lines in another currency (a credit note issued from 2026 on a leva invoice):
 * each unit price converted at the fixed rate, half-up, and the line computed again.
 */
export function linesInCurrency(lines: InvoiceLine[], from: Currency, to: Currency): InvoiceLine[] {
  if (from === to) return lines;
  return lines.map((l) => ({
    ...invoiceLine(
      l.kind ?? 'goods',
      l.name,
      convertMinor(l.unitPrice ?? l.total / l.quantity, from, to),
      l.quantity,
      l.orderItemId ?? null,
      l.pricesInclude ?? 'gross',
    ),
    kind: l.kind,
  }));
}

/**
 * Lines of documents issued before lines had a kind: the shipping by its name, the discount by
 * its sign, the rest goods; the unit price from the whole (it was unit × quantity).
 */
function withKinds(lines: InvoiceLine[]): InvoiceLine[] {
  return lines.map((l) =>
    l.kind
      ? l
      : {
          ...l,
          kind: l.name === SHIPPING_LINE_NAME ? 'shipping' : l.total < 0 ? 'discount' : 'goods',
          unitPrice: l.unitPrice ?? Math.round(l.total / l.quantity),
        },
  );
}

/** What a partial credit note asks: goods by order line and quantity, and the shipping or not. */
export interface CreditRequest {
  items: Array<{ orderItemId: number; quantity: number }>;
  shipping: boolean;
}

export type CreditRefusal = { field: string; message: string };

/**
 * The lines of a credit note against an invoice, after the credit notes already issued on it:
 * 'all' credits whatever is left; a request credits its goods at the invoice's unit prices,
 * the invoice's discount in proportion to the goods credited (the rest of it with the last
 * goods), and the shipping when asked. Each line is credited by money as well as by quantity
 * (pricing's creditedPart): a line's notes add up to the line exactly and never more. Refused (with the field) when asking for more than is
 * left, for an unknown line, or for nothing.
 */
export function creditNoteLines(
  invoiceLines: InvoiceLine[],
  creditedLines: InvoiceLine[],
  request: CreditRequest | 'all',
): InvoiceAmounts | CreditRefusal {
  const invoice = withKinds(invoiceLines);
  const credited = withKinds(creditedLines);
  const creditedOf = (line: InvoiceLine) =>
    credited.filter((c) => c.kind === line.kind && (c.orderItemId ?? null) === (line.orderItemId ?? null));
  const creditedQuantity = (line: InvoiceLine) => creditedOf(line).reduce((s, c) => s + c.quantity, 0);
  const goods = invoice.filter((l) => l.kind === 'goods');
  const out: InvoiceLine[] = [];
  const wanted = new Map<InvoiceLine, number>();
  if (request === 'all') {
    for (const line of goods) {
      const left = line.quantity - creditedQuantity(line);
      if (left > 0) wanted.set(line, left);
    }
  } else {
    const seen = new Set<number>();
    for (const [i, want] of request.items.entries()) {
      const line = goods.find((l) => l.orderItemId === want.orderItemId);
      if (!line || seen.has(want.orderItemId)) return { field: `lines.${i}.orderItemId`, message: INVOICE_TEXT.creditLineUnknown };
      seen.add(want.orderItemId);
      const left = line.quantity - creditedQuantity(line);
      if (want.quantity > left) return { field: `lines.${i}.quantity`, message: INVOICE_TEXT.creditTooMuch(left) };
      wanted.set(line, want.quantity);
    }
  }
  for (const [line, quantity] of wanted) {
    const after = creditedQuantity(line) + quantity;
    const pricesInclude = line.pricesInclude ?? 'gross';
    const unit = line.unitPrice ?? 0;
    // Up to and with this note: the line's first units, or the whole line once its last are credited.
    const upTo =
      after >= line.quantity ? partOf(line) : lineAmounts({ unitMinor: unit, quantity: after, vatPercent: VAT_PERCENT, pricesInclude });
    const part = creditedPart(partOf(line), takenOf(creditedOf(line)), upTo);
    out.push(invoiceLine('goods', line.name, unit, quantity, line.orderItemId ?? null, pricesInclude, withUnit(unit, pricesInclude, part)));
  }
  const goodsGross = out.reduce((s, l) => s + l.total, 0);

  const discount = invoice.find((l) => l.kind === 'discount');
  if (discount && goodsGross > 0) {
    const lastGoods = goods.every((l) => creditedQuantity(l) + (wanted.get(l) ?? 0) >= l.quantity);
    const taken = takenOf(creditedOf(discount));
    const invoiceGoods = goods.reduce((s, l) => s + l.total, 0);
    // The discount in proportion to the goods credited; the rest of it with the last goods.
    const share = Math.max(discount.total - taken.gross, -divideHalfUp(-discount.total * goodsGross, invoiceGoods));
    const upTo = lastGoods
      ? partOf(discount)
      : lineAmounts({ unitMinor: taken.gross + share, quantity: 1, vatPercent: VAT_PERCENT, pricesInclude: 'gross' });
    const part = creditedPart(partOf(discount), taken, upTo);
    if (part.gross !== 0 || part.vat !== 0)
      out.push(invoiceLine('discount', discount.name, part.gross, 1, null, 'gross', withUnit(part.gross, 'gross', part)));
  }
  const shipping = invoice.find((l) => l.kind === 'shipping');
  const wantsShipping = request === 'all' || request.shipping;
  if (shipping && wantsShipping) {
    if (creditedQuantity(shipping) >= 1) {
      if (request !== 'all') return { field: 'shipping', message: INVOICE_TEXT.creditTooMuch(0) };
    } else out.push(invoiceLine('shipping', shipping.name, shipping.unitPrice ?? shipping.total, 1));
  }
  if (!out.length) return { field: request === 'all' ? 'invoice' : 'lines', message: INVOICE_TEXT.creditNothing };
  return documentTotals(out);
}

/** A line's money. */
function partOf(line: InvoiceLine): LinePart {
  return { net: line.taxBase, vat: line.vat, gross: line.total };
}

/** What earlier credit notes took of a line. */
function takenOf(lines: InvoiceLine[]): LinePart {
  return sumLineAmounts(lines.map(partOf));
}

/** A credited part with the unit prices its line shows. */
function withUnit(unitMinor: number, pricesInclude: PricesInclude, part: LinePart): LineAmounts {
  const one = lineAmounts({ unitMinor, quantity: 1, vatPercent: VAT_PERCENT, pricesInclude });
  return { ...part, unitNet: one.unitNet, unitGross: one.unitGross };
}

/** "2026-11" is a month; anything else is not. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
