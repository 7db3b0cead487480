// Several writes that do not depend on each other, in one round trip. On PostgreSQL each
// statement is a trip to the server, and the Node process spends more on a trip (building,
// sending, reading) than the server spends on an insert: an order's number, lines, payment, first
// event and staff notice go as one statement of writable CTEs (`with w0 as (insert … returning
// id), …`), and each write's RETURNING rows come back by name. Only for writes whose order does
// not matter: PostgreSQL runs the parts of one statement in an order of its choosing. Run it inside a transaction when the inserts
// must stand or fall together (on SQLite they are separate statements). SQLite runs in the process,
// where a statement costs no trip: the inserts simply run one after another.
// The one exception to "independent": a following write is made of what an earlier write of the
// same batch returned (a stock movement of the stock update's new figure). On PostgreSQL it reads
// that write's CTE; elsewhere it is built from the rows the earlier write answered.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from './knex';
import { declareWrites, tableWritesOf, writesOf, type TableWrite } from '../cache/tableWrites';

/** A write made of the rows an earlier write of the same batch returned. */
export interface FollowingWrite {
  /** The earlier write (it must come before this one in the batch). */
  follows: Knex.QueryBuilder;
  /** PostgreSQL: the statement, reading the earlier write's returned rows from the CTE `source`. */
  fromCte: (source: string) => Knex.Raw;
  /** Elsewhere: the statement made of the rows the earlier write answered; null writes nothing. */
  fromRows: (rows: Array<Record<string, unknown>>) => Knex.QueryBuilder | null;
  /** What it writes, for the caches (a raw statement names no table by itself). */
  writes: TableWrite[];
  /** Hears, once the batch has answered, its own rows and those of the write it follows (a stock
   *  move fills in the figure it declared to the caches). */
  answered?: (rows: Array<Record<string, unknown>>, followed: Array<Record<string, unknown>>) => void;
}

export type BatchWrite = Knex.QueryBuilder | FollowingWrite;

/** A condition on what an earlier write of the same batch answered, for a following write that
 *  writes only when it holds, or chooses what it writes by it. */
export interface BatchCondition {
  /** The earlier write (it must come before the following write in the batch). */
  follows: Knex.QueryBuilder;
  /** PostgreSQL: the condition as SQL, reading the earlier write's returned rows from the CTE `source`. */
  whenCte: (source: string) => { sql: string; bindings: Knex.Value[] };
  /** Elsewhere: the same condition on the rows the earlier write answered. */
  whenRows: (rows: Array<Record<string, unknown>>) => boolean;
}

/** The condition that holds where `c` does not. */
export function unless(c: BatchCondition): BatchCondition {
  return {
    follows: c.follows,
    whenCte: (source) => {
      const { sql, bindings } = c.whenCte(source);
      return { sql: `not (${sql})`, bindings };
    },
    whenRows: (rows) => !c.whenRows(rows),
  };
}

const isFollowing = (w: BatchWrite): w is FollowingWrite => typeof (w as FollowingWrite).fromCte === 'function';

/** Runs each write (a knex insert or update builder with `.returning(…)`), answering each one's returned rows. */
export async function writeTogether(db: Knex, writes: BatchWrite[]): Promise<Array<Array<Record<string, unknown>>>> {
  const answers = await runTogether(db, writes);
  for (const [at, write] of writes.entries())
    if (isFollowing(write) && write.answered) write.answered(answers[at], answers[writes.indexOf(write.follows)] ?? []);
  return answers;
}

async function runTogether(db: Knex, writes: BatchWrite[]): Promise<Array<Array<Record<string, unknown>>>> {
  const earlier = (w: FollowingWrite, at: number) => {
    const i = writes.indexOf(w.follows);
    if (i < 0 || i >= at) throw new Error('writeTogether: a following write must come after the write it follows');
    return i;
  };
  if (writes.length < 2 || !isPostgres(db)) {
    const answers: Array<Array<Record<string, unknown>>> = [];
    const direct = isPostgres(db) ? undefined : await onTransactionConnection(db);
    for (const [at, write] of writes.entries()) {
      const made = isFollowing(write) ? write.fromRows(answers[earlier(write, at)]) : write;
      if (!made) answers.push([]);
      else answers.push((direct && direct(made)) || (await made));
    }
    return answers;
  }
  // The tables each part writes, read before rendering: knex's rendering of a decrement changes
  // the builder (a stock move would then look like any update of the variants).
  const written = writes.flatMap((w) => (isFollowing(w) ? w.writes : writesOf(w as never)));
  const names = writes.map((_, i) => `w${i}`);
  // knex renders each builder with `?` placeholders; knex.raw numbers them again for the whole.
  const parts = writes.map((write, at) => (isFollowing(write) ? write.fromCte(names[earlier(write, at)]).toSQL() : rendered(write)));
  const sql =
    `with ${parts.map((p, i) => `${names[i]} as (${p.sql})`).join(', ')} ` +
    `select ${names.map((n) => `coalesce((select json_agg(${n}) from ${n}), '[]'::json) as ${n}`).join(', ')}`;
  const raw = db.raw(
    sql,
    parts.flatMap((p) => p.bindings as Knex.Value[]),
  );
  const name = preparedName(sql);
  // The caches hear the tables these write, as they would from the builders themselves.
  const statement = declareWrites(name ? (raw as unknown as { options(o: object): Knex.Raw }).options({ name }) : raw, written);
  const { rows } = (await statement) as unknown as { rows: Array<Record<string, Array<Record<string, unknown>>>> };
  return names.map((n) => rows[0][n]);
}

