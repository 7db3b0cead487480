// Payload types of the JSON API as the front ends read them (money in decimal BGN).
import type { OrderStatus, PaymentMethod, PaymentStatus, ShippingMethod } from './orderStatus';
import type { ApiOffice, Courier } from './couriers';
import type { ProductKind } from './productKinds';
import type { ConsumerCatalogue, SalesMode } from './trade';
import type { CompanyInvitationView, CompanyMemberView, MemberRole } from './companyMembers';

export interface ApiUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  role: 'customer' | 'admin';
  twoFactorEnabled?: boolean;
  /** Whether the owner opened a link mailed to the address (only then is what others gave with
   *  that address reached through the account), and when. */
  emailVerified?: boolean;
  emailVerifiedAt?: string | null;
  /** A new address waiting for its link to be opened (the account's own answer only). */
  pendingEmail?: string | null;
  createdAt?: string;
  /** The company the user buys for, when a member of one, with its tobacco trade permit: the
   *  issuing office ('' when not given) and the last valid day ("YYYY-MM-DD"; null: none on record). */
  company?: {
    id: number;
    name: string;
    status: 'pending' | 'approved' | 'rejected' | 'suspended';
    /** The member's part: an owner sees the company's money, a buyer what they ordered. */
    role?: MemberRole;
    tobaccoPermit?: string;
    tobaccoPermitOffice?: string;
    tobaccoPermitExpiresAt?: string | null;
  };
}

export interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  position: number;
  productCount: number;
}

export interface ApiProduct {
  id: number;
  /** Raised by every save; a change made from an older copy is refused (409). */
  version?: number;
  slug: string;
  name: string;
  description: string;
  status: string;
  price: number;
  compareAtPrice: number | null;
  categoryId: number | null;
  category: { id: number; name: string; slug: string } | null;
  images: Array<{ id: number; url: string; alt: string }>;
  variants: Array<{
    id: number;
    name: string;
    sku: string;
    price: number;
    stock: number;
    gtin?: string;
    /** Trade quantities are multiples of it; 1: by the piece. */
    packSize?: number;
    /** Its nicotine strength (mg/ml); null: the product's `nicotineMgMl`. */
    nicotineMgMl?: number | null;
    /** A member's price (net, per unit) by their company's price list; never sent to others. */
    tradePrice?: number;
    /** A member's price ladder (net, per unit): from 1 unit (= tradePrice), then each quantity break. */
    tradeTiers?: ApiTradeTier[];
  }>;
  attributes: Array<{ id: number; name: string; values: Array<{ id: number; value: string }> }>;
  nicotineMgMl: number | null;
  volumeMl: number | null;
  /** Device, pod, liquid or accessory (domain/productKinds); always sent by the server. */
  kind?: ProductKind;
  /** Tanks of a device, cartridges in a pack of pods. */
  tankCount?: number;
  /** For the courier's waybill; null: the default weight in the settings. */
  weightGrams?: number | null;
  featured: boolean;
  /** A disposable device: banned from sale since 2025, never active. */
  disposable?: boolean;
  /** A trade line of it: at least this many units (1: no minimum), in multiples of `tradeMultiple`,
   *  or of the variant's packSize while that is null. */
  tradeMinimumQuantity?: number;
  tradeMultiple?: number | null;
  seoTitle: string;
  seoDescription: string;
  stock: number;
  inStock: boolean;
  /** Never true on a priced product (see PricelessProduct). */
  saleRestricted?: false;
  /** A member's price of the first variant (net); with `pricesInclude: 'net'`. */
  tradePrice?: number;
  /** The first variant's price ladder (net). */
  tradeTiers?: ApiTradeTier[];
  /** Present for a member of an approved company: `tradePrice`s are net ('net'). */
  pricesInclude?: 'net';
}

/** One step of a member's price: from `minQuantity` units of a line, `netPrice` a unit (net). */
export interface ApiTradeTier {
  minQuantity: number;
  netPrice: number;
}

/**
 * A regulated product (device, pod, liquid) as the shop answers it, in the sales mode `trade_only`,
 * to a visitor who is not a member of an approved company (ЗТТСТИ чл. 31а): every price null, not
 * orderable (catalogue/visibility forVisitor).
 */
export type PricelessProduct = Omit<ApiProduct, 'price' | 'compareAtPrice' | 'variants' | 'saleRestricted'> & {
  price: null;
  compareAtPrice: null;
  variants: Array<Omit<ApiProduct['variants'][number], 'price'> & { price: null }>;
  saleRestricted: true;
};

/** A product as the shop answers a visitor. */
export type ShopProduct = ApiProduct | PricelessProduct;

