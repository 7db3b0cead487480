// SQLite in WAL mode copies its log back into the database file (a checkpoint, with fsync) every
// 1000 pages, on whichever commit passes that mark: a stall of several milliseconds on a request,
// every few dozen orders. Here a worker thread with its own connection does it every half second
// instead (PASSIVE: it never blocks the app's writes); the app's connection still checkpoints by
// itself should the log pass 10,000 pages (40 MB), e.g. if the worker is gone.
import { Worker } from 'node:worker_threads';

export const APP_CHECKPOINT_PAGES = 10_000;
const EVERY_MS = 500;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
db.pragma('cache_size = -256');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy now: next time */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** Checkpoint this database file from a worker thread until `stop`. */
export function startCheckpointer(file: string): { stop(): void } {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), file, everyMs: EVERY_MS },
    // It holds next to nothing: keep its heap small.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2, codeRangeSizeMb: 4 },
  });
  worker.unref();
  worker.on('error', (err) => console.error(JSON.stringify({ level: 'error', event: 'checkpointer_failed', error: String(err) })));
  return { stop: () => worker.postMessage('stop') };
}
