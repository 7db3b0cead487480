// A payment's status moves by staff (PUT /admin/payments/:id).
import { PAYMENT_RECORD_STATUSES } from '../orderStatus';
import { input, money, oneOf, text } from './fields';

const PAYMENT_READ_ONLY = [
  'id',
  'orderId',
  'method',
  'amount',
  'currency',
  'reference',
  'paidAt',
  'refundedAt',
  'createdAt',
  'updatedAt',
  'orderNumber',
  'customerName',
  'customerEmail',
  'orderStatus',
  'message',
  'refundedAmount',
];

export const paymentChangeInput = input(
  {
    status: oneOf(PAYMENT_RECORD_STATUSES),
    // A refund may be partial (the whole payment when absent) and says why.
    refundAmount: money({ min: 0.01, max: 1_000_000 }),
    refundReason: text(500),
  },
  { ignore: PAYMENT_READ_ONLY },
);
