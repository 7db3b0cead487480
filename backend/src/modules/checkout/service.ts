// Placing an order: one transaction that re-checks every line against the catalogue, prices
// it with the one quote (modules/checkout/quote: nothing price-like from the client is used), in the
// currency of account read inside the same transaction (the euro switch cannot land halfway),
// refuses it when the shopper was shown another total, writes the order, its item snapshots,
// payment record, first history event and a staff notification, then redeems the discount and
// takes the stock with guarded updates (stock = stock - q WHERE stock >= q: the stock is never
// read first), so that the rows every order of a product or code updates stay locked only until
// COMMIT. `checkout` is the whole of it for a shopper or for staff taking an order by phone: the
// transaction, declaring `order.placed` (the confirmation e-mail follows the commit: orders).
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import type { Config } from '../../config';
import { Order } from '../../models/Order';
import type { OrderItem } from '../../models/OrderItem';
import type { OrderEvent } from '../../models/OrderEvent';
import type { Payment } from '../../models/Payment';
import { insertComposedTogether, type BaseModel, type ComposedInsert } from '../../models/BaseModel';
import type { BatchWrite } from '../../platform/db/writeTogether';
import { User } from '../../models/User';
import { badRequest, conflict, HttpError } from '../../platform/http/errors';
import { API } from '@domain/messages';
import type { GuestOrderLimits } from '@domain/limits';
import { getSettings } from '../settings';
import { guestOrderCounts, verifiedProof, type GuestOrderSource } from './guestOrders';
import { formatDual, formatMoney, fromMinor, toMinor, type Currency } from '@domain/money';
import { needsApproval, type MemberRole } from '@domain/companyMembers';
import { DUNNING_TEXT } from '@domain/dunning';
import { searchable } from '@domain/slug';
import { clearCartWrite, LineInput, ResolvedLine } from '../cart';
import { STAFF_CODE_CHECK, type CodeCheckPass } from '../discounts';
import { noticeInserts } from '../staff';
import {
  actorOf,
  orderInserts,
  orderItemInserts,
  orderMailCount,
  placementHistory,
  recordHistory,
  setStaffNote,
  type Actor,
} from '../orders';
import { orderPaymentInserts } from '../accounts';
import { declareAlong } from '../../platform/events';
import { recordIdempotentEffect, type IdempotencyClaim } from '../../platform/http/idempotency';
import { issueTradeInvoiceIn, recordInvoiceRequest } from '../invoices';
import type { InvoiceRequest } from '@domain/invoices';
import type { CheckoutOrder, PhoneOrder } from '@domain/schemas/checkout';
import { paymentDueAt, quoteCart, quoteView, QuoteView } from './quote';
import { BY_STAFF, visitorOf, type Visitor } from '../catalogue';
import { companyShopForOrder, tradeTermsOf, type OrderShop } from '../trade';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import type { TradeTerms } from '@domain/trade';
import { lockCurrencyForOrder } from '../settings';
import { officeForOrder, officeShippingFields } from '../couriers';
import { stockAfter, stockMoveWrites } from '../inventory';
import { saleOf, shareGuard, stockNeeded, takeStock, type StockTake } from './stockTake';

/** An order as its schemas read it: the shopper's (any of the four checkout schemas) or staff's by
 *  phone (terms confirmed aloud: `checkout` marks them accepted). */
export type CheckoutInput = CheckoutOrder | Omit<PhoneOrder, 'staffNote'>;

/** 409 when the shopper was shown another total: carries the new quote for the page to show. */
export class TotalChangedError extends HttpError {
  constructor(public quote: QuoteView) {
    super(409, API.totalChanged(formatDual(quote.total, quote.currency, quote.dualCurrency)), {
      expectedTotal: API.totalChanged(formatMoney(quote.total, quote.currency)),
    });
    this.extra = { quote };
  }
}

/** The readable order number, from the id so that it is unique without a counter to race on. */
export function orderNumber(id: number): string {
  return `VS-${String(10000 + id)}`;
}

