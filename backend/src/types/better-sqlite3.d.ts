// The part of better-sqlite3 used directly (backups, a test watching a running shop's file); knex
// wraps it everywhere else.
declare module 'better-sqlite3' {
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
  }
  class Database {
    constructor(filename: string, options?: Options);
    pragma(source: string, options?: { simple?: boolean }): unknown;
    backup(destination: string): Promise<unknown>;
    prepare(source: string): { get(...params: unknown[]): unknown };
    close(): void;
  }
  export = Database;
}
