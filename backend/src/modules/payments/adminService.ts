// The staff's view of payments: a page of them with their order's number and customer (or their
// payer), one payment with what it paid, a status move of an order's payment in one transaction
// (the order's payment status follows), and money received recorded and allocated.
import { Payment } from '../../models/Payment';
import { PaymentAllocation } from '../../models/PaymentAllocation';
import { PAYMENT_SOURCES } from '@domain/paymentAllocation';
import { notFound } from '../../platform/http/errors';
import { filterBy, raPage, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { API } from '@domain/messages';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, type PaymentRecordStatus } from '@domain/orderStatus';
import { fromMinor, toMinor } from '@domain/money';
import type { RecordedPayment } from '../accounts';
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
    receivedOn: 'payments.receivedOn',
    unallocated: 'payments.unallocated',
  },
  filters: {
    q: (qb, value) => {
      if (typeof value !== 'string') return filterBy.search('orders.searchText')(qb, value);
      qb.where((w) => {
        filterBy.search('orders.searchText')(w as never, value);
        w.orWhere((c) => filterBy.search('companies.searchText')(c as never, value));
        w.orWhere((c) => filterBy.search('payments.reference')(c as never, value));
      });
    },
    companyId: filterBy.id('payments.companyId'),
    source: filterBy.equals('payments.source', PAYMENT_SOURCES),
    // Money with something still to allocate (the payers' credit).
    withCredit: (qb, value) => {
      if (value === true || value === 'true') qb.where('payments.unallocated', '>', 0);
    },
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
    .leftJoin('orders', 'orders.id', 'payments.orderId')
    .leftJoin('companies', 'companies.id', 'payments.companyId')
    .select(
      'payments.*',
      'orders.number as orderNumber',
      'orders.customerFirstName',
      'orders.customerLastName',
      'orders.customerEmail as orderCustomerEmail',
      'orders.status as orderStatus',
      'companies.name as companyName',
    );
}

function paymentView(p: Payment) {
  const { customerFirstName, customerLastName, orderCustomerEmail, customerEmail, companyName, ...rest } = p.toJSON() as Record<
    string,
    unknown
  >;
  const person = `${customerFirstName ?? ''} ${customerLastName ?? ''}`.trim();
  return {
    ...rest,
    companyName: companyName ?? null,
    customerEmail: (orderCustomerEmail as string | null) || customerEmail || '',
    // Who paid, as staff recognise them: the order's customer, or the payer's company or e-mail.
    customerName: person || (companyName as string | null) || (rest.payerName as string) || (customerEmail as string) || '',
  };
}

/** One payment as staff see it (with its order's number and customer), and what it paid (each invoice with its order, for links). */
export async function findPayment(id: number) {
  const p = await withOrder().findById(id);
  if (!p) throw notFound(API.paymentNotFound);
  const allocations = await PaymentAllocation.query()
    .join('invoices', 'invoices.id', 'paymentAllocations.invoiceId')
    .where('paymentAllocations.paymentId', id)
    .orderBy('paymentAllocations.id')
    .select(
      'paymentAllocations.invoiceId',
      'paymentAllocations.amount',
      'invoices.number as invoiceNumber',
      'invoices.orderId',
      'invoices.orderNumber',
    );
  return { ...paymentView(p), allocations: allocations.map((a) => a.toJSON()) };
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

/** What a recording answers: the payment as the list shows it, its allocations and what is left. */
export async function recordedAnswer(recorded: Pick<RecordedPayment, 'id' | 'allocations'>) {
  const payment = await findPayment(recorded.id);
  return {
    ...payment,
    allocations: recorded.allocations.map((a) => ({ ...a, amount: fromMinor(a.amount) })),
    message: API.paymentRecorded,
  };
}