/**
 * The order in one transaction (`trx`), step by step (the 18+ and terms ticks are the schema's:
 * every path that places one parsed its body first): price, record (with the payment
 * and, for most orders, the stock in the same round trip), then take the rest of the stock.
 * `alsoRecord` writes what else belongs to it (an invoice request, who took it by phone) before
 * the code is redeemed and the stock taken; `alsoWrite`'s groups go with the order's records (e.g.
 * the mail cap's count) and `writeLast`'s after them, each answering its rows under its name.
 */
async function placeOrder<A extends string, L extends string>(
  input: CheckoutInput,
  user: User | null,
  trx: Transaction,
  extra: PlaceExtra<A, L>,
): Promise<{ order: Order; alsoWritten: Answers<A>; lastWritten: Answers<L> }> {
  const priced = await price(input, user, trx, extra.codeCheck, extra.visitor, extra.fixedNetPrices);
  const recorded = await record(input, user, priced, trx, extra);
  await extra.alsoRecord?.(recorded.order);
  // A held order takes nothing until an owner approves it (approveHeldOrder).
  if (!priced.held)
    await takeStock(priced.quote, recorded.order, recorded.takenAlong, trx, extra.shareCap ?? null, user, extra.stockBy ?? null);
  // The whole order as written, so the answer needs no second read.
  return { order: recorded.order, alsoWritten: recorded.alsoWritten, lastWritten: recorded.lastWritten };
}

interface Priced {
  /** The order's id, drawn with the currency lock. */
  drawnId: number;
  office: Awaited<ReturnType<typeof officeForOrder>>;
  /** The member's company's shop it goes to, if chosen. */
  shop: OrderShop | null;
  /** The buyer's purchase-order number (a trade order), or null. */
  purchaseOrderNumber: string | null;
  quote: Awaited<ReturnType<typeof quoteCart>>;
  /** A company's buyer above their order limit: the order waits for an owner's approval. */
  held: boolean;
  /** An answered quote's agreed net prices, which its approval keeps. */
  fixedNetPrices: ReadonlyMap<number, number> | null;
}

/** Step 1: the one quote, in the currency of account read behind the euro switch's lock; 409 when
 *  the shopper was shown another total. */
async function price(
  input: CheckoutInput,
  user: User | null,
  trx: Transaction,
  codeCheck: CodeCheckPass | undefined,
  visitor: Visitor | undefined,
  fixedNetPrices?: ReadonlyMap<number, number>,
): Promise<Priced> {
  // Wait for a euro switch in progress (PostgreSQL; SQLite's one connection already serialises):
  // the currency and every price below are then read from the same side of it. The order's id is
  // drawn in the same statement.
  const drawnId = await lockCurrencyForOrder(trx, Order.tableName);
  const office = await officeForOrder(input.shipping, trx);
  const trade = visitor?.trade ?? null;
  const purchaseOrderNumber = purchaseOrderOf(input, trade);
  const shop = await deliveryShop(input.shipping, trade, trx);
  const wanted = {
    items: input.items,
    shippingMethod: input.shipping.method,
    discountCode: input.discountCode,
    email: input.customer.email,
    codeCheck,
    prepayment: input.prepayment,
  };
  // The stock is not read first: the guarded takes of step 4 refuse what is not there.
  const quote = await quoteCart(wanted, user, { trx, strictDiscount: true, stockTakenAfter: true, visitor, fixedNetPrices });
  // A company held to prepayment may still order, paying in advance (or on delivery).
  const dunning = quote.trade?.dunning;
  if (dunning?.prepaymentOnly && input.paymentMethod === 'bank_transfer' && !input.prepayment) {
    const text = DUNNING_TEXT.prepaymentOnly(dunning.afterDays, formatMoney(fromMinor(dunning.overdue) ?? 0, quote.currency));
    throw conflict(text, { prepayment: text });
  }
  if (input.expectedTotal !== undefined && toMinor(input.expectedTotal) !== quote.totals.total) {
    // What the page must show now, stock included (or the stock's own refusal).
    throw new TotalChangedError(
      quoteView(await quoteCart(wanted, user, { trx, strictDiscount: true, checkStock: true, visitor, fixedNetPrices })),
    );
  }
  // Staff taking an order by phone place it: the company's limits are its own members' rule.
  const held = !!quote.trade && !!user && !visitor?.byStaff && needsApproval(memberOf(user), quote.trade.amounts.subtotalNet);
  return { drawnId, office, shop, purchaseOrderNumber, quote, held, fixedNetPrices: fixedNetPrices ?? null };
}

