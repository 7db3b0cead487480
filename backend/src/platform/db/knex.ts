// The knex instance: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { startCheckpointer, APP_CHECKPOINT_PAGES, WAL_LIMIT_BYTES } from './checkpointer';
import { listedMigrations } from './migrations';

export interface DbOptions {
  dbFile: string;
  databaseUrl?: string;
  /** Handed to migrations (knex userParams): sealing secrets needs them. */
  appKeys?: string[];
}

export function knexConfig({ dbFile, databaseUrl, appKeys }: DbOptions): Knex.Config {
  const migrations = { migrationSource: listedMigrations, tableName: 'knex_migrations' };
  // camelCase in code, snake_case in the database, for models and plain knex queries alike.
  const mappers = { ...knexSnakeCaseMappers(), ...(appKeys ? { userParams: { appKeys } } : {}) };
  if (databaseUrl) {
    // application_name: how `npm run restore` sees that a shop instance is still connected.
    return {
      client: 'pg',
      connection: { connectionString: databaseUrl, application_name: 'vapsolo-shop' } as Knex.PgConnectionConfig,
      pool: { min: 0, max: 10 },
      migrations,
      ...mappers,
    };
  }
  if (dbFile !== ':memory:') fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename: dbFile },
    useNullAsDefault: true,
    // One connection: better-sqlite3 is synchronous, and one writer avoids SQLITE_BUSY.
    // Every query inside a transaction must use its trx, or it waits for this connection.
    pool: {
      min: 1,
      max: 1,
      idleTimeoutMillis: 2 ** 31 - 1,
      afterCreate(conn: any, done: (err: Error | null, conn: any) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          cacheStatements(conn);
          if (dbFile !== ':memory:') checkpointInBackground(conn, dbFile);
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
    migrations,
    ...mappers,
  };
}

/** Statements kept per connection (least recently used go first). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * knex prepares every query anew, and SQLite's compiling of the SQL then costs more than running
 * it. The same SQL text gives the same statement, so keep it: a statement is run to completion
 * before the next query starts (better-sqlite3 is synchronous), and SQLite recompiles it by itself
 * when the schema changes.
 */
function cacheStatements(conn: { prepare(sql: string): unknown }) {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement) {
      kept.delete(sql);
    } else {
      statement = prepare(sql);
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
    }
    kept.set(sql, statement);
    return statement;
  };
}

/** Checkpoints off the request path (platform/db/checkpointer), for as long as this connection is open. */
function checkpointInBackground(conn: { pragma(p: string): unknown; close(): unknown }, dbFile: string) {
  conn.pragma(`wal_autocheckpoint = ${APP_CHECKPOINT_PAGES}`);
  // A log started over after a full checkpoint is cut back to this size (it never shrinks otherwise).
  conn.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
  const checkpointer = startCheckpointer(dbFile);
  const close = conn.close.bind(conn);
  conn.close = () => {
    checkpointer.stop();
    return close();
  };
}

export function createKnex(opts: DbOptions): Knex {
  const knex = knexFactory(knexConfig(opts));
  if (!opts.databaseUrl) beginImmediate(knex);
  return knex;
}

/**
 * SQLite transactions take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred
 * transaction that reads first takes it at its first write, and if another connection holds it
 * then (the checkpointer's TRUNCATE, a command-line tool) SQLite refuses at once, without the busy
 * wait, because the transaction's snapshot might be stale: the request would fail with "database is
 * locked". Taken at BEGIN, the lock is waited for like any other. The shop's own writes are already
 * one at a time (one connection), so nothing waits longer than before.
 */
function beginImmediate(knex: Knex) {
  const client = knex.client as unknown as { transaction(...args: unknown[]): unknown };
  const make = client.transaction.bind(client);
  // Not enumerable: knex deep-copies a client's own enumerable properties into the clones it makes
  // (`withUserParams`, which the migrations use), and with this function among them the clone lost
  // its column-name mapping.
  Object.defineProperty(client, 'transaction', {
    configurable: true,
    writable: true,
    value: (...args: unknown[]) => {
      const transaction = make(...args) as { query(conn: unknown, sql: string): Promise<unknown>; begin(conn: unknown): Promise<unknown> };
      transaction.begin = (conn) => transaction.query(conn, 'BEGIN IMMEDIATE;');
      return transaction;
    },
  });
}

export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}
