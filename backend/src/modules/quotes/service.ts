// Quotes: a member of an approved company asks for a price on a basket; staff answer with a net
// price per line and the prices' last valid day (or decline with a reason) through one write path,
// `answerQuoteRequest`; the company's members read their requests. Each change declares what
// happened (events.ts), and the mails and the staff's notice follow the commit.
import type { Transaction } from 'objection';
import { nowIso } from '../../models/BaseModel';
import { QuoteRequest } from '../../models/QuoteRequest';
import { QuoteRequestLine } from '../../models/QuoteRequestLine';
import { Company } from '../../models/Company';
import { Order } from '../../models/Order';
import { Variant } from '../../models/Variant';
import type { User } from '../../models/User';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { Throttle } from '../../platform/http/throttle';
import { claimVersion } from '../../platform/db/versions';
import { declare } from '../../platform/events';
import { resolveLines } from '../cart';
import { tradeUnitPrices, type Visitor } from '../catalogue';
import { getSettings } from '../settings';
import { fromMinor } from '@domain/money';
import { netDocumentTotals } from '@domain/pricing';
import { shopDay } from '@domain/dates';
import type { ApiQuoteRequest } from '@domain/api';
import type { TradeTerms } from '@domain/trade';
import {
  QUOTE_OPEN_MAX,
  QUOTE_REQUESTS_PER_HOUR,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTE_TEXT,
  quoteNumber,
  quoteStatusOn,
} from '@domain/quoteTexts';
import type { QuoteAnswerInput, QuoteRequestInput } from '@domain/schemas/quotes';
import { API } from '@domain/messages';
import './events';
import { concurrently } from '../../platform/db/concurrently';

/** The company a member asks and orders for: 401 signed out (the route's), 403 for anyone who does
 *  not buy for an approved company. */
export function memberTerms(visitor: Visitor | undefined): TradeTerms {
  if (!visitor?.trade) throw forbidden(QUOTE_TEXT.membersOnly);
  return visitor.trade;
}

/** A request with its lines, as a member and staff read it (staff also see each line's price-list
 *  price for reference, `listPrices` by line index). */
