// The part of better-sqlite3 used directly (backups); knex wraps it everywhere else.
declare module 'better-sqlite3' {
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
  }
  class Database {
    constructor(filename: string, options?: Options);
    pragma(source: string, options?: { simple?: boolean }): unknown;
    backup(destination: string): Promise<unknown>;
    close(): void;
  }
  export = Database;
}