/** knex's builder as far as a plain one-row insert shows it (internal, stable across knex 2–3). */
interface BuilderLike {
  _method?: string;
  _single?: Record<string, unknown>;
  _statements?: unknown[];
  _comments?: unknown[];
  _options?: unknown[];
  client: { config: { client?: unknown } };
}

/** Rendered inserts by shape: dialect, table, columns and what they return. */
const renderedInserts = new Map<string, string>();
/** Enough for every shape the shop writes; a shape past it is rendered each time, as before. */
const RENDERED_SHAPES = 500;
const SHAPE_PARTS = new Set(['table', 'insert', 'returning', 'onConflict', 'merge']);

/** SQL written out whole (`knex.raw` without bindings): the same text renders the same. */
const fixedSql = (v: unknown): string | undefined => {
  const raw = v as { sql?: unknown; bindings?: unknown; toSQL?: unknown; _method?: unknown } | null;
  if (!raw || typeof raw !== 'object' || typeof raw.toSQL !== 'function' || raw._method !== undefined || typeof raw.sql !== 'string')
    return undefined;
  const bindings = raw.bindings;
  return bindings === undefined || (Array.isArray(bindings) && bindings.length === 0) ? raw.sql : undefined;
};

/** An upsert's conflict target and what it merges are part of the shape: every inserted column
 *  (`.onConflict(cols).merge()`), or chosen columns set to SQL written out whole (`.merge({ hits:
 *  knex.raw('…') })`, no bindings). A merge of other values is rendered by knex. */
const conflictOfShape = (single: Record<string, unknown>): string | undefined => {
  const { onConflict, merge } = single;
  if (onConflict === undefined && merge === undefined) return '';
  if (!Array.isArray(onConflict) || !onConflict.every((c) => typeof c === 'string')) return undefined;
  if (merge === null || typeof merge !== 'object') return undefined;
  const updates = (merge as { updates?: unknown }).updates;
  if (updates === undefined) return onConflict.join(',');
  if (updates === null || typeof updates !== 'object' || Array.isArray(updates)) return undefined;
  const set: string[] = [];
  for (const [column, value] of Object.entries(updates)) {
    const sql = fixedSql(value);
    if (sql === undefined) return undefined;
    set.push(`${column}=${sql}`);
  }
  return `${onConflict.join(',')}\u0000${set.join('\u0000')}`;
};

/** A value knex binds as it is: no raw SQL, no JSON made of it, no DEFAULT for it. */
const boundAsIs = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function' && v !== undefined) || v instanceof Date;

const isPlainRow = (row: unknown): row is Record<string, unknown> =>
  row !== null && typeof row === 'object' && Object.getPrototypeOf(row) === Object.prototype;

/**
 * The builder's SQL and bindings. knex renders every statement anew, and for an insert of a dozen
 * columns that costs more than SQLite's running it (mostly mapping each column's name): the SQL of
 * a plain insert (one row, or several with the same columns) whose values are all bound as they
 * are depends only on its table, its columns, its number of rows, what it returns and its upsert
 * clause, so it is rendered once per shape, and the bindings are the values row by row in knex's
 * own column order (sorted by name). Anything else is rendered by knex.
 */
