// The one write path of stock. A variant's stock changes only here, and every change writes its
// movement (signed delta, reason, order, who, note, the stock after it) in the same transaction,
// so the movements of a variant add up to its stock and say why it is what it is. A take (a
// negative delta) is a guarded update — `stock = stock + delta WHERE stock >= -delta` — so stock
// never goes below zero whatever runs at the same time; the caller decides what a refusal answers
// (checkout's 409 names the line, staff get the stock there is). The update and its movement go to
// the database in one round trip (platform/db/writeTogether: the movement reads the update's new
// figure), and they may ride with other writes (checkout's order records). Each update declares
// itself to the caches as a stock move of its variant (platform/cache/tableWrites) and, once
// answered, carries the stock after it and the id of its movement (a variant's row lock makes
// those ids grow in commit order): the catalogue's caches bring their figures up to date from it
// rather than being dropped.
import type { Knex } from 'knex';
import type { Transaction } from 'objection';
import { Variant } from '../../models/Variant';
import { StockMovement } from '../../models/StockMovement';
import { nowIso } from '../../models/BaseModel';
import { isPostgres } from '../../platform/db/knex';
import { writeTogether, type FollowingWrite } from '../../platform/db/writeTogether';
import { declareWrites, type TableWrite } from '../../platform/cache/tableWrites';
import type { StockReason } from '@domain/stock';

export interface StockMove {
  variantId: number;
  /** Signed: a negative delta takes (refused when that much is not there), a positive one adds. */
  delta: number;
  reason: StockReason;
  orderId?: number | null;
  /** Who moved it: the staff member, the buying customer; none for a guest or the system. */
  userId?: number | null;
  note?: string;
}

/** More conditions on a take (checkout's share of the stock a guest may take). */
export type StockGuard = (update: Knex.QueryBuilder) => void;

const MOVEMENT_WRITE = [{ table: StockMovement.tableName, kind: 'insert' as const, stockOnly: false }];

/** The update of one move, answering the variant's id, product and stock after it (no row: refused),
 *  declared to the caches as a stock move of its variant. */
function stockUpdate(trx: Transaction, move: StockMove, guard?: StockGuard): { update: Knex.QueryBuilder; declared: TableWrite } {
  const q = trx(Variant.tableName).where('id', move.variantId);
  if (move.delta < 0) q.where('stock', '>=', -move.delta);
  guard?.(q);
  const declared: TableWrite = { table: Variant.tableName, kind: 'update', stockOnly: true, stock: { variantId: move.variantId } };
  const update = q.increment('stock', move.delta).update({ updatedAt: nowIso() }).returning(['id', 'productId', 'stock']);
  return { update: declareWrites(update, [declared]), declared };
}

/** A returned row's field, as PostgreSQL's json (column names) or knex (camelCase) words it. */
const field = (row: Record<string, unknown> | undefined, camel: string, snake: string) => row?.[camel] ?? row?.[snake];

/** Once the batch answered: the figure the move leaves, and its movement's id as its order key. */
function fillDeclared(declared: TableWrite, movement: Array<Record<string, unknown>>, update: Array<Record<string, unknown>>) {
  const move = declared.stock!;
  const row = update[0];
  if (!row) {
    move.unchanged = true;
    return;
  }
  const made = movement[0] as Record<string, unknown> | number | undefined;
  const seq = Number(typeof made === 'object' ? made?.id : made);
  const productId = Number(field(row, 'productId', 'product_id'));
  const stock = Number(row.stock);
  if (Number.isInteger(seq) && seq > 0 && Number.isInteger(productId) && Number.isInteger(stock))
    Object.assign(move, { productId, stock, seq });
}