export function quoteView(
  q: QuoteRequest,
  names: { companyName: string; orderNumber: string | null; currency: string },
  listPrices?: Array<number | null>,
): ApiQuoteRequest {
  const lines = [...(q.lines ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
  const priced = lines.every((l) => l.netPrice !== null) && lines.length > 0;
  const doc = priced
    ? netDocumentTotals(
        lines.map((l) => ({ unitNet: l.netPrice!, quantity: l.quantity })),
        0,
      )
    : null;
  const status = quoteStatusOn(q.status, q.validUntil);
  return {
    id: q.id,
    number: quoteNumber(q.id),
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    companyId: q.companyId,
    companyName: names.companyName,
    requestedBy: { name: q.requestedByName, email: q.requestedByEmail },
    lines: lines.map((l, i) => ({
      variantId: l.variantId,
      productId: l.productId,
      productName: l.productName,
      variantName: l.variantName,
      sku: l.sku,
      quantity: l.quantity,
      netPrice: fromMinor(l.netPrice),
      lineTotal: doc ? fromMinor(doc.lines[i].net) : null,
      ...(listPrices ? { listPrice: fromMinor(listPrices[i]) } : {}),
    })),
    note: q.note,
    reason: q.reason,
    validUntil: q.validUntil,
    subtotalNet: doc ? fromMinor(doc.subtotalNet) : null,
    vatTotal: doc ? fromMinor(doc.vatTotal) : null,
    total: doc ? fromMinor(doc.subtotalGross) : null,
    currency: names.currency,
    orderId: q.orderId,
    orderNumber: names.orderNumber,
    createdAt: q.createdAt,
    answeredAt: q.answeredAt,
    updatedAt: q.updatedAt,
    version: q.version,
  };
}

/** Requests with their lines, companies' names and orders' numbers, as views (a few queries for
 *  any number). */
async function views(rows: QuoteRequest[], opts: { staff?: boolean; trx?: Transaction } = {}): Promise<ApiQuoteRequest[]> {
  if (!rows.length) return [];
  const { trx } = opts;
  const ids = rows.map((r) => r.id);
  const [lines, companies, orders, settings] = await concurrently(trx, [
    () => QuoteRequestLine.query(trx).whereIn('quoteRequestId', ids),
    () =>
      Company.query(trx)
        .whereIn('id', [...new Set(rows.map((r) => r.companyId))])
        .select('id', 'name', 'priceListId'),
    () =>
      Order.query(trx)
        .whereIn(
          'id',
          rows.map((r) => r.orderId).filter((id): id is number => id !== null),
        )
        .select('id', 'number'),
    () => getSettings(trx),
  ] as const);
  const company = new Map(companies.map((c) => [c.id, c]));
  const number = new Map(orders.map((o) => [o.id, o.number]));
  const out: ApiQuoteRequest[] = [];
  for (const r of rows) {
    r.lines = lines.filter((l) => l.quoteRequestId === r.id).sort((a, b) => a.position - b.position || a.id - b.id);
    const c = company.get(r.companyId);
    const listPrices = opts.staff ? await listPricesOf(r.lines, c?.priceListId ?? null, trx) : undefined;
    out.push(
      quoteView(
        r,
        { companyName: c?.name ?? '', orderNumber: r.orderId ? (number.get(r.orderId) ?? null) : null, currency: settings.currency },
        listPrices,
      ),
    );
  }
  return out;
}

/** What the company's price list asks for each line's quantity today (net, minor units), for staff
 *  to answer against. */
async function listPricesOf(lines: QuoteRequestLine[], priceListId: number | null, trx?: Transaction): Promise<Array<number | null>> {
  if (!lines.length) return [];
  const variants = await Variant.query(trx)
    .whereIn('variants.id', [...new Set(lines.map((l) => l.variantId))])
    .join('products', 'products.id', 'variants.productId')
    .select('variants.id', 'variants.price as variantPrice', 'products.price as productPrice');
  const retail = new Map(
    (variants as unknown as Array<{ id: number; variantPrice: number | null; productPrice: number }>).map((v) => [
      v.id,
      v.variantPrice ?? v.productPrice,
    ]),
  );
  const known = lines.filter((l) => retail.has(l.variantId));
  const prices = await tradeUnitPrices(
    priceListId,
    known.map((l) => ({ variantId: l.variantId, retailGross: retail.get(l.variantId)!, quantity: l.quantity })),
    trx,
  );
  const byLine = new Map(known.map((l, i) => [l.id, prices[i]]));
  return lines.map((l) => byLine.get(l.id) ?? null);
}

async function loadQuote(id: number, trx?: Transaction): Promise<QuoteRequest> {
  const q = await QuoteRequest.query(trx).findById(id);
  if (!q) throw notFound(QUOTE_TEXT.notFound);
  return q;
}

// ---- The member ---------------------------------------------------------------------------

const requestThrottle = () => new Throttle(QuoteRequest.knex(), QUOTE_REQUESTS_PER_HOUR, 60 * 60_000);

/** Each asked line as the catalogue knows it: the variant's product and names, and what this company
 *  may buy (catalogue/visibility, through the cart's lines); refusals name `lines.N.<field>`. */
async function askedLines(lines: QuoteRequestInput['lines'], visitor: Visitor, trx?: Transaction) {
  const variants = await Variant.query(trx)
    .whereIn('id', [...new Set(lines.map((l) => l.variantId))])
    .select('id', 'productId');
  const productOf = new Map(variants.map((v) => [v.id, v.productId]));
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (!productOf.has(l.variantId)) errors[`lines.${i}.variantId`] = QUOTE_TEXT.variantUnknown;
    else if (seen.has(l.variantId)) errors[`lines.${i}.variantId`] = QUOTE_TEXT.lineTwice;
    seen.add(l.variantId);
  });
  if (Object.keys(errors).length) throw badRequest(undefined, errors);
  return resolveLines(
    lines.map((l) => ({ productId: productOf.get(l.variantId)!, variantId: l.variantId, quantity: l.quantity })),
    trx,
    { checkStock: false, path: (i) => `lines.${i}`, visitor },
  );
}

/**
 * A member asks for a quote on these lines. A company may have QUOTE_OPEN_MAX requests waiting at
 * once (409), and one member may send QUOTE_REQUESTS_PER_HOUR an hour (429): someone who got hold of
 * a member's session cannot flood the staff. Staff are told after the commit.
 */
