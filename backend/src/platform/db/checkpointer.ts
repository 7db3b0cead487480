// SQLite in WAL mode copies its log back into the database file (a checkpoint, with fsync) every
// 1000 pages, on whichever commit passes that mark: a stall of several milliseconds on a request,
// every few dozen orders. Here a worker thread with its own connection does it every half second
// instead (PASSIVE: it never blocks the app's writes); the app's connection still checkpoints by
// itself should the log pass 10,000 pages (40 MB), e.g. if the worker is gone.
// The log is kept bounded: a PASSIVE checkpoint copies pages back but never shrinks the file, and
// readers that keep a snapshot open can leave it growing past the database (3.5× was seen); so
// when the file passes WAL_LIMIT_BYTES the worker runs a TRUNCATE checkpoint (it waits for
// readers, up to its busy timeout, then empties the file), and both connections set
// journal_size_limit, so a log that is started over is cut back to that size too. A checkpoint
// that fails (a full disk) is tried again on the next tick.
import { Worker } from 'node:worker_threads';

export const APP_CHECKPOINT_PAGES = 10_000;
/** The write-ahead log's size past which it is emptied (and the size journal_size_limit keeps). */
export const WAL_LIMIT_BYTES = 32 * 1024 * 1024;
const EVERY_MS = 500;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
// The app's connection opened the file just before; a file that is gone by now went with a
// connection closed while this worker was starting (a test's temporary database): nothing to do.
let db = null;
try { db = new Database(workerData.file, { fileMustExist: true }); } catch { parentPort.close(); }
if (db) run(db);
function run(db) {
db.pragma('busy_timeout = 1000');
db.pragma('cache_size = -256');
db.pragma('journal_size_limit = ' + workerData.walLimitBytes);
const walSize = () => { try { return fs.statSync(workerData.file + '-wal').size; } catch { return 0; } };
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (walSize() > workerData.walLimitBytes) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch { /* busy, or no space now: next time */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
}
`;

/** Checkpoint this database file from a worker thread until `stop` (walLimitBytes: for tests). */
export function startCheckpointer(file: string, opts: { walLimitBytes?: number } = {}): { stop(): void } {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      file,
      everyMs: EVERY_MS,
      walLimitBytes: opts.walLimitBytes ?? WAL_LIMIT_BYTES,
    },
    // It holds next to nothing: keep its heap small.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2, codeRangeSizeMb: 4 },
  });
  worker.unref();
  worker.on('error', (err) => console.error(JSON.stringify({ level: 'error', event: 'checkpointer_failed', error: String(err) })));
  return { stop: () => worker.postMessage('stop') };
}
