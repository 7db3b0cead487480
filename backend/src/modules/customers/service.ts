// Customers as staff think of them: everyone who registered and everyone who bought, one row per
// e-mail (a guest's orders and a later account with the same e-mail are one customer), with how
// many orders, how much they spent (orders that count as sales) and when they last ordered.
import { Order } from '../../models/Order';
import { fromMinor } from '@domain/money';
import type { ApiCustomer } from '@domain/api';
import { ORDER_STATUSES, countsAsSale } from '@domain/orderStatus';
import { isErasedEmail } from '@domain/privacy';

export type CustomerRow = ApiCustomer;

const SALE_STATUSES = ORDER_STATUSES.filter(countsAsSale);

/** Every customer (registered or guest buyer), merged by e-mail. */
export async function allCustomers(): Promise<CustomerRow[]> {
  const knex = Order.knex();
  const [buyers, users] = await Promise.all([
    knex('orders')
      .select(knex.raw('lower(customer_email) as email'))
      .count({ orderCount: '*' })
      .select(
        knex.raw(`sum(case when status in (${SALE_STATUSES.map(() => '?').join(',')}) then total else 0 end) as spent`, SALE_STATUSES),
      )
      .max({ lastOrderAt: 'createdAt', lastOrderId: 'id' })
      .groupByRaw('lower(customer_email)') as Promise<
      Array<{ email: string; orderCount: number | string; spent: number | string | null; lastOrderAt: string; lastOrderId: number }>
    >,
    knex('users')
      .where({ role: 'customer' })
      .select('id', 'email', 'firstName', 'lastName', 'phone', 'createdAt', 'emailVerifiedAt') as Promise<
      Array<{
        id: number;
        email: string;
        firstName: string;
        lastName: string;
        phone: string;
        createdAt: string;
        emailVerifiedAt: string | null;
      }>
    >,
  ]);
  // The name and phone a guest gave on their latest order.
  const latest = new Map<number, { first: string; last: string; phone: string; at: string }>();
  const ids = buyers.map((b) => b.lastOrderId);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await knex('orders')
      .whereIn('id', ids.slice(i, i + 500))
      .select('id', 'customerFirstName', 'customerLastName', 'customerPhone', 'createdAt')) as Array<{
      id: number;
      customerFirstName: string;
      customerLastName: string;
      customerPhone: string;
      createdAt: string;
    }>;
    for (const r of rows)
      latest.set(r.id, { first: r.customerFirstName, last: r.customerLastName, phone: r.customerPhone, at: r.createdAt });
  }
  const byEmail = new Map<string, CustomerRow>();
  for (const b of buyers) {
    // Anonymised orders and closed accounts are nobody's any more (modules/privacy).
    if (isErasedEmail(b.email)) continue;
    const l = latest.get(b.lastOrderId);
    byEmail.set(b.email, {
      id: b.email,
      email: b.email,
      firstName: l?.first ?? '',
      lastName: l?.last ?? '',
      phone: l?.phone ?? '',
      registered: false,
      userId: null,
      orderCount: Number(b.orderCount),
      totalSpent: fromMinor(Number(b.spent ?? 0)) ?? 0,
      lastOrderAt: l?.at ?? b.lastOrderAt,
      lastOrderId: b.lastOrderId,
      createdAt: null,
    });
  }
  for (const u of users) {
    if (isErasedEmail(u.email)) continue;
    const email = u.email.toLowerCase();
    const bought = byEmail.get(email);
    byEmail.set(email, {
      ...(bought ?? { id: email, email, orderCount: 0, totalSpent: 0, lastOrderAt: null, lastOrderId: null }),
      // The account's own details win; a guest's order fills what the account leaves empty.
      firstName: u.firstName || bought?.firstName || '',
      lastName: u.lastName || bought?.lastName || '',
      phone: u.phone || bought?.phone || '',
      registered: true,
      emailVerified: Boolean(u.emailVerifiedAt),
      userId: u.id,
      createdAt: u.createdAt,
    });
  }
  return [...byEmail.values()];
}