/** A member's role and limit as the approval rule reads them. */
function memberOf(user: User): { role: MemberRole; orderLimit: number | null } {
  return { role: user.companyRole ?? 'owner', orderLimit: user.orderLimit ?? null };
}

/** What a held order keeps of the buyer's choice, for its approval to quote again: its lines,
 *  whether paid in advance, and an answered quote's agreed net prices ([variantId, price]). */
export interface HeldRequest {
  lines: LineInput[];
  prepayment: boolean;
  netPrices?: Array<[number, number]>;
}

function heldRequestOf(input: CheckoutInput, { quote, fixedNetPrices }: Priced): string {
  const lines = quote.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    attributes: l.attributes.map((a) => ({ attributeId: a.attributeId, attributeValueId: a.attributeValueId })),
    quantity: l.quantity,
    personalization: l.personalization,
  }));
  const held: HeldRequest = { lines, prepayment: Boolean(input.prepayment) };
  if (fixedNetPrices) held.netPrices = [...fixedNetPrices];
  return JSON.stringify(held);
}

/** A member's purchase-order number: required when the company says so (400 on the field); a
 *  consumer's order has none. Blank is none. */
function purchaseOrderOf(input: CheckoutInput, trade: TradeTerms | null): string | null {
  const number = input.purchaseOrderNumber?.trim() || null;
  if (number && !trade)
    throw badRequest(TRADE_ORDER_TEXT.purchaseOrderTradeOnly, { purchaseOrderNumber: TRADE_ORDER_TEXT.purchaseOrderTradeOnly });
  if (!number && trade?.requirePurchaseOrderNumber)
    throw badRequest(TRADE_ORDER_TEXT.purchaseOrderRequired, { purchaseOrderNumber: TRADE_ORDER_TEXT.purchaseOrderRequired });
  return number;
}

/** The member's company's shop the order goes to (`shipping.companyShopId`): by courier to its
 *  address; another company's shop, or none of the buyer's, is a 400 on the field. */
async function deliveryShop(shipping: CheckoutInput['shipping'], trade: TradeTerms | null, trx: Transaction): Promise<OrderShop | null> {
  if (shipping.companyShopId === undefined) return null;
  if (shipping.method !== 'address' || shipping.officeId !== undefined)
    throw badRequest(TRADE_ORDER_TEXT.companyShopByAddress, { 'shipping.companyShopId': TRADE_ORDER_TEXT.companyShopByAddress });
  return companyShopForOrder(trade?.companyId ?? null, shipping.companyShopId, trx);
}

/** The order's row, composed from the checked input (domain/schemas/checkout: the same limits as
 *  the model) and the quote. */
function orderRow(input: CheckoutInput, user: User | null, priced: Priced): Partial<Order> {
  const { office, shop, quote } = priced;
  const c = input.customer;
  const s = office
    ? { ...input.shipping, ...officeShippingFields(office) }
    : shop
      ? { ...input.shipping, city: shop.city, address: shop.address }
      : input.shipping;
  const { totals, discount, currency } = quote;
  return {
    userId: user?.id ?? null,
    status: priced.held ? 'awaiting_approval' : 'pending',
    heldRequest: priced.held ? heldRequestOf(input, priced) : null,
    paymentStatus: 'unpaid',
    paymentMethod: input.paymentMethod,
    customerFirstName: c.firstName,
    customerLastName: c.lastName,
    customerEmail: c.email,
    customerPhone: c.phone,
    shippingMethod: s.method,
    shippingCity: s.city,
    shippingPostcode: s.postcode ?? '',
    shippingAddress: s.address,
    subtotal: totals.subtotal,
    discountCode: discount?.code ?? null,
    discountId: discount?.id ?? null,
    discountTotal: totals.discountTotal,
    shippingTotal: totals.shippingTotal,
    total: totals.total,
    currency,
    note: input.note ?? '',
    staffNote: '',
    trackingNumber: '',
    shippingOffice: office ? JSON.stringify(office) : null,
    deliveredAt: null,
    withdrawnAt: null,
    ...(quote.trade ? tradeOrderFields(input, quote.trade.terms, priced) : {}),
  };
}

