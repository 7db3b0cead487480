// The staff's view of payments: a page of them with their order's number and customer, one
// payment, and a status move in one transaction (the order's payment status follows).
import { Payment } from '../../models/Payment';
import { notFound } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, type PaymentRecordStatus } from '@domain/orderStatus';
import { toMinor } from '@domain/money';
import type { Actor } from '../orders';
import { setPaymentStatus, type RefundDetails } from './service';
import type { IdempotencyClaim } from '../../platform/http/idempotency';

export const paymentListSpec: RaListSpec = {
  idColumn: 'payments.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'payments.id',
    createdAt: 'payments.createdAt',
    amount: 'payments.amount',
    status: 'payments.status',
    method: 'payments.method',
    paidAt: 'payments.paidAt',
    orderId: 'payments.orderId',
    reference: 'payments.reference',
  },
  filters: {
    q: filterBy.search('orders.searchText'),
    status: filterBy.equals('payments.status', PAYMENT_RECORD_STATUSES),
    method: filterBy.equals('payments.method', PAYMENT_METHODS),
    orderId: filterBy.id('payments.orderId'),
    createdAt_gte: filterBy.date('payments.createdAt', '>='),
    createdAt_lte: filterBy.date('payments.createdAt', '<='),
    amount_gte: filterBy.compare('payments.amount', '>=', toMinor),
    amount_lte: filterBy.compare('payments.amount', '<=', toMinor),
  },
};

/** A payment with what staff need to recognise it: the order's number and customer. */
function withOrder() {
  return Payment.query()
    .join('orders', 'orders.id', 'payments.orderId')
    .select(
      'payments.*',
      'orders.number as orderNumber',
      'orders.customerFirstName',
      'orders.customerLastName',
      'orders.customerEmail',
      'orders.status as orderStatus',
    );
}

function paymentView(p: Payment) {
  const { customerFirstName, customerLastName, ...rest } = p.toJSON() as Record<string, unknown>;
  return { ...rest, customerName: `${customerFirstName ?? ''} ${customerLastName ?? ''}`.trim() };
}

/** One payment as staff see it (with its order's number and customer). */
export async function findPayment(id: number) {
  const p = await withOrder().findById(id);
  if (!p) throw notFound(API.paymentNotFound);
  return paymentView(p);
}

export async function paymentPage(params: RaListParams) {
  const { rows, total } = await raPage(withOrder(), params, paymentListSpec);
  return { rows: rows.map(paymentView), total };
}

/** A status move by staff; answers the payment as the list shows it. */
export async function movePayment(
  id: number,
  status: PaymentRecordStatus | undefined,
  actor: Actor,
  refund: RefundDetails,
  once?: IdempotencyClaim,
) {
  if (status) await setPaymentStatus(id, status, actor, refund, once);
  return findPayment(id);
}
