import { BaseModel, S } from './BaseModel';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  OrderStatus,
  PaymentStatus,
  PaymentMethod,
  ShippingMethod,
} from '@domain/orderStatus';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX } from '@domain/limits';
import type { OrderItem } from './OrderItem';
import type { OrderEvent } from './OrderEvent';
import type { Payment } from './Payment';

/** An order. Columns are flat; the API groups customer{} and shipping{} (modules/orders/service). */
export class Order extends BaseModel {
  static tableName = 'orders';
  static moneyFields = ['subtotal', 'discountTotal', 'shippingTotal', 'total'];
  static hiddenFields = ['searchText', 'guestTokenHash', 'heldRequest'];

  number!: string;
  userId!: number | null;
  guestTokenHash!: string | null;
  status!: OrderStatus;
  paymentStatus!: PaymentStatus;
  paymentMethod!: PaymentMethod;
  customerFirstName!: string;
  customerLastName!: string;
  customerEmail!: string;
  customerPhone!: string;
  shippingMethod!: ShippingMethod;
  shippingCity!: string;
  shippingPostcode!: string;
  shippingAddress!: string;
  subtotal!: number;
  discountCode!: string | null;
  discountId!: number | null;
  discountTotal!: number;
  shippingTotal!: number;
  total!: number;
  currency!: string;
  note!: string;
  staffNote!: string;
  trackingNumber!: string;
  /** JSON snapshot of the chosen courier office, and whose waybill trackingNumber is (couriers module). */
  shippingOffice!: string | null;
  trackingCourier!: string | null;
  searchText!: string;
  deliveredAt!: string | null;
  withdrawnAt!: string | null;
  /** When the order's stock went back on the shelves (cancel, return, refund with restock). */
  stockRestoredAt!: string | null;
  /** The company a trade order was placed for (modules/trade), or null. */
  companyId!: number | null;
  /** 'net': the items' unit prices are without VAT (a trade order); 'gross': retail. */
  pricesInclude!: 'gross' | 'net';
  /** When a trade order on payment terms is due (ISO time), or null. */
  paymentDueAt!: string | null;
  overdueRemindedAt!: string | null;
  /** The buyer's own purchase-order number (a trade order), or null. */
  purchaseOrderNumber!: string | null;
  /** The company's shop it is delivered to (null once the shop is deleted), and its name then. */
  companyShopId!: number | null;
  companyShopName!: string | null;
  /** A held order's lines as chosen, for its approval to quote again (JSON; null once placed). */
  heldRequest?: string | null;
  /** Placed by an answered quote (modules/quotes): its id. */
  quoteRequestId?: number | null;
  createdAt!: string;
  updatedAt!: string;
  /** Raised by every write through the record's write path (platform/db/versions). */
  version!: number;
  items?: OrderItem[];
  events?: OrderEvent[];
  payment?: Payment;

  static jsonSchema = {
    type: 'object',
    required: [
      'number',
      'paymentMethod',
      'customerFirstName',
      'customerLastName',
      'customerEmail',
      'customerPhone',
      'shippingMethod',
      'shippingCity',
      'shippingAddress',
      'subtotal',
      'total',
    ],
    properties: {
      number: S.str(32, 1),
      userId: S.idOrNull,
      status: S.enum(ORDER_STATUSES),
      paymentStatus: S.enum(PAYMENT_STATUSES),
      paymentMethod: S.enum(PAYMENT_METHODS),
      customerFirstName: S.str(NAME_MAX, 1),
      customerLastName: S.str(NAME_MAX, 1),
      customerEmail: S.str(EMAIL_MAX, 3),
      customerPhone: S.str(PHONE_MAX, 1),
      shippingMethod: S.enum(SHIPPING_METHODS),
      shippingCity: S.str(NAME_MAX, 1),
      shippingPostcode: S.str(10),
      shippingAddress: S.str(300, 1),
      subtotal: S.int(0),
      discountCode: S.strOrNull(50),
      discountId: S.idOrNull,
      discountTotal: S.int(0),
      shippingTotal: S.int(0),
      total: S.int(0),
      currency: S.str(3, 3),
      note: S.str(TEXT_MAX),
      staffNote: S.str(TEXT_MAX),
      trackingNumber: S.str(100),
      purchaseOrderNumber: S.strOrNull(35),
      companyShopId: S.idOrNull,
      companyShopName: S.strOrNull(200),
      quoteRequestId: S.idOrNull,
    },
  };

  static get relationMappings() {
    const { OrderItem } = require('./OrderItem');
    const { OrderEvent } = require('./OrderEvent');
    const { Payment } = require('./Payment');
    const { User } = require('./User');
    return {
      items: { relation: BaseModel.HasManyRelation, modelClass: OrderItem, join: { from: 'orders.id', to: 'order_items.order_id' } },
      events: { relation: BaseModel.HasManyRelation, modelClass: OrderEvent, join: { from: 'orders.id', to: 'order_events.order_id' } },
      payment: { relation: BaseModel.HasOneRelation, modelClass: Payment, join: { from: 'orders.id', to: 'payments.order_id' } },
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'orders.user_id', to: 'users.id' } },
    };
  }
}