/** The texts a product's own answer carries and a list leaves out (a card shows none of them). */
export const PRODUCT_PAGE_TEXTS = ['description', 'seoTitle', 'seoDescription'] as const;

/** A product as a shopper's list answers it: what its card needs; the description and the texts
 *  for search engines come with the product's own answer. */
export type ListedProduct = ShopProduct extends infer P
  ? P extends unknown
    ? Omit<P, (typeof PRODUCT_PAGE_TEXTS)[number]>
    : never
  : never;

export interface CartLineAttribute {
  id?: number;
  cartItemId?: number;
  attributeId: number;
  attributeValueId: number;
  attributeValue?: string;
  attributeName?: string;
}

/** A cart line: its own fields (a guest's cookie holds just these), plus the server's read-outs. */
export interface CartLine {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  personalization: string;
  attributes: CartLineAttribute[];
  productName?: string;
  productSlug?: string;
  image?: string | null;
  variantName?: string;
  unitPrice?: number | null;
  lineTotal?: number | null;
  stock?: number;
  available?: boolean;
  /** A regulated product a visitor who is not a trade member cannot order in trade_only (its
   *  unitPrice and lineTotal are then null, and `refusal` says why). */
  saleRestricted?: boolean;
  refusal?: string;
  /** A trade member's line: unitPrice and lineTotal are net (without VAT). */
  pricesInclude?: 'net';
}

export interface CartAnswer {
  cartItems: CartLine[];
  count: number;
  subtotal: number;
}

