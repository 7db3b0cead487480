// Which tables the app writes, as knex's query builder says (its method and target table, read
// before the query is sent) or as the writer declared it, never guessed from the SQL text knex
// renders: a knex upgrade that words a statement differently cannot make a cache serve a stale
// price. In-process caches watch the tables they are made of and drop what they keep when a write
// is sent, when it has answered and again when its transaction ends (commit or rollback), so a
// read that overlapped a write is never kept. Committed writes are also handed to whoever listens
// (the cross-instance broadcast), once, after the COMMIT has answered.
// A stock move declares itself (inventory's one write path): the variant, and once its statement
// has answered, the stock after it and its order key. The catalogue's caches that follow stock in
// place (`stockInPlace`) are not dropped by such a move: once its COMMIT has answered the figure
// goes to the stock ledger (platform/cache/stockLedger), from which they bring their answers up to
// date. A move whose figure is not known (its transaction ended without our seeing the COMMIT
// answer, a savepoint rolled back) drops them like any write to the variants.
import type { Knex } from 'knex';
import { StockLedger, type StockFigure } from './stockLedger';

/** A write: the table it changes, and whether it only moves stock (`stock = stock ± n`). */
export interface TableWrite {
  table: string;
  kind: WriteKind;
  stockOnly: boolean;
  /** The one session the session store saved or ended (a hash of its id, never the id). */
  session?: string;
  /** A declared stock move of one variant: filled in with what its update answered. */
  stock?: DeclaredStockMove;
}

/** What a stock move declares: the variant before it is sent, the rest once it has answered. */
export interface DeclaredStockMove {
  variantId: number;
  productId?: number;
  /** The stock after the move. */
  stock?: number;
  /** The move's order key among the variant's moves (grows in commit order). */
  seq?: number;
  /** The update was refused (a take found too little): nothing changed. */
  unchanged?: boolean;
}

/** The committed figure a declared move carries, when it carries all of it. */
export function figureOf(move: DeclaredStockMove): StockFigure | undefined {
  const { variantId, productId, stock, seq } = move;
  return productId !== undefined && stock !== undefined && seq !== undefined ? { variantId, productId, stock, seq } : undefined;
}

export type WriteKind = 'insert' | 'update' | 'delete' | 'unknown';

/** Stands for every table: a write whose target is unknown, or news lost between instances. */
export const EVERY_TABLE = '*';

/** A write that may have changed anything. */
export const EVERY_WRITE: TableWrite = { table: EVERY_TABLE, kind: 'unknown', stockOnly: false };

/** Does a write reach what a cache is made of? */
export type Reach = (write: TableWrite) => boolean;

/** Reaches writes to any of these tables (and writes of unknown target). */
export function tables(...names: string[]): Reach {
  const set = new Set(names);
  return (w) => w.table === EVERY_TABLE || set.has(w.table);
}

/** Reaches writes to every table but these. */
export function allTablesBut(...names: string[]): Reach {
  const set = new Set(names);
  return (w) => !set.has(w.table);
}

/** Reaches the deletion of rows of this table (and writes of unknown target). */
export function deletesFrom(name: string): Reach {
  return (w) => w.table === EVERY_TABLE || (w.table === name && w.kind !== 'insert' && w.kind !== 'update');
}

interface Watcher {
  reach: Reach;
  /** Given the writes of the statement or transaction (one reaches), for a cache that drops less
   *  than everything. */
  drop: (writes: TableWrite[]) => void;
  /** Declared stock moves reach it only through the stock ledger (or when their figure is lost). */
  stockInPlace: boolean;
}

export interface WatchOptions {
  /** The cache brings stock figures up to date from the ledger: declared moves do not drop it. */
  stockInPlace?: boolean;
}

/** What a declared move whose figure is unknown counts as, for the caches that follow stock in place. */
const STOCK_MOVE_UNKNOWN: TableWrite = { table: 'variants', kind: 'update', stockOnly: true };