/**
 * A member's order: placed for the company, its items' prices net; a bank transfer is
 * due on the company's terms (0 days: at placement — prepayment, shipped once paid), cash on
 * delivery is paid to the courier (no due date). It keeps the buyer's purchase-order number and
 * the company's shop it goes to (with the shop's name as it is now).
 */
function tradeOrderFields(
  input: CheckoutInput,
  terms: { companyId: number; paymentTermsDays: number },
  { shop, purchaseOrderNumber }: Priced,
): Partial<Order> {
  return {
    companyId: terms.companyId,
    pricesInclude: 'net',
    paymentDueAt: input.paymentMethod === 'bank_transfer' ? paymentDueAt(input.prepayment ? { paymentTermsDays: 0 } : terms) : null,
    purchaseOrderNumber,
    companyShopId: shop?.id ?? null,
    companyShopName: shop?.name ?? null,
  };
}

/** Its number comes from its id, so that it is unique without a counter to race on; staff find it
 *  by the number, the buyer's name, e-mail and phone, and the buyer's purchase-order number. */
function numbering(id: number, c: CheckoutInput['customer'], purchaseOrderNumber: string | null) {
  const number = orderNumber(id);
  return { number, searchText: searchable(number, c.firstName, c.lastName, c.email, c.phone, purchaseOrderNumber) };
}

/** What was bought: the lines' snapshots (an order placed, or a held one priced again). */
export function itemRows(orderId: number, lines: ResolvedLine[]): Array<Partial<OrderItem>> {
  return lines.map((l) => ({
    orderId,
    productId: l.productId,
    variantId: l.variantId,
    productName: l.productName,
    variantName: l.variantName,
    sku: l.sku,
    attributes: l.attributes.map((a) => ({ name: a.name, value: a.value })),
    personalization: l.personalization,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
  }));
}

/** The pay step: the order's payment record, pending until staff or the courier mark it paid. */
function paymentRow(orderId: number, number: string, input: CheckoutInput, { quote }: Priced): Partial<Payment> {
  return {
    orderId,
    method: input.paymentMethod,
    amount: quote.totals.total,
    currency: quote.currency,
    status: 'pending',
    reference: number,
    paidAt: null,
    refundedAt: null,
  };
}

interface Recorded<A extends string, L extends string> {
  order: Order;
  /** What each of `alsoWrite`'s groups answered. */
  alsoWritten: Answers<A>;
  /** What each of the groups `writeLast` gave answered. */
  lastWritten: Answers<L>;
  /** The stock take that went with the records, and the stock it left (null: refused). */
  takenAlong: { take: StockTake; stock: number | null } | null;
}

/**
 * Step 2: the order, what was bought, the payment, the first history row and the staff's notice,
 * written together with the order's row (its id was drawn with the lock): one statement on
 * PostgreSQL, one run of statements on SQLite. An order whose only contended row is one variant's
 * stock (most orders) takes it in the same round trip.
 */
