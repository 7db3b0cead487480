// Jest runs each test file in a realm of its own (its own `Error`), while better-sqlite3's native
// addon is loaded once per worker process and is handed its error class once, by the first file
// that opens a database. In every later file of that worker SQLite's errors were then made of
// another realm's class: not `instanceof Error` there, so `expect(…).rejects.toThrow()` answered
// "did not throw" for a statement SQLite refused. Each file hands the addon its own class.
// (The library's class, as this file's realm evaluates it; the repository's typing of better-sqlite3
// does not name its files.)
const SqliteError: unknown = require('better-sqlite3/lib/sqlite-error');
// The module the library itself loads (Node keeps one per process, so this is that same object).
const addon = require('better-sqlite3/build/Release/better_sqlite3.node') as {
  setErrorConstructor(c: unknown): void;
  isInitialized?: boolean;
};
addon.setErrorConstructor(SqliteError);
addon.isInitialized = true;