interface QueryEvent {
  sql?: string;
  __knexUid?: string;
  __knexTxId?: string;
}

/** What knex's builders carry (internal fields, stable across knex 1–3). */
interface BuilderLike {
  _method?: string;
  _single?: { table?: unknown; counter?: Record<string, number>; update?: Record<string, unknown> };
  _sequence?: unknown[];
  sql?: unknown;
  once?: (event: string, listener: (q: QueryEvent) => void) => void;
}

const WRITE_METHODS: Record<string, WriteKind> = {
  insert: 'insert',
  upsert: 'insert',
  update: 'update',
  del: 'delete',
  delete: 'delete',
  truncate: 'delete',
};
/** Stock moves also touch the row's update time, when a model sets it. */
const STOCK_ONLY_EXTRA = new Set(['updated_at', 'updatedAt']);

/** Objection's increment/decrement: `stock = stock ± n` written as raw `?? + ?` / `?? - ?`. */
function isStockMove(value: unknown): boolean {
  const raw = value as { isRawInstance?: boolean; sql?: unknown; bindings?: unknown[] } | undefined;
  return (
    !!raw?.isRawInstance &&
    (raw.sql === '?? + ?' || raw.sql === '?? - ?') &&
    raw.bindings?.[0] === 'stock' &&
    typeof raw.bindings[1] === 'number'
  );
}

