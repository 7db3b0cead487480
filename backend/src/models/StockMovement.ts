import { BaseModel, S } from './BaseModel';
import { STOCK_MAX, TEXT_MAX } from '@domain/limits';
import { STOCK_REASONS, type StockReason } from '@domain/stock';

/** One change of a variant's stock (inventory's one write path writes it with the change). */
export class StockMovement extends BaseModel {
  static tableName = 'stock_movements';
  static timestamps = 'created' as const;

  variantId!: number;
  productId!: number;
  /** Signed: taken is negative. */
  delta!: number;
  reason!: StockReason;
  orderId!: number | null;
  /** Who moved it (staff, or the buying customer); null for a guest's order or the system. */
  userId!: number | null;
  note!: string;
  stockAfter!: number;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['variantId', 'productId', 'delta', 'reason', 'stockAfter'],
    properties: {
      variantId: S.id,
      productId: S.id,
      delta: S.int(-STOCK_MAX * 2, STOCK_MAX * 2),
      reason: S.enum(STOCK_REASONS),
      orderId: S.idOrNull,
      userId: S.idOrNull,
      note: S.str(TEXT_MAX),
      stockAfter: S.int(0),
    },
  };
}