export function rendered(builder: Knex.QueryBuilder): Knex.Sql {
  const b = builder as unknown as BuilderLike;
  const single = b._single ?? {};
  const rows = Array.isArray(single.insert) ? (single.insert as unknown[]) : [single.insert];
  const plain =
    b._method === 'insert' &&
    typeof single.table === 'string' &&
    rows.length > 0 &&
    rows.every(isPlainRow) &&
    !b._statements?.length &&
    !b._comments?.length &&
    !b._options?.length &&
    Object.keys(single).every((k) => SHAPE_PARTS.has(k) || single[k] === undefined || (k === 'only' && single[k] === false));
  const conflict = plain ? conflictOfShape(single) : undefined;
  if (conflict === undefined) return builder.toSQL() as unknown as Knex.Sql;
  const rowsOf = rows as Array<Record<string, unknown>>;
  const columns = Object.keys(rowsOf[0]).sort();
  const sameColumns = (row: Record<string, unknown>) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((c) => c in rowsOf[0]) && columns.every((c) => boundAsIs(row[c]));
  };
  if (columns.length === 0 || !rowsOf.every(sameColumns)) return builder.toSQL() as unknown as Knex.Sql;
  const key = `${String(b.client.config.client)}\u0000${single.table}\u0000${columns.join(',')}\u0000${rowsOf.length}\u0000${JSON.stringify(single.returning ?? null)}\u0000${conflict}`;
  const sql = renderedInserts.get(key);
  if (sql !== undefined) return { sql, bindings: rowsOf.flatMap((row) => columns.map((c) => row[c])) } as unknown as Knex.Sql;
  const compiled = builder.toSQL() as unknown as Knex.Sql;
  if (renderedInserts.size < RENDERED_SHAPES) renderedInserts.set(key, compiled.sql);
  return compiled;
}

/** Batch texts given a name, by text. */
const preparedNames = new Map<string, string>();
/** The shapes of batch the shop sends are few; a text past these goes unnamed, as before. */
const PREPARED_TEXTS = 200;

/**
 * A name for a batch's text, under which PostgreSQL keeps it parsed on each connection (the pg
 * driver's named statements): an order's batch is one long statement of a dozen writes, and parsing
 * and analysing it anew cost the server more than running it. The same shape of batch has the same
 * text, so the name is a hash of the text (two texts never share one).
 */
function preparedName(sql: string): string | undefined {
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < PREPARED_TEXTS) {
    name = `batch_${crypto.createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/** What knex's better-sqlite3 client and its connections carry (internal, stable across knex 2–3). */
interface SqliteClientLike {
  acquireConnection(): Promise<SqliteConnectionLike>;
  prepBindings(bindings: unknown[]): unknown[];
  positionBindings(sql: string): string;
  _formatBindings(bindings: unknown[]): unknown[];
  postProcessResponse(rows: unknown, queryContext: unknown): unknown;
  emit(event: string, ...args: unknown[]): void;
}
interface SqliteConnectionLike {
  __knexUid?: string;
  __knexTxId?: string;
  prepare(sql: string): { reader: boolean; all(bindings: unknown[]): unknown[] };
}

let directQueries = 0;

/**
 * SQLite inside a transaction: a write with RETURNING runs on the transaction's own connection at
 * once (better-sqlite3 is synchronous), without knex's runner, whose promises, pool calls and
 * events cost more than the statement. Everything knex would tell still happens: the caches hear
 * the write before it is sent and once it has answered (platform/cache/tableWrites), and the
 * `query` and `query-response` events carry it for whoever counts statements. Answers undefined
 * for what it leaves to knex (several statements, no RETURNING rendered).
 */
async function onTransactionConnection(db: Knex) {
  const trx = db as Knex & { isTransaction?: boolean };
  const tableWrites = tableWritesOf(db);
  if (!trx.isTransaction) return undefined;
  const client = db.client as unknown as SqliteClientLike;
  const connection = await client.acquireConnection();
  const { __knexUid, __knexTxId } = connection;
  return (builder: Knex.QueryBuilder): Array<Record<string, unknown>> | undefined => {
    if (!(builder as { _single?: { returning?: unknown } })._single?.returning) return undefined;
    // The tables it writes, read before rendering (knex's rendering of a decrement changes the builder).
    const written = writesOf(builder as never);
    const compiled = rendered(builder);
    if (Array.isArray(compiled)) return undefined;
    const query = {
      ...compiled,
      sql: client.positionBindings(compiled.sql),
      bindings: client.prepBindings(compiled.bindings as unknown[]),
      __knexUid,
      __knexTxId,
      __knexQueryUid: `direct-${++directQueries}`,
    };
    const statement = connection.prepare(query.sql);
    // knex renders no RETURNING for some writes (a delete on SQLite): those it runs itself.
    if (!statement.reader) return undefined;
    tableWrites?.sendingInTransaction(written, __knexUid);
    client.emit('query', query);
    const answer = statement.all(client._formatBindings(query.bindings));
    const rows = client.postProcessResponse(answer, builder.queryContext()) as Array<Record<string, unknown>>;
    tableWrites?.answered(written);
    client.emit('query-response', rows, query, builder);
    return rows;
  };
}
