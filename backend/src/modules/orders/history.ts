// The order's history (order_events): the one place that writes its rows. Every move of the state
// machine, every payment move, a withdrawal, and the notes (taken by phone, stock back, a
// withheld confirmation) are recorded here, each with who did it.
import type { Knex } from 'knex';
import { OrderEvent } from '../../models/OrderEvent';
import type { ComposedInsert } from '../../models/BaseModel';
import type { BatchCondition, FollowingWrite } from '../../platform/db/writeTogether';
import type { Actor } from './actor';

export type HistoryType = 'created' | 'status' | 'payment' | 'withdrawal' | 'note';

export interface HistoryEntry {
  type: HistoryType;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string;
}

/** The row of one entry, as written. */
function historyRow(orderId: number, entry: HistoryEntry, actor: Actor): Partial<OrderEvent> {
  return {
    orderId,
    type: entry.type,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    note: entry.note ?? '',
    actorUserId: actor.userId,
    actorLabel: actor.label,
  };
}

/** Write one entry of the order's history inside the caller's transaction. */
export function recordHistory(trx: Knex, orderId: number, entry: HistoryEntry, actor: Actor): Promise<OrderEvent> {
  return OrderEvent.query(trx).insert(historyRow(orderId, entry, actor)) as unknown as Promise<OrderEvent>;
}

/** The first entry of a new order, not yet run: written together with the order's other records
 *  (checkout's one round trip). */
export function placementHistory(trx: Knex, orderId: number, actor: Actor): Array<ComposedInsert<OrderEvent>> {
  return OrderEvent.composedInserts(trx, [historyRow(orderId, { type: 'created', toStatus: 'pending' }, actor)]);
}

/** One entry, not yet run, written only when `when` holds of what an earlier write of the same
 *  batch answered (checkout's one round trip: the note of a withheld confirmation). */
export function historyWhen(trx: Knex, orderId: number, entry: HistoryEntry, actor: Actor, when: BatchCondition): FollowingWrite {
  const [insert] = OrderEvent.composedInserts(trx, [historyRow(orderId, entry, actor)]);
  const row = historyRow(orderId, entry, actor);
  const createdAt = (insert.made(0) as OrderEvent).createdAt;
  return {
    follows: when.follows,
    // PostgreSQL types the parameters of a select by their casts, not by the columns they fill.
    fromCte: (source) => {
      const c = when.whenCte(source);
      return trx.raw(
        'insert into order_events (order_id, type, from_status, to_status, note, actor_user_id, actor_label, created_at) ' +
          `select ?::integer, ?::text, ?::text, ?::text, ?::text, ?::integer, ?::text, ?::text where ${c.sql} returning id`,
        [
          orderId,
          row.type!,
          row.fromStatus ?? null,
          row.toStatus ?? null,
          row.note!,
          row.actorUserId ?? null,
          row.actorLabel!,
          createdAt,
          ...c.bindings,
        ],
      );
    },
    fromRows: (rows) => (when.whenRows(rows) ? insert.query : null),
    writes: [{ table: OrderEvent.tableName, kind: 'insert', stockOnly: false }],
  };
}
