// What the orders area declares (platform/events): subscribers run after the transaction that
// made the change commits, never for one that rolled back. The status mail, the confirmation,
// the withdrawal acknowledgement (orders/subscribers) and the invoice on payment (invoices) hang
// on these.
import type { OrderStatus, PaymentRecordStatus } from '@domain/orderStatus';
import type { Order } from '../../models/Order';
import type { Actor } from './actor';

/** Who made the shop write a later mail about an order: the shopper (a cancellation or a
 *  withdrawal: anyone who placed a guest order can) or staff and couriers (status changes). */
export type LaterMailCause = 'shopper' | 'staff';

declare module '../../platform/events' {
  interface ShopEvents {
    /** An order was placed (checkout or by phone). `order` is the order as written (with its
     *  items, payment and first history row); `mail` says whether its confirmation may go out (the
     *  recipient's cap judged it with the order). */
    'order.placed': { order: Order; mail: boolean };
    /** An order moved from one status to another. `cause`: who moved it (the shopper's own
     *  cancellation is acknowledged by `order.withdrawn`, not by a status mail). */
    'order.statusChanged': { orderId: number; from: OrderStatus; to: OrderStatus; actor: Actor; cause: LaterMailCause };
    /** The order's payment record moved (paid, failed, refunded). */
    'order.paymentChanged': { orderId: number; from: PaymentRecordStatus; to: PaymentRecordStatus; actor: Actor };
    /** The shopper cancelled before shipping or withdrew after it (EU right of withdrawal). */
    'order.withdrawn': { orderId: number; kind: 'cancellation' | 'withdrawal'; at: string };
  }
}

export {};
