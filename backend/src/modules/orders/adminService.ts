// The staff's work on orders, behind the admin routes: the plain list and react-admin's, a
// change through the one transition function (the customer hears of a status move after the
// commit: orders/subscribers), and a
// deletion with its audit record (the whole order kept, so nothing sold is lost).
import type { Knex } from 'knex';
import { Order } from '../../models/Order';
import type { AuditLog } from '../../models/AuditLog';
import { recordAudit } from '../../platform/http/auditTrail';
import type { User } from '../../models/User';
import { filterBy, raPage, whereContains, type RaListParams, type RaListSpec } from '../../platform/lists/raList';
import { cachedCount } from '../../platform/cache/countCache';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from '@domain/limits';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SHIPPING_METHODS,
  type OrderStatus,
  type PaymentStatus,
} from '@domain/orderStatus';
import type { OrderListQuery } from '@domain/schemas/orders';
import type { ApiOrder } from '@domain/api';
import { toMinor } from '@domain/money';
import { deleteOrder, findOrder, orderView, withDetails } from './service';
import { changeOrder } from './transitions';
import { whereOverdue } from './receivables';
import type { Actor } from './actor';

export const staffOrderListSpec: RaListSpec = {
  idColumn: 'orders.id',
  defaultSort: ['createdAt', 'DESC'],
  sortable: {
    id: 'orders.id',
    number: 'orders.id',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    total: 'total',
    status: 'status',
    paymentStatus: 'paymentStatus',
    paymentMethod: 'paymentMethod',
    customerLastName: 'customerLastName',
    customerEmail: 'customerEmail',
  },
  filters: {
    q: filterBy.search('searchText'),
    status: filterBy.equals('status', ORDER_STATUSES),
    paymentStatus: filterBy.equals('paymentStatus', PAYMENT_STATUSES),
    paymentMethod: filterBy.equals('paymentMethod', PAYMENT_METHODS),
    shippingMethod: filterBy.equals('shippingMethod', SHIPPING_METHODS),
    userId: filterBy.id('userId'),
    customerEmail: filterBy.equals('customerEmail'),
    createdAt_gte: filterBy.date('createdAt', '>='),
    createdAt_lte: filterBy.date('createdAt', '<='),
    total_gte: filterBy.compare('total', '>=', toMinor),
    total_lte: filterBy.compare('total', '<=', toMinor),
    // Trade: a company's orders, and those past their due date and still unpaid.
    companyId: filterBy.id('companyId'),
    overdue: (qb, value) => {
      if (value === true || value === 'true') whereOverdue(qb as unknown as Knex.QueryBuilder);
    },
    withdrawn: (qb, value) => (value === true || value === 'true' ? qb.whereNotNull('withdrawnAt') : qb.whereNull('withdrawnAt')),
  },
};

/** The plain list (?page&limit&searchTerm&statusFilter&sortBy): a page of orders with their details, and how many match. */
export async function staffOrderList(q: OrderListQuery): Promise<{ orders: ApiOrder[]; total: number; page: number; limit: number }> {
  const page = q.page ?? PAGE_DEFAULT;
  const limit = q.limit ?? PAGE_SIZE_DEFAULT;
  const query = Order.query();
  if (q.searchTerm) whereContains(query, 'searchText', q.searchTerm.trim().toLocaleLowerCase('bg'));
  if (q.statusFilter && q.statusFilter !== 'all') query.where('status', q.statusFilter);
  const sort = q.sortBy ?? 'date';
  const ordered = query.clone();
  if (sort === 'date') ordered.orderBy('createdAt', 'desc');
  else if (sort === '-date') ordered.orderBy('createdAt', 'asc');
  else if (sort === 'total') ordered.orderBy('total', 'desc');
  else if (sort === '-total') ordered.orderBy('total', 'asc');
  else if (sort === 'status') ordered.orderBy('status', 'asc');
  // The number grows with the id: the oldest first, as a number column reads.
  else if (sort === 'number') ordered.orderBy('id', 'asc');
  const [rows, total] = await Promise.all([
    ordered
      .orderBy('id', 'desc')
      .offset((page - 1) * limit)
      .limit(limit),
    cachedCount(query),
  ]);
  return { orders: (await withDetails(rows)).map((o) => orderView(o, { staff: true })), total, page, limit };
}

/** react-admin's list: one page in its dialect's terms. */
export async function staffOrderPage(params: RaListParams): Promise<{ orders: ApiOrder[]; total: number }> {
  const { rows, total } = await raPage(Order.query(), params, staffOrderListSpec);
  return { orders: (await withDetails(rows)).map((o) => orderView(o, { staff: true })), total };
}

export interface StaffOrderChange {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  trackingNumber?: string;
  staffNote?: string;
  statusNote?: string;
  refundAmount?: number;
  refundReason?: string;
  restock?: boolean;
  version?: number;
}

/** A staff edit in one transaction: the fields, then the status and payment through the one
 *  transition function (its mail follows the commit). */
export async function changeOrderAsStaff(id: number, input: StaffOrderChange, actor: Actor): Promise<ApiOrder> {
  await findOrder(id);
  await Order.transaction(async (trx) => {
    // The transition function goes first: it raises the version (refusing a stale copy) before
    // anything else of the edit is written.
    await changeOrder(
      id,
      {
        status: input.status,
        note: input.statusNote ?? '',
        paymentStatus: input.paymentStatus,
        refund: { amount: input.refundAmount, reason: input.refundReason },
        restock: input.restock,
        version: input.version,
      },
      { trx, actor },
    );
    const patch: Partial<Order> = {};
    if (input.trackingNumber !== undefined) patch.trackingNumber = input.trackingNumber;
    if (input.staffNote !== undefined) patch.staffNote = input.staffNote;
    if (Object.keys(patch).length) await Order.query(trx).patch(patch).findById(id);
  });
  return orderView(await findOrder(id), { staff: true });
}

/** Delete an order; the whole order goes to the audit log in the same transaction. */
export async function deleteOrderAsStaff(
  id: number,
  staff: Pick<User, 'id' | 'email'>,
  reason: string | undefined,
  ip: string,
): Promise<ApiOrder> {
  const order = await Order.transaction(async (trx) => {
    const deleted = await deleteOrder(id, trx, { userId: staff.id, label: staff.email });
    await recordAudit(trx, {
      userId: staff.id,
      actorEmail: staff.email,
      action: 'delete',
      entity: 'order',
      entityId: String(id),
      before: orderView(deleted, { staff: true }),
      after: reason ? { reason } : null,
      ip: ip.slice(0, 64),
    } as Partial<AuditLog>);
    return deleted;
  });
  return orderView(order, { staff: true });
}

/** How many orders are in each status: the tabs of the order list. */
export async function orderCountsByStatus(): Promise<Record<OrderStatus, number>> {
  const rows = (await Order.query().select('status').count({ n: '*' }).groupBy('status')) as unknown as Array<{
    status: OrderStatus;
    n: number | string;
  }>;
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