/** The movement of `move`, made of what its update answered (nothing when the update was refused). */
function movementOf(trx: Transaction, move: StockMove, update: Knex.QueryBuilder, declared: TableWrite): FollowingWrite {
  const createdAt = nowIso();
  const orderId = move.orderId ?? null;
  const userId = move.userId ?? null;
  const note = move.note ?? '';
  return {
    follows: update,
    // PostgreSQL types the parameters of a select by their casts, not by the columns they fill.
    fromCte: (source) =>
      trx.raw(
        `insert into stock_movements (variant_id, product_id, delta, reason, order_id, user_id, note, stock_after, created_at) ` +
          `select id, product_id, ?::integer, ?::text, ?::integer, ?::integer, ?::text, stock, ?::text from ${source} returning id`,
        [move.delta, move.reason, orderId, userId, note, createdAt],
      ),
    fromRows: (rows) => {
      const [row] = rows;
      if (!row) return null;
      return trx(StockMovement.tableName)
        .insert({
          variantId: row.id,
          productId: row.productId,
          delta: move.delta,
          reason: move.reason,
          orderId,
          userId,
          note,
          stockAfter: row.stock,
          createdAt,
        })
        .returning('id');
    },
    writes: MOVEMENT_WRITE,
    answered: (rows, updated) => fillDeclared(declared, rows, updated),
  };
}

/**
 * The two writes of one move, to send in one batch with others (platform/db/writeTogether): the
 * guarded update (its answer: `[{ stock }]`, none when refused) and then its movement.
 */
export function stockMoveWrites(trx: Transaction, move: StockMove, guard?: StockGuard): [Knex.QueryBuilder, FollowingWrite] {
  const { update, declared } = stockUpdate(trx, move, guard);
  return [update, movementOf(trx, move, update, declared)];
}

/** The stock after a batch's stock update, from its answer (null: refused, nothing moved). */
export function stockAfter(answer: Array<Record<string, unknown>> | undefined): number | null {
  const row = answer?.[0];
  return row ? Number(row.stock) : null;
}

/**
 * Move one variant's stock by `move.delta` and record why, in `trx`. Answers the stock after it,
 * or null when a take found less than it needs (or no such variant): nothing is written then.
 */
export async function adjustStock(trx: Transaction, move: StockMove, guard?: StockGuard): Promise<number | null> {
  if (move.delta === 0) return currentStock(trx, move.variantId);
  const [update] = await writeTogether(trx, stockMoveWrites(trx, move, guard));
  return stockAfter(update);
}

/**
 * Several moves, one variant at a time in the order of their ids (the order every writer locks
 * variants in, so two never wait for each other crosswise). Answers each one's stock after it,
 * in the order given (null where refused: the caller rolls back or says so).
 */
export async function adjustStockMany(trx: Transaction, moves: StockMove[]): Promise<Array<number | null>> {
  const after = new Map<StockMove, number | null>();
  for (const move of [...moves].sort((a, b) => a.variantId - b.variantId)) after.set(move, await adjustStock(trx, move));
  return moves.map((m) => after.get(m)!);
}

async function currentStock(trx: Transaction, variantId: number): Promise<number | null> {
  const row = await Variant.query(trx).findById(variantId).select('stock');
  return row ? row.stock : null;
}

/**
 * A figure found (a count, an import's column): the difference from the stock now becomes the
 * movement. The row is locked first on PostgreSQL, so an order taken meanwhile is not undone.
 * A count that finds what the books say is recorded too (delta 0); an import leaves it out.
 * Answers the stock after, or null for an unknown variant.
 */
export async function setStockTo(
  trx: Transaction,
  figure: { variantId: number; stock: number; reason: Extract<StockReason, 'count' | 'import'>; userId?: number | null; note?: string },
): Promise<number | null> {
  const read = Variant.query(trx).findById(figure.variantId).select('stock', 'productId');
  if (isPostgres(trx as unknown as Knex)) read.forUpdate();
  const now = await read;
  if (!now) return null;
  const delta = figure.stock - now.stock;
  const move: StockMove = { variantId: figure.variantId, delta, reason: figure.reason, userId: figure.userId, note: figure.note };
  if (delta !== 0) return adjustStock(trx, move);
  if (figure.reason === 'count')
    await trx(StockMovement.tableName).insert({
      variantId: figure.variantId,
      productId: now.productId,
      delta: 0,
      reason: 'count',
      orderId: null,
      userId: figure.userId ?? null,
      note: figure.note ?? '',
      stockAfter: now.stock,
      createdAt: nowIso(),
    });
  return now.stock;
}
