// The order state machine: the one table of allowed moves, used by the server to refuse
// anything else (409) and by the admin to show only the buttons that are allowed.

export const ORDER_STATUSES = ['awaiting_approval', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// An order a company's buyer placed above their limit waits for an owner (awaiting_approval): it
// has taken no stock and is no sale yet. The owner's approval places it (checkout's approval, which
// takes the stock), so no move here leads out of it except cancelling.
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_approval: ['cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Moves that put the taken stock back. */
export function restoresStock(to: OrderStatus): boolean {
  return to === 'cancelled' || to === 'returned';
}

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  unpaid: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

/** The payment moves an order allows now: nothing is marked paid on a cancelled order. */
export function allowedPaymentMoves(status: OrderStatus, payment: PaymentStatus): readonly PaymentStatus[] {
  return (PAYMENT_TRANSITIONS[payment] ?? []).filter((p) => !(p === 'paid' && status === 'cancelled'));
}

export const PAYMENT_METHODS = ['cod', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_RECORD_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];
/** What staff may do with a payment: mark it paid (or failed), refund a paid one. */
export const PAYMENT_RECORD_TRANSITIONS: Readonly<Record<PaymentRecordStatus, readonly PaymentRecordStatus[]>> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['refunded'],
  refunded: [],
};
/** The order's payment status that follows from its payment record. */
export const ORDER_PAYMENT_STATUS_OF: Readonly<Record<PaymentRecordStatus, PaymentStatus>> = {
  pending: 'unpaid',
  failed: 'unpaid',
  paid: 'paid',
  refunded: 'refunded',
};
export const PAYMENT_RECORD_STATUS_LABELS: Readonly<Record<PaymentRecordStatus, string>> = {
  pending: 'Очаква плащане',
  paid: 'Платено',
  refunded: 'Възстановено',
  failed: 'Неуспешно',
};
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cod: 'Наложен платеж',
  bank_transfer: 'Банков превод',
};

export const SHIPPING_METHODS = ['econt_office', 'speedy_office', 'address'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Readonly<Record<ShippingMethod, string>> = {
  econt_office: 'До офис на Еконт',
  speedy_office: 'До офис на Спиди',
  address: 'До адрес',
};

/** Statuses from which the shopper may still cancel the order outright (nothing has shipped). */
/** Orders still on their way to the customer: their address and phone are still needed. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped'];

export const CANCELLABLE_BY_SHOPPER: readonly OrderStatus[] = ['awaiting_approval', 'pending', 'confirmed'];
/** Statuses in which the EU right of withdrawal applies (the goods are on their way or arrived). */
export const WITHDRAWABLE: readonly OrderStatus[] = ['shipped', 'delivered'];
/** Days after delivery during which the shopper may withdraw. */
export const WITHDRAWAL_DAYS = 14;

/** Orders nobody owes for: ended, or held for a company's approval (not placed yet). */
export const NOT_OWED_STATUSES: readonly OrderStatus[] = ['awaiting_approval', 'cancelled', 'returned'];

/** Orders that count as sales (revenue, top products). */
export function countsAsSale(status: OrderStatus): boolean {
  return status !== 'cancelled' && status !== 'returned' && status !== 'awaiting_approval';
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  awaiting_approval: 'Чака одобрение',
  pending: 'Нова',
  confirmed: 'Потвърдена',
  shipped: 'Изпратена',
  delivered: 'Доставена',
  cancelled: 'Отказана',
  returned: 'Върната',
};