export interface ApiOrderItem {
  productId: number | null;
  variantId: number | null;
  productName: string;
  variantName: string;
  attributes: Array<{ name: string; value: string }>;
  personalization: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

/** One entry of an order's history. */
export interface ApiOrderEvent {
  id?: number;
  orderId?: number;
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  note?: string;
  actorUserId?: number | null;
  actorLabel?: string;
  createdAt: string;
}

/** The payment record of an order (amounts in its currency). */
export interface ApiPayment {
  id: number;
  orderId?: number;
  method?: PaymentMethod;
  amount: number;
  currency?: string;
  status: string;
  reference?: string;
  paidAt?: string | null;
  refundedAt?: string | null;
  /** What went back to the buyer (a refund may be partial); null until refunded. */
  refundedAmount?: number | null;
  refundReason?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The API shape of an order, the one the server sends (orderView) and both front
 *  ends read. Staff also get userId and the staff note. */
export interface ApiOrder {
  id: number;
  /** Raised by every change; a change made from an older copy is refused (409). */
  version?: number;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  /** The moves the order state machine allows from here. */
  allowedTransitions: readonly OrderStatus[];
  paymentStatus: PaymentStatus;
  /** The payment moves the order allows now. */
  allowedPaymentMoves: readonly PaymentStatus[];
  paymentMethod: PaymentMethod;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shipping: {
    method: ShippingMethod;
    city: string;
    postcode: string;
    address: string;
    office?: ApiOffice | null;
    /** A trade order delivered to one of the company's shops. */
    companyShopId?: number | null;
  };
  items: ApiOrderItem[];
  itemCount: number;
  subtotal: number;
  discountCode: string | null;
  discountTotal: number;
  shippingTotal: number;
  total: number;
  currency: string;
  note: string;
  trackingNumber: string;
  /** The courier's public tracking page for trackingNumber, when known. */
  trackingUrl?: string | null;
  events: ApiOrderEvent[];
  payments: ApiPayment[];
  deliveredAt: string | null;
  withdrawnAt: string | null;
  /** The stock of a cancelled or returned order went back to the shelves. */
  stockRestored: boolean;
  createdAt: string;
  updatedAt: string;
  /** Staff only. */
  userId?: number | null;
  /** Staff only. */
  staffNote?: string;
  // A trade order's own fields (absent on a consumer's order).
  companyId?: number | null;
  /** 'net': the items' unitPrice and lineTotal are without VAT. */
  pricesInclude?: 'gross' | 'net';
  /** When a bank transfer on the company's terms is due (ISO), or null. */
  paymentDueAt?: string | null;
  overdue?: boolean;
  /** A net order: the goods without VAT, every line's VAT, the shipping's net. */
  subtotalNet?: number;
  vatTotal?: number;
  shippingNet?: number;
  /** The buyer's own purchase-order number, or null. */
  purchaseOrderNumber?: string | null;
  /** The company's shop it goes to (null: none, or the shop was deleted since) and its name then. */
  companyShopId?: number | null;
  companyShopName?: string | null;
  /** An order placed by an answered quote: the quote's id. */
  quoteRequestId?: number | null;
  /** A company's order: the member who placed it (their id and the name they gave). */
  placedBy?: { id: number; name: string } | null;
}

/** The one price quote (POST /api/checkout/quote): amounts in `currency`. */
export interface ApiQuote {
  lines: Array<{
    productId: number;
    variantId: number;
    productName: string;
    productSlug: string;
    variantName: string;
    image: string | null;
    attributes: Array<{ attributeId: number; attributeValueId: number; name: string; value: string }>;
    personalization: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    stock: number;
    /** A member's quote: the SKU and the pack size; the line's quantity is at least
     *  `minimumQuantity`, in multiples of `multiple` (the product's own, else the pack size). */
    sku?: string;
    packSize?: number;
    minimumQuantity?: number;
    multiple?: number;
  }>;
  subtotal: number;
  discountTotal: number;
  shippingMethod: ShippingMethod | null;
  shippingTotal: number;
  total: number;
  currency: 'BGN' | 'EUR';
  dualCurrency: boolean;
  freeShippingFrom: number | null;
  /** How much more (after the discount) until shipping is free; null without a threshold. */
  freeShippingMissing: number | null;
  /** What each method would cost for this cart and code. */
  shippingOptions: Record<ShippingMethod, number>;
  discount: { code: string; type: string; value: number; minSubtotal: number | null } | null;
  /** Why the code sent does not apply (Bulgarian). */
  discountError?: string;
  // A member's quote (absent for everyone else): lines' unitPrice and lineTotal are net.
  pricesInclude?: 'net';
  /** The goods without VAT (Σ lines' lineTotal). */
  subtotalNet?: number;
  /** Every line's VAT, the shipping's included. */
  vatTotal?: number;
  /** The shipping's net (its fee is gross: shippingTotal). */
  shippingNet?: number;
  trade?: ApiTradeQuoteTerms;
}

/** The company's terms as a member's quote states them. */
export interface ApiTradeQuoteTerms {
  companyId: number;
  companyName: string;
  paymentTermsDays: number;
  /** The due date of a bank transfer placed now (ISO); with 0 days or `prepayment`: now. */
  paymentDueAt: string;
  /** The quote was asked with `prepayment: true` (a bank transfer paid in advance). */
  prepayment?: boolean;
  /** The company is overdue past the shop's days: a bank transfer must be paid in advance. */
  prepaymentOnly?: boolean;
  /** Why, as the member reads it (null unless prepaymentOnly). */
  prepaymentOnlyNotice?: string | null;
  /** Net, the shop's currency; 0: none. */
  minimumOrder: number;
  /** With VAT; null: no limit. */
  creditLimit: number | null;
  /** What the company owes now, with VAT. */
  unpaid: number;
  /** Every order must carry the buyer's purchase-order number. */
  requirePurchaseOrderNumber?: boolean;
}

/** A member's own company as the storefront's checkout reads it (GET /api/trade/company). */
export interface ApiTradeCompany {
  id: number;
  name: string;
  status: 'pending' | 'approved' | 'rejected' | 'suspended';
  requirePurchaseOrderNumber: boolean;
  /** Its shops: where its orders may be delivered. */
  shops: Array<{ id: number; name: string; city: string; address: string; phone: string }>;
  /** Who buys for it, with their roles and limits. */
  members: CompanyMemberView[];
  /** Invitations not yet accepted: an owner's to see ([] for a buyer). */
  invitations: CompanyInvitationView[];
  /** The signed-in member's own role and limit. */
  you: { id: number; role: MemberRole; orderLimit: number | null };
}

export interface PublicSettings {
  brand: string;
  contacts: { email: string; phone: string; address: string; city: string; hours: string };
  currency: 'BGN' | 'EUR';
  euroSince?: string | null;
  locale: string;
  dualCurrency: boolean;
  eurRate?: number;
  shippingFees: Record<ShippingMethod, number>;
  freeShippingThreshold: number | null;
  bank: { beneficiary: string; iban: string; bic: string; bankName: string };
  /** The seller's legal identity: footer, terms page, invoices. */
  legal?: LegalIdentity;
  /** How long personal data is kept, in years (the privacy page says it). */
  privacy?: { retentionYears: number; contactRetentionYears: number };
  /** The accessibility statement's editable parts. */
  accessibility?: AccessibilitySettings;
  /** The sales mode within the tobacco law; tradeMinimumOrder: net, decimal. */
  sales?: { mode: SalesMode; consumerCatalogue: ConsumerCatalogue; tradeMinimumOrder: number };
}

export interface AccessibilitySettings {
  limitations: string;
  statementDate: string;
  email: string;
  phone: string;
}

export interface LegalIdentity {
  companyName: string;
  eik: string;
  vatNumber: string;
  seat: string;
  address: string;
  mol: string;
  phone: string;
  email: string;
}

/** A courier shipment (waybill) of an order, as the admin's order screens get it. */
export interface ApiShipment {
  id: number;
  orderId: number;
  courier: Courier;
  waybillNumber: string;
  codAmount: number;
  currency: string;
  weightKg: number;
  reviewBeforePayment: boolean;
  status: string;
  courierStatus: string;
  labelUrl: string;
  trackingUrl: string;
  deliveredAt: string | null;
  codCollectedAt: string | null;
  returnedAt: string | null;
  createdAt: string;
}

/** One customer of the admin's customers view: a registered account or a guest buyer, by e-mail. */
export interface ApiCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  registered: boolean;
  /** Whether the account's address is proven its owner's (null: no account). */
  emailVerified?: boolean | null;
  userId: number | null;
  orderCount: number;
  totalSpent: number;
  lastOrderAt: string | null;
  lastOrderId: number | null;
  createdAt: string | null;
}

/** What one row of a CSV import does (POST /api/admin/import/products). `row` is the row as a
 *  spreadsheet numbers it (the header is row 1). */
export type ImportAction = 'createProduct' | 'createVariant' | 'update' | 'unchanged' | 'error';
export type ImportField =
  'productName' | 'variantName' | 'price' | 'stock' | 'compareAtPrice' | 'category' | 'status' | 'packSize' | 'nicotineMgMl';
export interface ImportChange {
  field: ImportField;
  /** Money as decimals, stock as a number, status as its code, category as its name. */
  from: string | number | null;
  to: string | number | null;
}
export interface ImportRowError {
  /** The column's header as written in the file ('' for the row as a whole). */
  column: string;
  message: string;
}
export interface ImportRow {
  row: number;
  sku: string;
  productName: string;
  variantName: string;
  productSlug: string;
  action: ImportAction;
  changes: ImportChange[];
  errors: ImportRowError[];
}
export interface ImportReport {
  dryRun: boolean;
  /** True only when every change was written (one transaction, all or nothing). */
  applied: boolean;
  message: string;
  rows: ImportRow[];
  counts: Record<ImportAction, number>;
  /** Headers of the file the import understood, and those it leaves alone (ID, Създаден, …). */
  columns: { used: string[]; ignored: string[] };
}

/** One customer for staff (GET /api/admin/customers/:id): the list's row plus how to reach them,
 *  where their parcels went and their latest orders. */
export interface ApiCustomerDetail extends ApiCustomer {
  /** Every phone number they gave, newest first, each once however it was written. */
  phones: string[];
  firstOrderAt: string | null;
  /** Total spent over the orders that count as sales. */
  averageOrder: number;
  addresses: Array<{
    method: ShippingMethod;
    city: string;
    postcode: string;
    address: string;
    office: ApiOffice | null;
    orderCount: number;
    lastUsedAt: string;
  }>;
  /** The latest orders, newest first (at most CUSTOMER_ORDERS_SHOWN; orderCount says how many in all). */
  orders: Array<{
    id: number;
    number: string;
    createdAt: string;
    status: OrderStatus;
    statusLabel: string;
    paymentStatus: PaymentStatus;
    paymentMethod: PaymentMethod;
    total: number;
    currency: string;
    itemCount: number;
  }>;
}

/** A request for a quote (GET /api/trade/quote-requests, /api/admin/quote-requests): amounts are
 *  decimal, net unless said, in `currency`; null until staff answer. */
export interface ApiQuoteRequest {
  id: number;
  number: string;
  /** `expired`: answered, read after its last valid day (the shop's calendar). */
  status: 'requested' | 'answered' | 'declined' | 'ordered' | 'expired';
  statusLabel: string;
  companyId: number;
  companyName: string;
  requestedBy: { name: string; email: string };
  lines: Array<{
    variantId: number;
    productId: number;
    productName: string;
    variantName: string;
    sku: string;
    quantity: number;
    netPrice: number | null;
    lineTotal: number | null;
    /** Staff only: the company's price-list price for the quantity, for reference. */
    listPrice?: number | null;
  }>;
  note: string;
  /** Why it was declined ('' otherwise). */
  reason: string;
  validUntil: string | null;
  subtotalNet: number | null;
  vatTotal: number | null;
  /** The goods with VAT (shipping comes with the order). */
  total: number | null;
  currency: string;
  orderId: number | null;
  orderNumber: string | null;
  createdAt: string;
  answeredAt: string | null;
  updatedAt: string;
  version: number;
}
