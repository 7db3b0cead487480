// Taking an order's stock: the rows other orders update too, taken last in one order, with
// guarded updates (inventory's adjustStock: stock = stock - q WHERE stock >= q), so the stock is
// never read first and a refusal rolls the whole order back. Placing an order and approving a
// held one both take it here.
import type { Transaction } from 'objection';
import type { Order } from '../../models/Order';
import { Variant } from '../../models/Variant';
import { conflict } from '../../platform/http/errors';
import { GUEST_ORDER } from '@domain/messages';
import type { GuestOrderLimits } from '@domain/limits';
import type { User } from '../../models/User';
import { guestShareAllowed } from './guestOrders';
import { ResolvedLine, stockRefusal } from '../cart';
import { redeemDiscount } from '../discounts';
import { notifyStaff } from '../staff';
import { adjustStock, type StockGuard, type StockMove } from '../inventory';
import type { Quote } from './quote';

/**
 * Step 3: the rows that other orders update too, taken last, in one order (the code's row, then
 * the variants by id), so that two orders never wait for each other crosswise (a deadlock on
 * PostgreSQL), and a row lock is held until COMMIT, so orders of one product wait for each other
 * only that long. Low stock is told to the staff.
 */
export async function takeStock(
  quote: Quote,
  order: Order,
  takenAlong: { take: StockTake; stock: number | null } | null,
  trx: Transaction,
  shareCap: GuestOrderLimits | null,
  user: User | null,
  stockBy: number | null,
): Promise<void> {
  const { lines, discount, settings } = quote;
  if (discount) await redeemDiscount(discount, order.id, order.customerEmail, trx, user);
  const low: Array<{ take: StockTake; stock: number }> = [];
  for (const take of stockNeeded(lines)) {
    const left =
      take.variantId === takenAlong?.take.variantId
        ? takenAlong.stock
        : await adjustStock(trx, saleOf(take, order.id, stockBy), shareGuard(take, shareCap));
    if (left === null) throw await notEnoughStock(trx, take, shareCap);
    if (left <= settings.lowStockThreshold) low.push({ take, stock: left });
  }
  for (const { take, stock } of low) {
    const name = `${take.line.productName} (${take.line.variantName})`;
    await notifyStaff(
      {
        type: 'low_stock',
        message: stock > 0 ? `Ниска наличност: ${name} — остават ${stock} бр.` : `Изчерпан: ${name}`,
        link: '/admin/products',
      },
      trx,
    );
  }
}

/** What one order takes of one variant: several lines (different flavours) may share it. */
export interface StockTake {
  variantId: number;
  quantity: number;
  /** The first line of the variant, and its place in the order (where a refusal is reported). */
  line: ResolvedLine;
  index: number;
}

/** Each variant once, in id order (the order in which their rows are locked). */
export function stockNeeded(lines: ResolvedLine[]): StockTake[] {
  const need = new Map<number, StockTake>();
  lines.forEach((line, index) => {
    const cur = need.get(line.variantId);
    if (cur) cur.quantity += line.quantity;
    else need.set(line.variantId, { variantId: line.variantId, quantity: line.quantity, line, index });
  });
  return [...need.values()].sort((a, b) => a.variantId - b.variantId);
}

/** What one take is in the stock's history: a sale of the order. */
export function saleOf(take: StockTake, orderId: number, userId: number | null): StockMove {
  return { variantId: take.variantId, delta: -take.quantity, reason: 'sale', orderId, userId };
}

/** The take (inventory's guarded update) takes the quantity only if it is there; a guest above the
 *  share's units, only if it is within the share of the stock. */
export function shareGuard(take: StockTake, shareCap: GuestOrderLimits | null): StockGuard | undefined {
  if (!shareCap || take.quantity <= shareCap.maxUnits) return undefined;
  return (q) => q.whereRaw('?? * ? >= ?', ['stock', shareCap.maxStockPercent, take.quantity * 100]);
}

/** The refusal of a take that found too little, or more than a guest may take: the whole order
 *  is rolled back. */
async function notEnoughStock(trx: Transaction, take: StockTake, shareCap: GuestOrderLimits | null) {
  const now = await Variant.query(trx).findById(take.variantId);
  const stock = now?.stock ?? 0;
  const field = `items.${take.index}.quantity`;
  if (shareCap && stock >= take.quantity) {
    const message = GUEST_ORDER.quantityCap(guestShareAllowed(shareCap, stock));
    return conflict(message, { [field]: message });
  }
  return stockRefusal(take.line, stock, field);
}