async function record<A extends string, L extends string>(
  input: CheckoutInput,
  user: User | null,
  priced: Priced,
  trx: Transaction,
  extra: PlaceExtra<A, L>,
): Promise<Recorded<A, L>> {
  const { alsoWrite, judge, shareCap = null, writeLast } = extra;
  const { drawnId, quote } = priced;
  const { lines, totals, discount, currency, fromServerCart } = quote;
  const c = input.customer;
  const row = orderRow(input, user, priced);
  const orderId = drawnId;
  // Made once: the search text normalises the buyer's name, e-mail and phone.
  const numbered = numbering(orderId, c, priced.purchaseOrderNumber);
  const { number } = numbered;
  const actor = actorOf(user, `${c.firstName} ${c.lastName}`.trim());
  const takes = stockNeeded(lines);
  const along = !discount && !priced.held && takes.length === 1 ? takes[0] : null;
  const stockBy = extra.stockBy ?? null;
  const written = await writeNamed(trx, {
    // The caller's writes (a guest's counts, judged below) and the order's own beside its records.
    alongside: {
      ...alsoWrite,
      cart: fromServerCart && user ? [clearCartWrite(trx, user.id)] : [],
      // The take and its sale movement (made of the take's answer), with the records.
      stock: along ? stockMoveWrites(trx, saleOf(along, orderId, stockBy), shareGuard(along, shareCap)) : [],
    } as Record<A | OwnWrite, BatchWrite[]>,
    inserts: {
      order: orderInserts(trx, { id: orderId, ...row, ...numbered }),
      items: orderItemInserts(trx, itemRows(orderId, lines)),
      payment: orderPaymentInserts(trx, paymentRow(orderId, number, input, priced)),
      history: placementHistory(trx, orderId, actor),
      // Staff hear of a held order when it is approved.
      notice: priced.held ? [] : noticeInserts(trx, newOrderNotice(orderId, number, c, totals.total, currency)),
    },
    last: writeLast(orderId, priced.held),
  });
  const alsoWritten = pick(written.alongside, Object.keys(alsoWrite) as A[]);
  // What went with the order (e.g. a guest's counts) may refuse it before anything else is done.
  await judge?.(alsoWritten);
  const order = written.made.order[0] as Order;
  const placed = Object.assign(order, numbered, {
    items: written.made.items as OrderItem[],
    payment: written.made.payment[0] as Payment,
    events: written.made.history as OrderEvent[],
  });
  return {
    order: placed,
    alsoWritten,
    lastWritten: written.last,
    takenAlong: along ? { take: along, stock: stockAfter(written.alongside.stock[0] as Array<Record<string, unknown>>) } : null,
  };
}

/** The order's own writes beside the inserts: the cart it empties, a stock take. */
type OwnWrite = 'cart' | 'stock';

/** What each named group of a batch answered: one list of rows per write, in the group's order. */
type Answers<N extends string> = Record<N, unknown[][]>;

/** Only these names' answers. */
function pick<N extends string>(answers: Answers<string>, names: N[]): Answers<N> {
  return Object.fromEntries(names.map((n) => [n, answers[n]])) as Answers<N>;
}

/** The staff's notice of a new order (placed, or a held one approved). */
export function newOrderNotice(
  orderId: number,
  number: string,
  c: { firstName: string; lastName: string },
  total: number,
  currency: Currency,
) {
  return {
    type: 'order' as const,
    message: `Нова поръчка ${number} от ${c.firstName} ${c.lastName} за ${formatMoney(fromMinor(total) ?? 0, currency)}`,
    link: `/admin/orders/${orderId}`,
  };
}

/** A batch's writes in named groups: the composed `inserts` first, then `alongside`, then `last`
 *  (writes that follow the inserts, or may read what an `alongside` write answered), each part in
 *  the order of its groups. */
interface NamedBatch<A extends string, I extends string, L extends string> {
  alongside: Record<A, BatchWrite[]>;
  inserts: Record<I, Array<ComposedInsert<BaseModel>>>;
  last: Record<L, BatchWrite[]>;
}

/** The groups' items in one list, and how to hand a list of as many answers back by name. */
function flatten<N extends string, T>(groups: Record<N, T[]>): { items: T[]; byName: <R>(answers: R[]) => Record<N, R[]> } {
  const entries = Object.entries(groups) as Array<[N, T[]]>;
  return {
    items: entries.flatMap(([, group]) => group),
    byName: <R>(answers: R[]) => {
      const named = {} as Record<N, R[]>;
      let at = 0;
      for (const [name, group] of entries) named[name] = answers.slice(at, (at += group.length));
      return named;
    },
  };
}

/**
 * A named batch in one round trip (insertComposedTogether; one statement on PostgreSQL): what each
 * group made or answered comes back under its name.
 */
