// The knex instance: SQLite (better-sqlite3) by default, PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import fs from 'node:fs';
import knexFactory, { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';

export interface DbOptions {
  dbFile: string;
  databaseUrl?: string;
}

export function knexConfig({ dbFile, databaseUrl }: DbOptions): Knex.Config {
  const migrations = {
    directory: path.join(__dirname, 'migrations'),
    loadExtensions: ['.ts', '.js'],
    tableName: 'knex_migrations',
  };
  // camelCase in code, snake_case in the database, for models and plain knex queries alike.
  const mappers = knexSnakeCaseMappers();
  if (databaseUrl) {
    return { client: 'pg', connection: databaseUrl, pool: { min: 0, max: 10 }, migrations, ...mappers };
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

export function createKnex(opts: DbOptions): Knex {
  return knexFactory(knexConfig(opts));
}

export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}
