// Stock is a sum of movements: every change of a variant's stock is one row saying by how much,
// why, for which order, by whom and what the stock was after it. The reasons, and a movement as
// the API answers it.

/** Why stock moved: taken by a sale; back by a cancellation, a return or a withdrawal (the
 *  shopper's right to withdraw); staff's correction (±) or count (the figure found); a CSV
 *  import; a new variant's first figure. */
export const STOCK_REASONS = ['sale', 'cancellation', 'return', 'withdrawal', 'adjustment', 'count', 'import', 'initial'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons staff choose in the admin's adjustment dialog. */
export const STAFF_STOCK_REASONS = ['adjustment', 'count'] as const satisfies readonly StockReason[];

/** A movement as GET /api/admin/stock-movements answers it. */
export interface ApiStockMovement {
  id: number;
  variantId: number;
  productId: number;
  productName: string;
  variantName: string;
  sku: string;
  delta: number;
  reason: StockReason;
  orderId: number | null;
  orderNumber: string | null;
  userId: number | null;
  userEmail: string | null;
  note: string;
  stockAfter: number;
  createdAt: string;
}