/** The table a builder names: `products`, `products as p` and `"shop"."products"` are `products`. */
function tableName(table: unknown): string {
  if (typeof table !== 'string') return EVERY_TABLE;
  const first = table.trim().split(/\s+/)[0] ?? '';
  const name = first
    .split('.')
    .pop()
    ?.replace(/["`[\]]/g, '')
    .toLowerCase();
  return name || EVERY_TABLE;
}

/**
 * The write a builder is about to make, or undefined for a read. A raw statement names no table:
 * unless it plainly reads (select/pragma/show), it counts as a write to every table.
 */
export function writeOf(builder: BuilderLike): TableWrite | undefined {
  if (typeof builder._method === 'string') {
    const kind = WRITE_METHODS[builder._method];
    if (!kind) return undefined;
    const table = tableName(builder._single?.table);
    const counter = builder._single?.counter;
    const updated = Object.keys(builder._single?.update ?? {});
    const update = builder._single?.update ?? {};
    const stockOnly =
      table === 'variants' &&
      builder._method === 'update' &&
      (counter
        ? Object.keys(counter).length === 1 && 'stock' in counter && updated.every((c) => STOCK_ONLY_EXTRA.has(c))
        : isStockMove(update.stock) && updated.every((c) => c === 'stock' || STOCK_ONLY_EXTRA.has(c)));
    return { table, kind, stockOnly };
  }
  if (Array.isArray(builder._sequence)) return EVERY_WRITE; // schema changes
  if (typeof builder.sql === 'string') {
    return /^\s*(select|pragma|show|explain)\b/i.test(builder.sql) ? undefined : EVERY_WRITE;
  }
  return undefined;
}

/** Where a raw statement carries the writes its author declared (platform/db/writeTogether). */
const DECLARED = Symbol('declaredWrites');

/** A raw statement that writes these tables: the caches hear these writes instead of "every table". */
export function declareWrites<T extends object>(raw: T, writes: TableWrite[]): T {
  Object.defineProperty(raw, DECLARED, { value: writes });
  return raw;
}

/** The writes a builder or raw statement is about to make (none for a read). */
export function writesOf(builder: BuilderLike): TableWrite[] {
  const declared = (builder as { [DECLARED]?: TableWrite[] })[DECLARED];
  if (declared) return declared;
  const write = writeOf(builder);
  return write ? [write] : [];
}

/** knex's own statements that end a transaction (not a savepoint). */
const COMMIT = /^\s*commit;?\s*$/i;
const ROLLBACK = /^\s*rollback;?\s*$/i;
/** A savepoint rolled back: what it wrote is undone while the transaction goes on. */
const ROLLBACK_TO_SAVEPOINT = /^\s*rollback to savepoint\b/i;

/** Each knex instance's TableWrites, by its client's config (which its transactions share). */
const byKnex = new WeakMap<object, TableWrites>();

/** The TableWrites following this knex instance or transaction, if any. */
export function tableWritesOf(knex: Knex): TableWrites | undefined {
  return byKnex.get(knex.client.config as object);
}

/** Everything written through one knex instance: one per app, made in createApp. */
export class TableWrites {
  /** The stock figures committed here and elsewhere, for the caches that follow stock in place. */
  readonly ledger = new StockLedger();
  private watchers: Watcher[] = [];
  private committedListeners: Array<(writes: TableWrite[]) => void> = [];
  private stockSentListeners: Array<(variantId: number) => void> = [];
  /** Writes of the transaction open on each connection (by knex's connection id). */
  private open = new Map<string, TableWrite[]>();
  /** Connections whose transaction is followed to its end (run with a handler). */
  private followed = new Set<string>();
  /** Writes of a COMMIT sent and not yet answered, by connection. */
  private committing = new Map<string, TableWrite[]>();

  constructor(knex: Knex) {
    byKnex.set(knex.client.config as object, this);
    knex.on('start', (builder: BuilderLike) => {
      const writes = writesOf(builder);
      if (!writes.length || typeof builder.once !== 'function') return;
      let connection: string | undefined;
      builder.once('query', (q) => {
        connection = q.__knexTxId ? q.__knexUid : undefined;
        this.sent(writes, connection);
      });
      builder.once('query-response', () => {
        this.drop(writes);
        // Outside a transaction a write is committed once it has answered.
        if (!connection) this.tell(writes, true);
      });
    });
    knex.on('query', (q: QueryEvent) => this.ending(q));
    this.followTransactions(knex);
  }

  /** Call `drop` whenever a write that `reach`es is made here, and when one is heard of elsewhere. */
  watch(reach: Reach, drop: (writes: TableWrite[]) => void, options: WatchOptions = {}) {
    this.watchers.push({ reach, drop, stockInPlace: options.stockInPlace ?? false });
  }

  /** A write a transaction runs on its connection itself (platform/db/writeTogether), about to be
   *  sent: as knex's events would tell it. */
  sendingInTransaction(writes: TableWrite[], connection: string | undefined) {
    if (writes.length) this.sent(writes, connection);
  }

  /** That write has answered. */
  answered(writes: TableWrite[]) {
    if (writes.length) this.drop(writes);
  }

  /** Hear the writes that were committed here (a lone write once it answered, a transaction's
   *  writes once its COMMIT answered; nothing for a rollback). */
  onCommitted(listener: (writes: TableWrite[]) => void) {
    this.committedListeners.push(listener);
  }

  /** Hear each declared stock move as it is sent (its transaction may read the variant after it). */
  onStockSent(listener: (variantId: number) => void) {
    this.stockSentListeners.push(listener);
  }

  /** Writes committed by another instance: every cache they reach drops what it keeps, and their
   *  stock moves go to the ledger (the other instance told them once its COMMIT had answered). */
  writtenElsewhere(writes: TableWrite[]) {
    this.drop(writes);
    this.settleStock(writes, true);
  }

  private drop(writes: TableWrite[]) {
    for (const w of this.watchers) {
      if (w.stockInPlace ? writes.some((x) => !x.stock && w.reach(x)) : writes.some(w.reach)) w.drop(writes);
    }
  }

  /**
   * Committed stock moves: their figures to the ledger when the COMMIT is known to have answered
   * (a read begun after that sees them), else the caches that follow stock in place drop instead.
   */
  private settleStock(writes: TableWrite[], answered: boolean) {
    const figures: StockFigure[] = [];
    let unknown = false;
    for (const w of writes) {
      if (!w.stock || w.stock.unchanged) continue;
      const figure = answered ? figureOf(w.stock) : undefined;
      if (figure) figures.push(figure);
      else unknown = true;
    }
    if (unknown) for (const w of this.watchers) if (w.stockInPlace && w.reach(STOCK_MOVE_UNKNOWN)) w.drop([STOCK_MOVE_UNKNOWN]);
    if (figures.length) this.ledger.record(figures);
  }

  private sent(writes: TableWrite[], connection: string | undefined) {
    this.drop(writes);
    for (const w of writes) if (w.stock) for (const listener of this.stockSentListeners) listener(w.stock.variantId);
    if (!connection) return;
    const list = this.open.get(connection) ?? [];
    list.push(...writes);
    this.open.set(connection, list);
  }

  /** knex sends the end of a transaction: its writes reach the caches once more; a commit's are
   *  told once it has answered (followTransactions), or now for a transaction run without a handler. */
  private ending(q: QueryEvent) {
    // Not by the transaction's id: after a savepoint, knex sends the outer COMMIT without one.
    if (!q.__knexUid || typeof q.sql !== 'string') return;
    if (ROLLBACK_TO_SAVEPOINT.test(q.sql)) return this.forgetFigures(q.__knexUid);
    const commit = COMMIT.test(q.sql);
    if (!commit && !ROLLBACK.test(q.sql)) return;
    const writes = this.open.get(q.__knexUid);
    if (!writes) return;
    this.open.delete(q.__knexUid);
    this.drop(writes);
    if (!commit) {
      // What was read inside it (the catalogue facts may be read in a transaction) is not kept.
      if (writes.some((w) => w.stock && !w.stock.unchanged)) this.ledger.rolledBack();
      return;
    }
    if (this.followed.has(q.__knexUid)) this.committing.set(q.__knexUid, writes);
    else this.tell(writes, false);
  }

  /** A savepoint rolled back: which of the transaction's stock moves still stand is not known. */
  private forgetFigures(connection: string) {
    for (const w of this.open.get(connection) ?? []) if (w.stock) w.stock = { variantId: w.stock.variantId };
  }

  /**
   * knex.transaction(handler) settles once COMMIT (or ROLLBACK) has answered: then a committed
   * transaction's writes reach the caches a last time (a read that began before the commit was
   * applied is not kept) and are told to the listeners. knex defines its methods read-only
   * (configurable): redefined rather than assigned.
   */
  private followTransactions(knex: Knex) {
    const transaction = knex.transaction.bind(knex) as (...args: any[]) => any;
    const followed = (handler?: unknown, config?: unknown) => {
      if (typeof handler !== 'function') return transaction(handler, config);
      let connection: string | undefined;
      const run = async (trx: Knex.Transaction) => {
        const conn = (await (trx.client as any).acquireConnection()) as { __knexUid?: string } | undefined;
        connection = conn?.__knexUid;
        if (connection) this.followed.add(connection);
        return handler(trx);
      };
      const settle = () => {
        if (!connection) return;
        this.followed.delete(connection);
        const writes = this.committing.get(connection);
        this.committing.delete(connection);
        if (!writes) return;
        this.drop(writes);
        this.tell(writes, true);
      };
      return transaction(run, config).then(
        (result: unknown) => {
          settle();
          return result;
        },
        (err: unknown) => {
          settle();
          throw err;
        },
      );
    };
    Object.defineProperty(knex, 'transaction', { value: followed, configurable: true });
  }

  /** Committed writes, `answered` when the COMMIT (or the lone write) has answered: only then are
   *  stock figures taken as committed, here and by the listeners. */
  private tell(writes: TableWrite[], answered: boolean) {
    this.settleStock(writes, answered);
    const told = answered ? writes : writes.map((w) => (w.stock ? { ...w, stock: { variantId: w.stock.variantId } } : w));
    for (const listener of this.committedListeners) listener(told);
  }
}
