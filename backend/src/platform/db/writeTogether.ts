// Several writes that do not depend on each other, in one round trip. On PostgreSQL each
// statement is a trip to the server, and the Node process spends more on a trip (building,
// sending, reading) than the server spends on an insert: an order's number, lines, payment, first
// event and staff notice go as one statement of writable CTEs (`with w0 as (insert … returning
// id), …`), and each write's RETURNING rows come back by name. Only for writes whose order does
// not matter: PostgreSQL runs the parts of one statement in an order of its choosing. Run it inside a transaction when the inserts
// must stand or fall together (on SQLite they are separate statements). SQLite runs in the process,
// where a statement costs no trip: the inserts simply run one after another.
import type { Knex } from 'knex';
import { isPostgres } from './knex';
import { declareWrites, writesOf } from '../cache/tableWrites';

/** Runs each write (a knex insert or update builder with `.returning(…)`), answering each one's returned rows. */
export async function writeTogether(db: Knex, writes: Knex.QueryBuilder[]): Promise<Array<Array<Record<string, unknown>>>> {
  if (writes.length < 2 || !isPostgres(db)) {
    const answers: Array<Array<Record<string, unknown>>> = [];
    for (const write of writes) answers.push(await write);
    return answers;
  }
  // The tables each part writes, read before rendering: knex's rendering of a decrement changes
  // the builder (a stock move would then look like any update of the variants).
  const written = writes.flatMap((w) => writesOf(w as never));
  // knex renders each builder with `?` placeholders; knex.raw numbers them again for the whole.
  const parts = writes.map((write) => write.toSQL());
  const names = parts.map((_, i) => `w${i}`);
  const sql =
    `with ${parts.map((p, i) => `${names[i]} as (${p.sql})`).join(', ')} ` +
    `select ${names.map((n) => `coalesce((select json_agg(${n}) from ${n}), '[]'::json) as ${n}`).join(', ')}`;
  // The caches hear the tables these write, as they would from the builders themselves.
  const statement = declareWrites(
    db.raw(
      sql,
      parts.flatMap((p) => p.bindings as Knex.Value[]),
    ),
    written,
  );
  const { rows } = (await statement) as unknown as { rows: Array<Record<string, Array<Record<string, unknown>>>> };
  return names.map((n) => rows[0][n]);
}
