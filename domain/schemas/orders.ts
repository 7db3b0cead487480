// Orders after checkout: the shopper's withdrawal, and the staff's list, changes and deletion.
import type { z } from 'zod';
import { API } from '../messages';
import { PAGE_SIZE_MAX, TEXT_MAX } from '../limits';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../orderStatus';
import { PACKING_SLIP_SIZES, PACKING_SLIP_TEXT } from '../packingSlips';
import { bool, input, int, list, money, oneOf, query, recordVersion, text } from './fields';

/** POST /orders/:id/withdraw (the form's `confirm` is its own business). */
export const withdrawalInput = input({ reason: text(TEXT_MAX), confirm: bool() });

export const ORDER_SORTS = ['date', '-date', 'total', '-total', 'status', 'number'] as const;
/** GET /admin/orders?page&limit&searchTerm&statusFilter&sortBy (the plain list). */
export const orderListQuery = query({
  page: int({ min: 1, max: 1_000_000 }),
  limit: int({ min: 1, max: PAGE_SIZE_MAX }),
  searchTerm: text(200),
  statusFilter: oneOf(['all', ...ORDER_STATUSES]),
  sortBy: oneOf(ORDER_SORTS, { message: API.invalidSort }),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

/** What react-admin sends back of an order that is only read. */
const ORDER_READ_ONLY = [
  'id',
  'number',
  'statusLabel',
  'allowedTransitions',
  'allowedPaymentMoves',
  'paymentMethod',
  'customer',
  'shipping',
  'items',
  'itemCount',
  'subtotal',
  'discountCode',
  'discountTotal',
  'shippingTotal',
  'total',
  'currency',
  'note',
  'events',
  'payments',
  'deliveredAt',
  'withdrawnAt',
  'createdAt',
  'updatedAt',
  'userId',
  'message',
  'trackingUrl',
  'stockRestored',
  // a trade order's own figures
  'companyId',
  'companyName',
  'overdue',
  'paymentDueAt',
  'pricesInclude',
  'shippingNet',
  'subtotalNet',
  'vatTotal',
  'purchaseOrderNumber',
  'companyShopId',
  'companyShopName',
  'quoteRequestId',
  'placedBy',
  'paymentState',
  'paid',
  'outstanding',
  'paymentCurrency',
];

/** What staff may change on an order (PUT /admin/orders/:id, always partial). */
export const orderChangeInput = input(
  {
    status: oneOf(ORDER_STATUSES),
    paymentStatus: oneOf(PAYMENT_STATUSES),
    trackingNumber: text(100),
    staffNote: text(TEXT_MAX),
    statusNote: text(TEXT_MAX),
    // With paymentStatus 'refunded': how much goes back (the whole payment when absent), why, and
    // whether the goods come back on the shelves.
    refundAmount: money({ min: 0.01, max: 1_000_000 }),
    refundReason: text(500),
    restock: bool(),
    version: recordVersion(),
  },
  { ignore: ORDER_READ_ONLY },
);

/** DELETE /admin/orders/:id?reason (a plain DELETE has none). */
export const orderDeletionQuery = query({ reason: text(500) });

/** Packing slips: the paper size of one order's slip (?size), and many orders' slips in one PDF. */
const packingSlipSize = oneOf(PACKING_SLIP_SIZES, { message: PACKING_SLIP_TEXT.sizeInvalid });
export const packingSlipQuery = query({ size: packingSlipSize });
export const packingSlipsInput = input({
  ids: list(int({ min: 1, max: Number.MAX_SAFE_INTEGER, item: true }), { required: true }),
  size: packingSlipSize,
});