export async function askForQuote(user: User, visitor: Visitor | undefined, input: QuoteRequestInput): Promise<ApiQuoteRequest> {
  const terms = memberTerms(visitor);
  if (!input.lines.length) throw badRequest(QUOTE_TEXT.noLines, { lines: QUOTE_TEXT.noLines });
  const key = [`quote-request:user:${user.id}`];
  const throttle = requestThrottle();
  if (await throttle.isBlocked(key)) throw tooManyRequests(QUOTE_TEXT.tooManyRequests);
  const resolved = await askedLines(input.lines, visitor!);
  await throttle.hit(key[0]);
  const made = await QuoteRequest.transaction(async (trx) => {
    // The company's row is held while its open requests are counted: two racing requests count one
    // after the other.
    await Company.query(trx).findById(terms.companyId).forUpdate();
    const open = await QuoteRequest.query(trx).where({ companyId: terms.companyId, status: 'requested' }).resultSize();
    if (open >= QUOTE_OPEN_MAX) throw conflict(QUOTE_TEXT.tooManyOpen(QUOTE_OPEN_MAX));
    const q = await QuoteRequest.query(trx).insertAndFetch({
      companyId: terms.companyId,
      userId: user.id,
      requestedByName: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
      requestedByEmail: user.email,
      status: 'requested',
      note: input.note ?? '',
      reason: '',
      validUntil: null,
      orderId: null,
      answeredAt: null,
    } as Partial<QuoteRequest>);
    await QuoteRequestLine.insertComposed(
      trx,
      resolved.map((l, i) => ({
        quoteRequestId: q.id,
        productId: l.productId,
        variantId: l.variantId,
        productName: l.productName,
        variantName: l.variantName,
        sku: l.sku,
        quantity: l.quantity,
        netPrice: null,
        position: i,
      })) as Array<Partial<QuoteRequestLine>>,
    );
    await declare(trx, 'quote.requested', { quoteId: q.id, companyId: terms.companyId });
    return (await views([q], { trx }))[0];
  });
  return made;
}

/** The member's company's requests, newest first. */
export async function companyQuotes(visitor: Visitor | undefined): Promise<ApiQuoteRequest[]> {
  const terms = memberTerms(visitor);
  const rows = await QuoteRequest.query().where({ companyId: terms.companyId }).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  return views(rows);
}

/** One of the member's company's requests (404 for another company's: it is not theirs to know of). */
export async function companyQuote(visitor: Visitor | undefined, id: number): Promise<ApiQuoteRequest> {
  const terms = memberTerms(visitor);
  const q = await QuoteRequest.query().findOne({ id, companyId: terms.companyId });
  if (!q) throw notFound(QUOTE_TEXT.notFound);
  return (await views([q]))[0];
}

// ---- Staff --------------------------------------------------------------------------------

/** `status` as the API answers it: `expired` and `answered` differ by the shop's today. */
function whereStatus(qb: Parameters<RaListSpec['filters'][string]>[0], value: unknown) {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string' && (QUOTE_STATUSES as readonly string[]).includes(v)))
    throw badRequest(API.invalidFilter, { filter: API.invalidFilter });
  const today = shopDay(new Date());
  qb.where((w: typeof qb) => {
    for (const s of list as string[]) {
      if (s === 'expired') w.orWhere((x: typeof qb) => x.where('quote_requests.status', 'answered').where('validUntil', '<', today));
      else if (s === 'answered') w.orWhere((x: typeof qb) => x.where('quote_requests.status', 'answered').where('validUntil', '>=', today));
      else w.orWhere('quote_requests.status', s);
    }
  });
}

export const quoteListSpec: RaListSpec = {
  idColumn: 'quote_requests.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: { id: 'quote_requests.id', createdAt: 'quote_requests.createdAt', status: 'quote_requests.status', validUntil: 'validUntil' },
  filters: {
    status: whereStatus,
    companyId: filterBy.id('companyId'),
  },
};

export async function listQuotes(params: RaListParams): Promise<{ rows: ApiQuoteRequest[]; total: number }> {
  const { rows, total } = await raPage(QuoteRequest.query(), params, quoteListSpec);
  return { rows: await views(rows, { staff: true }), total };
}

export async function findQuote(id: number): Promise<ApiQuoteRequest> {
  return (await views([await loadQuote(id)], { staff: true }))[0];
}

/**
 * Staff's one write path for a request: an answer (the lines as staff leave them, each with its net
 * price, and the last valid day) makes it `answered`, again while it is not yet ordered; with
 * `status: 'declined'` and a reason it is declined. An ordered or declined request is 409, and so is
 * a save from a copy older than the record (its version). The member is mailed after the commit.
 */
