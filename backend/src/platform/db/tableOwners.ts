// Who writes each table. Every table has one owning area of backend/src/modules: only that area
// inserts, updates or deletes its rows, and another area that needs a row changed calls a function
// of the owner's entrance (or takes a statement from it to send in its own batch). Reading another
// area's table stays free. `platform` owns the tables of the machinery that has no business rule
// (the outbox, the mail queue, throttles, idempotency keys, the audit trail): areas change them only
// through platform's functions. backend/test/architecture.test.ts reads this map and fails on a
// write by anyone else; migrations, seeds, tests and platform itself are not scanned.

export type TableOwner =
  | 'accounts'
  | 'auth'
  | 'cart'
  | 'catalogue'
  | 'couriers'
  | 'discounts'
  | 'inventory'
  | 'invoices'
  | 'orders'
  | 'payments'
  | 'quotes'
  | 'settings'
  | 'shipments'
  | 'staff'
  | 'trade'
  | 'platform';

export const TABLE_OWNERS: Readonly<Record<string, TableOwner>> = {
  // Money received (and an order's own payment record) and what it was allocated to.
  payments: 'accounts',
  payment_allocations: 'accounts',
  users: 'auth',
  api_tokens: 'auth',
  password_resets: 'auth',
  email_verifications: 'auth',
  // Also written by platform's session store (platform/http/session.ts), which is not scanned.
  sessions: 'auth',
  cart_items: 'cart',
  cart_item_attributes: 'cart',
  products: 'catalogue',
  variants: 'catalogue',
  attributes: 'catalogue',
  attribute_values: 'catalogue',
  product_attributes: 'catalogue',
  product_images: 'catalogue',
  categories: 'catalogue',
  flavour_lists: 'catalogue',
  price_lists: 'catalogue',
  price_list_prices: 'catalogue',
  courier_offices: 'couriers',
  discounts: 'discounts',
  discount_redemptions: 'discounts',
  discount_customer_uses: 'discounts',
  stock_movements: 'inventory',
  invoices: 'invoices',
  document_sequences: 'invoices',
  orders: 'orders',
  order_items: 'orders',
  order_events: 'orders',
  dunning_reminders: 'orders',
  bank_statements: 'payments',
  bank_statement_lines: 'payments',
  quote_requests: 'quotes',
  quote_request_lines: 'quotes',
  settings: 'settings',
  shipments: 'shipments',
  notifications: 'staff',
  contact_messages: 'staff',
  companies: 'trade',
  company_shops: 'trade',
  company_invitations: 'trade',
  audit_log: 'platform',
  mail_queue: 'platform',
  outbox: 'platform',
  throttles: 'platform',
  idempotency_keys: 'platform',
  write_probe: 'platform',
};

/**
 * The few columns another area writes in a table it does not own, each where the owner sits above
 * the writer in the graph of areas (the writer cannot call it without a cycle) and the columns are
 * the writer's own rule.
 */
export const SHARED_COLUMNS: ReadonlyArray<{ table: string; area: TableOwner; columns: readonly string[]; why: string }> = [
  {
    table: 'variants',
    area: 'inventory',
    columns: ['stock', 'updatedAt'],
    why: 'stock has one write path, adjustStock, with its movement; the catalogue saves the rest of a variant',
  },
  {
    table: 'companies',
    area: 'catalogue',
    columns: ['priceListId'],
    why: "a deleted price list leaves its companies without one (the foreign key's SET NULL, written so the caches hear it); the catalogue is below trade",
  },
];
