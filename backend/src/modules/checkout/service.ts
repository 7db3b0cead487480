// Placing an order: one transaction that re-checks every line against the catalogue, prices
// it with the one quote (modules/checkout/quote: nothing price-like from the client is used), in the
// currency of account read inside the same transaction (the euro switch cannot land halfway),
// refuses it when the shopper was shown another total, writes the order, its item snapshots,
// payment record, first history event and a staff notification, then redeems the discount and
// takes the stock with a guarded update (stock = stock - q WHERE stock >= q) last, so that the
// rows every order of a product or code updates stay locked only until COMMIT. `checkout` is the
// whole of it for a shopper or for staff taking an order by phone: the transaction, then, after
// the commit and in this one place, the confirmation e-mail.
import type { Transaction } from 'objection';
import type { Config } from '../../config';
import { Order } from '../../models/Order';
import { OrderItem } from '../../models/OrderItem';
import { OrderEvent } from '../../models/OrderEvent';
import { Payment } from '../../models/Payment';
import { Variant } from '../../models/Variant';
import { CartItem } from '../../models/CartItem';
import { Notification } from '../../models/Notification';
import { insertComposedTogether, nowIso, type BaseModel } from '../../models/BaseModel';
import { User } from '../../models/User';
import { badRequest, conflict, HttpError } from '../../platform/http/errors';
import { API } from '../../../../domain/messages';
import { formatDual, formatMoney, fromMinor, toMinor } from '../../../../domain/money';
import { searchable } from '../../../../domain/slug';
import type { PaymentMethod, ShippingMethod } from '../../../../domain/orderStatus';
import { LineInput, ResolvedLine } from '../cart/lines';
import { redeemDiscount } from '../discounts/service';
import { noticeRow, notifyStaff } from '../staff/notifications';
import { actorOf, orderView, type Actor } from '../orders/service';
import { mailCustomer, orderConfirmationMail } from '../orders/mail';
import { orderMailAllowed } from './mailCaps';
import { recordInvoiceRequest } from '../invoices/service';
import type { InvoiceRequest } from '../../../../domain/invoices';
import { quoteCart, quoteView, QuoteView } from './quote';
import { lockCurrency } from '../settings/currency';
import { officeForOrder, officeShippingFields } from '../couriers/offices';

export interface CheckoutInput {
  items?: LineInput[];
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shipping: { method: ShippingMethod; city: string; postcode?: string; address: string; officeId?: number };
  paymentMethod: PaymentMethod;
  discountCode?: string;
  note?: string;
  ageConfirmed: boolean;
  termsAccepted: boolean;
  /** The total the shopper was shown (decimal, the shop's currency); optional for scripts. */
  expectedTotal?: number;
}

/** 409 when the shopper was shown another total: carries the new quote for the page to show. */
export class TotalChangedError extends HttpError {
  constructor(public quote: QuoteView) {
    super(409, API.totalChanged(formatDual(quote.total, quote.currency, quote.dualCurrency)), { expectedTotal: API.totalChanged(formatMoney(quote.total, quote.currency)) });
    this.extra = { quote };
  }
}

/** The readable order number, from the id so that it is unique without a counter to race on. */
export function orderNumber(id: number): string {
  return `VS-${String(10000 + id)}`;
}

/** Several lines may take stock from one variant (different flavours): take it once per variant. */
function stockNeeded(lines: ResolvedLine[]): Map<number, { quantity: number; line: ResolvedLine }> {
  const need = new Map<number, { quantity: number; line: ResolvedLine }>();
  for (const l of lines) {
    const cur = need.get(l.variantId);
    need.set(l.variantId, { quantity: (cur?.quantity ?? 0) + l.quantity, line: cur?.line ?? l });
  }
  return need;
}

/**
 * The order in one transaction (`trx`). `alsoRecord` writes what else belongs to it (an invoice
 * request, who took it by phone) before the stock is taken, which comes last.
 */