async function writeNamed<A extends string, I extends string, L extends string>(
  trx: Transaction,
  batch: NamedBatch<A, I, L>,
): Promise<{ alongside: Answers<A>; made: Record<I, BaseModel[]>; last: Answers<L> }> {
  const alongside = flatten(batch.alongside);
  const inserts = flatten(batch.inserts);
  const last = flatten(batch.last);
  const done = await insertComposedTogether<BaseModel>(trx, inserts.items, alongside.items, last.items);
  return { alongside: alongside.byName(done.alongside), made: inserts.byName(done.made), last: last.byName(done.after) };
}

interface PlaceExtra<A extends string, L extends string> {
  /** The code-check door's pass, when the order carries a code. */
  codeCheck?: CodeCheckPass;
  alsoRecord?: (order: Order) => Promise<void>;
  /** Writes that go with the order's records, by name (other than the order's own, OwnWrite),
   *  before them in the batch. */
  alsoWrite: Record<A, BatchWrite[]>;
  /** Writes that go last in the order's round trip, by name, given its id (what the order owes
   *  after the commit: its outbox rows; they may follow `alsoWrite`'s answers). */
  writeLast: (orderId: number, held: boolean) => Record<L, BatchWrite[]>;
  /** Judges what `alsoWrite` answered, right after the write (throws to refuse the order). */
  judge?: (alsoWritten: Answers<A>) => Promise<void>;
  /** A guest order: the share of a variant's stock one order may take (checkout/guestOrders). */
  shareCap?: GuestOrderLimits | null;
  /** Who buys (catalogue/visibility decides what they may buy; a member gets the trade quote and a company's order). */
  visitor?: Visitor;
  /** Who the sale's stock movements name: the buying customer, or staff taking it by phone. */
  stockBy?: number | null;
  /** An answered quote's agreed net unit prices by variant (CheckoutOptions.quoted). */
  fixedNetPrices?: ReadonlyMap<number, number>;
}

export interface CheckoutOptions {
  /** Sent with an Idempotency-Key: the request's claim, which the order is recorded on. */
  once?: IdempotencyClaim;
  /** The signed-in customer, or the account the e-mail belongs to for an order taken by phone. */
  user: User | null;
  /** "Искам фактура": the company details, already checked. */
  invoice?: InvoiceRequest | null;
  /** Staff who took the order by phone (the customer confirmed age and terms aloud). */
  takenBy?: { staff: Actor; staffNote?: string };
  /** A shopper's code went through the code-check door (discounts/routes codeCheckOf). */
  codeCheck?: CodeCheckPass;
  /** An order without an account: where it came from and its proof of work (checkout/guestOrders). */
  guest?: GuestOrderSource;
  /** Who buys (ctx.state.visitor): a member of an approved company orders for it on its terms; staff's
   *  phone orders are by staff (catalogue/visibility BY_STAFF). */
  visitor?: Visitor;
  /** What else the order's records carry, given its id (a guest's session remembering it). */
  savedWith?: (trx: Knex, orderId: number) => BatchWrite[];
  /** An order placed by an answered quote (modules/quotes): its lines priced at the agreed net
   *  prices instead of the price list, and `record` run in the order's transaction, before anything
   *  else goes with the order, to claim the quote for it (it throws to refuse the order). */
  quoted?: { netPrices: ReadonlyMap<number, number>; record: (trx: Transaction, order: Order) => Promise<void> };
}

/**
 * Place an order: the order, its invoice request and (by phone) who took it, in one transaction;
 * after the commit the confirmation e-mail. What a stranger types as the address is capped per
 * recipient (counted with the order's records, so a refused order counts nothing); staff's and a
 * customer's own are not.
 */