export async function answerQuoteRequest(id: number, change: QuoteAnswerInput): Promise<ApiQuoteRequest> {
  return QuoteRequest.transaction(async (trx) => {
    if ((await claimVersion(trx, { table: 'quote_requests', id, audit: ['quote-requests'] }, change.version)) === null)
      throw notFound(QUOTE_TEXT.notFound);
    const current = await loadQuote(id, trx);
    if (current.status === 'ordered' || current.status === 'declined') {
      const text = QUOTE_TEXT.notOpen(QUOTE_STATUS_LABELS[current.status]);
      throw conflict(text, { status: text });
    }
    const now = new Date().toISOString();
    if (change.status === 'declined') {
      const reason = (change.reason ?? '').trim();
      if (!reason) throw badRequest(QUOTE_TEXT.reasonRequired, { reason: QUOTE_TEXT.reasonRequired });
      await current.$query(trx).patch({ status: 'declined', reason, answeredAt: now } as Partial<QuoteRequest>);
      await declare(trx, 'quote.declined', { quoteId: id, companyId: current.companyId });
    } else {
      const lines = await answeredLines(change, trx);
      await QuoteRequestLine.query(trx).delete().where({ quoteRequestId: id });
      await QuoteRequestLine.insertComposed(
        trx,
        lines.map((l, i) => ({ ...l, quoteRequestId: id, position: i })),
      );
      await current
        .$query(trx)
        .patch({ status: 'answered', reason: '', validUntil: change.validUntil!, answeredAt: now } as Partial<QuoteRequest>);
      await declare(trx, 'quote.answered', { quoteId: id, companyId: current.companyId });
    }
    return (await views([await loadQuote(id, trx)], { staff: true, trx }))[0];
  });
}

/** An answer's lines, checked (every line priced, each variant once and known) and with the
 *  catalogue's names; refusals name `lines.N.<field>`, `validUntil`. */
async function answeredLines(change: QuoteAnswerInput, trx: Transaction): Promise<Array<Partial<QuoteRequestLine>>> {
  const errors: Record<string, string> = {};
  const lines = change.lines ?? [];
  if (!lines.length) errors.lines = QUOTE_TEXT.noLines;
  if (!change.validUntil) errors.validUntil = QUOTE_TEXT.validUntilRequired;
  const variants = lines.length
    ? ((await Variant.query(trx)
        .whereIn('variants.id', [...new Set(lines.map((l) => l.variantId))])
        .join('products', 'products.id', 'variants.productId')
        .select('variants.id', 'variants.productId', 'variants.name', 'variants.sku', 'products.name as productName')) as unknown as Array<{
        id: number;
        productId: number;
        name: string;
        sku: string;
        productName: string;
      }>)
    : [];
  const byId = new Map(variants.map((v) => [v.id, v]));
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (!byId.has(l.variantId)) errors[`lines.${i}.variantId`] = QUOTE_TEXT.variantUnknown;
    else if (seen.has(l.variantId)) errors[`lines.${i}.variantId`] = QUOTE_TEXT.lineTwice;
    seen.add(l.variantId);
    if (l.netPrice === undefined || l.netPrice === null) errors[`lines.${i}.netPrice`] = QUOTE_TEXT.netPriceRequired;
  });
  if (Object.keys(errors).length) throw badRequest(undefined, errors);
  return lines.map((l) => {
    const v = byId.get(l.variantId)!;
    return {
      productId: v.productId,
      variantId: v.id,
      productName: v.productName,
      variantName: v.name ?? '',
      sku: v.sku ?? '',
      quantity: l.quantity,
      netPrice: l.netPrice!,
    };
  });
}

/** A request with its lines and company (for the mails). */
export async function quoteForMail(id: number): Promise<{ quote: ApiQuoteRequest; company: Company } | null> {
  const q = await QuoteRequest.query().findById(id);
  const company = q ? await Company.query().findById(q.companyId) : undefined;
  if (!q || !company) return null;
  return { quote: (await views([q]))[0], company };
}

/** A closed account: its company's quote requests stay (they are the company's records), without
 *  who asked. */
export async function forgetRequester(trx: Transaction, userId: number): Promise<void> {
  await trx('quote_requests').where({ userId }).update({ requestedByName: '', requestedByEmail: '', updatedAt: nowIso() });
}