export async function placeOrder(input: CheckoutInput, user: User | null, trx: Transaction, alsoRecord?: (order: Order) => Promise<void>): Promise<Order> {
  if (!input.ageConfirmed) throw badRequest(API.ageRequired, { ageConfirmed: API.ageRequired });
  if (!input.termsAccepted) throw badRequest(API.termsRequired, { termsAccepted: API.termsRequired });

  // Wait for a euro switch in progress (PostgreSQL; SQLite's one connection already serialises):
  // the currency and every price below are then read from the same side of it.
  await lockCurrency(trx, 'shared');
  const office = await officeForOrder(input.shipping, trx);
  const email = input.customer.email;
  const quote = await quoteCart(
    { items: input.items, shippingMethod: input.shipping.method, discountCode: input.discountCode, email },
    user, { trx, strictDiscount: true, checkStock: true },
  );
  const { lines, totals, discount, settings, currency, fromServerCart } = quote;
  if (input.expectedTotal !== undefined && toMinor(input.expectedTotal) !== totals.total) throw new TotalChangedError(quoteView(quote));

  const c = input.customer;
  const s = office ? { ...input.shipping, ...officeShippingFields(office) } : input.shipping;
  // Composed here from the checked input (domain/schemas/checkout: the same limits as the model).
  const [order] = await Order.insertComposed(trx, [{
    number: `tmp-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    userId: user?.id ?? null,
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentMethod: input.paymentMethod,
    customerFirstName: c.firstName,
    customerLastName: c.lastName,
    customerEmail: email,
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
    searchText: '',
    deliveredAt: null,
    withdrawnAt: null,
  }]);
  // Its number (from its id), what was bought, the payment, the first event and the staff's notice:
  // composed here from the catalogue and the checked input, and written together (one round trip
  // on PostgreSQL).
  const number = orderNumber(order.id);
  const numbered = trx(Order.tableName).where({ id: order.id }).update({ number, searchText: searchable(number, c.firstName, c.lastName, email, c.phone) }).returning('id');
  const actor = actorOf(user, `${c.firstName} ${c.lastName}`.trim());
  const itemInserts = OrderItem.composedInserts(trx, lines.map((l) => ({
    orderId: order.id,
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
  })));
  const [paymentInsert] = Payment.composedInserts(trx, [{ orderId: order.id, method: input.paymentMethod, amount: totals.total, currency, status: 'pending', reference: number, paidAt: null, refundedAt: null }]);
  const [eventInsert] = OrderEvent.composedInserts(trx, [{ orderId: order.id, type: 'created', fromStatus: null, toStatus: 'pending', note: '', actorUserId: actor.userId, actorLabel: actor.label }]);
  const [noticeInsert] = Notification.composedInserts(trx, [noticeRow({ type: 'order', message: `Нова поръчка ${number} от ${c.firstName} ${c.lastName} за ${formatMoney(fromMinor(totals.total) ?? 0, currency)}`, link: `/admin/orders/${order.id}` })]);
  const made = await insertComposedTogether<BaseModel>(trx, [...itemInserts, paymentInsert, eventInsert, noticeInsert], [numbered]);
  const items = made.slice(0, lines.length) as OrderItem[];
  const [payment, created] = made.slice(lines.length) as [Payment, OrderEvent];
  if (fromServerCart && user) await CartItem.query(trx).delete().where({ userId: user.id });
  const placed = Object.assign(order, { number, items, payment, events: [created] });
  await alsoRecord?.(placed);

  // Rows that every order of a code or of a product updates come last: on PostgreSQL a row lock
  // is held until COMMIT, and the orders of one product wait for each other only that long.
  if (discount) await redeemDiscount(discount, order.id, email, trx, user);
  await takeStock(lines, settings.lowStockThreshold, trx);
  // The whole order as written, so the answer needs no second read.
  return placed;
}

/**
 * Take the stock with a guarded update per variant; a line that lost the race refuses the whole
 * order. Variants are taken in id order, so two orders sharing variants never wait for each
 * other crosswise (a deadlock on PostgreSQL). A variant left at or below the threshold is told to
 * the staff (its stock as this update left it, from the same statement).
 */
async function takeStock(lines: ResolvedLine[], lowStockThreshold: number, trx: Transaction): Promise<void> {
  const lowStock: Array<{ name: string; stock: number }> = [];
  for (const [variantId, { quantity, line }] of [...stockNeeded(lines)].sort(([a], [b]) => a - b)) {
    const [taken]: Array<{ stock: number }> = await trx(Variant.tableName).where('id', variantId).where('stock', '>=', quantity)
      .decrement('stock', quantity).update({ updatedAt: nowIso() }).returning('stock');
    if (!taken) {
      const now = await Variant.query(trx).findById(variantId);
      throw conflict(API.notEnoughStock(`${line.productName} (${line.variantName})`, now?.stock ?? 0), { items: API.notEnoughStock(line.productName, now?.stock ?? 0) });
    }
    if (taken.stock <= lowStockThreshold) lowStock.push({ name: `${line.productName} (${line.variantName})`, stock: taken.stock });
  }
  for (const v of lowStock) {
    await notifyStaff({ type: 'low_stock', message: v.stock > 0 ? `Ниска наличност: ${v.name} — остават ${v.stock} бр.` : `Изчерпан: ${v.name}`, link: '/admin/products' }, trx);
  }
}

export interface CheckoutOptions {
  /** The signed-in customer, or the account the e-mail belongs to for an order taken by phone. */
  user: User | null;
  /** "Искам фактура": the company details, already checked. */
  invoice?: InvoiceRequest | null;
  /** Staff who took the order by phone (the customer confirmed age and terms aloud). */
  takenBy?: { staff: Actor; staffNote?: string };
}

/**
 * Place an order: the order, its invoice request and (by phone) who took it, in one transaction;
 * after the commit the confirmation e-mail. What a stranger types as the address is capped per
 * recipient (decided before answering: one counter write); staff's and a customer's own are not.
 */
export async function checkout(config: Config, input: CheckoutInput, options: CheckoutOptions): Promise<Order> {
  const { user, invoice, takenBy } = options;
  const placed = await Order.transaction((trx) =>
    placeOrder(takenBy ? { ...input, termsAccepted: true } : input, user, trx, async (order) => {
      await recordInvoiceRequest(order.id, invoice ?? null, trx);
      if (takenBy) {
        if (takenBy.staffNote) await Order.query(trx).patch({ staffNote: takenBy.staffNote } as Partial<Order>).findById(order.id);
        const { staff } = takenBy;
        await OrderEvent.query(trx).insert({ orderId: order.id, type: 'note', note: API.takenByPhone(staff.label), actorUserId: staff.userId, actorLabel: staff.label } as Partial<OrderEvent>);
      }
    }),
  );
  if (takenBy || (await orderMailAllowed(input.customer.email, user))) void mailCustomer(config, orderView(placed), orderConfirmationMail);
  return placed;
}

/** An order staff take by phone: linked to the customer's account when the e-mail belongs to one,
 *  with who took it (and their note) in the order's history. */
export async function takePhoneOrder(config: Config, input: CheckoutInput, staff: Actor, staffNote?: string): Promise<Order> {
  const account = await User.query().findOne({ email: input.customer.email });
  return checkout(config, input, { user: account ?? null, takenBy: { staff, staffNote } });
}