export async function checkout(config: Config, input: CheckoutInput, options: CheckoutOptions): Promise<Order> {
  const { user, invoice, takenBy } = options;
  const codeCheck = takenBy ? STAFF_CODE_CHECK : options.codeCheck;
  // An order without an account (not staff's by phone) meets the guest limits (checkout/guestOrders).
  const guestLimits = !user && !takenBy ? (await getSettings()).guestOrders : null;
  const proof = guestLimits ? await verifiedProof(config, options.guest?.proof) : null;
  const placed = await Order.transaction(async (trx) => {
    // Staff's phone orders are not capped; a stranger's typed address is, counted with the order.
    const mailCount = takenBy ? null : orderMailCount(input.customer.email, user, trx);
    const guestCounts = guestLimits ? guestOrderCounts(trx, guestLimits, options.guest ?? { ip: '' }, input.customer, proof) : null;
    let placedDeclared: ReturnType<typeof declareAlong<'order.placed'>> | undefined;
    let heldDeclared: ReturnType<typeof declareAlong<'order.awaitingApproval'>> | undefined;
    const { order, alsoWritten, lastWritten } = await placeOrder(takenBy ? { ...input, termsAccepted: true } : input, user, trx, {
      codeCheck,
      shareCap: guestLimits,
      stockBy: takenBy ? takenBy.staff.userId : (user?.id ?? null),
      // A phone order is not an online offer: the sales mode does not restrict staff (ЗТТСТИ чл. 31а
      // bans offering through information-society services); a member's phone order is still the company's.
      visitor: takenBy ? { ...(options.visitor ?? BY_STAFF), byStaff: true } : options.visitor,
      judge: guestCounts ? (written) => guestCounts.judge(config, written.guestCounts) : undefined,
      alsoWrite: { mailCount: mailCount ? [mailCount.write] : [], guestCounts: guestCounts?.writes ?? [] },
      // `order.placed`'s outbox rows and, past the mail cap, the withheld confirmation's note go
      // with the order's records: on PostgreSQL no round trip of their own while the bought
      // variants' rows are locked. The stored row keeps the order as its id (platform/outbox),
      // which stands for it until the record is made.
      writeLast: (orderId, held) => {
        // A held order's owners are told instead; its confirmation follows the approval.
        const savedWith = () => options.savedWith?.(trx, orderId) ?? [];
        if (held) {
          heldDeclared = declareAlong(trx, 'order.awaitingApproval', { orderId });
          return { withheldNote: [], effects: heldDeclared.writes, savedWith: savedWith() };
        }
        const ref = { id: orderId } as Order;
        placedDeclared = declareAlong(
          trx,
          'order.placed',
          mailCount
            ? { ...mailCount.allowed, then: { order: ref, mail: true }, otherwise: { order: ref, mail: false } }
            : { order: ref, mail: true },
        );
        return { withheldNote: mailCount ? [mailCount.withheldNote(orderId)] : [], effects: placedDeclared.writes, savedWith: savedWith() };
      },
      fixedNetPrices: options.quoted?.netPrices,
      alsoRecord: async (o) => {
        await options.quoted?.record(trx, o);
        // Sent with an Idempotency-Key: the key names this order if and only if it commits (before
        // the stock is taken, so the contended rows stay locked no longer for it).
        await recordIdempotentEffect(trx, options.once, 'order', o.id);
        await recordInvoiceRequest(o.id, invoice ?? null, trx);
        // A company's order is invoiced to the company as it is placed (a held one once approved).
        if (o.companyId && o.status !== 'awaiting_approval') await issueTradeInvoiceIn(o.id, trx);
        if (takenBy) {
          if (takenBy.staffNote) await setStaffNote(trx, o.id, takenBy.staffNote);
          const { staff } = takenBy;
          await recordHistory(trx, o.id, { type: 'note', note: API.takenByPhone(staff.label) }, staff);
        }
      },
    });
    const mailAllowed = mailCount ? mailCount.allows(alsoWritten.mailCount[0]) : true;
    if (heldDeclared) heldDeclared.declared(lastWritten.effects, { orderId: order.id });
    else placedDeclared!.declared(lastWritten.effects, { order, mail: mailAllowed });
    return order;
  });
  return placed;
}

/** An order staff take by phone: linked to the customer's account when the e-mail belongs to one,
 *  with who took it (and their note) in the order's history. */
export async function takePhoneOrder(
  config: Config,
  input: CheckoutInput,
  staff: Actor,
  staffNote?: string,
  once?: IdempotencyClaim,
): Promise<Order> {
  const account = await User.query().findOne({ email: input.customer.email });
  // An order for a member of an approved company is the company's, on its terms.
  const visitor = account ? visitorOf(account, await tradeTermsOf(account)) : undefined;
  return checkout(config, input, { user: account ?? null, takenBy: { staff, staffNote }, visitor, once });
}
