// A full disk, seen and said: write failures (SQLite's SQLITE_FULL/SQLITE_IOERR, the system's
// ENOSPC, PostgreSQL's class 53 "insufficient resources" and 58030 io_error) answer 503 „Сървърът
// временно не може да запише промени…“ through the one error middleware instead of a 500, and
// /api/ready answers 503 while the database cannot write or the data folder's free space is below
// MIN_FREE_DISK_MB. Nothing is remembered about a failure: the next write, or probe, tries
// again, so the shop recovers by itself when space returns.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { API } from '@domain/messages';

const SQLITE_WRITE_FAILURE = /^SQLITE_(FULL|IOERR)/;
const SYSTEM_WRITE_FAILURE = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS']);
/** PostgreSQL: 53xxx insufficient resources (53100 disk_full, 53200 out_of_memory, …), 58030 io_error. */
const PG_WRITE_FAILURE = /^(53\d{3}|58030)$/;

/** Is this a failure to write for want of space (or a failing disk), rather than a fault of the request or code? */
export function isWriteFailure(err: unknown): boolean {
  for (let e = err as any, depth = 0; e && depth < 4; e = e.nativeError ?? e.cause, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SQLITE_WRITE_FAILURE.test(code) || SYSTEM_WRITE_FAILURE.has(code) || PG_WRITE_FAILURE.test(code)) return true;
  }
  return false;
}

/** MIN_FREE_DISK_MB when unset: 100 MB, or 5% of a smaller file system (a 50 MB disk is not "low" when empty). */
export const MIN_FREE_DISK_MB_DEFAULT = 100;
const MIN_FREE_DISK_SHARE = 0.05;

/**
 * Below this no data folder is ready, whatever its size or MIN_FREE_DISK_MB (even 0): the next
 * commit needs a few pages (SQLite's log frames, a checkpoint; PostgreSQL's WAL segment grows).
 */
export const MIN_FREE_BYTES = 256 * 1024;
const MB = 1024 * 1024;

/** The free space the data folder needs, in bytes: MIN_FREE_DISK_MB, or 100 MB or 5% of a smaller
 *  file system; never under MIN_FREE_BYTES. Counted in bytes: a small disk's share never rounds to 0. */
export function minFreeBytes(total: number, minFreeDiskMb?: number): number {
  const wanted = minFreeDiskMb ?? Math.min(MIN_FREE_DISK_MB_DEFAULT, (total / MB) * MIN_FREE_DISK_SHARE);
  return Math.max(MIN_FREE_BYTES, wanted * MB);
}

/** MB as said to people: whole above 10, with one decimal below (0,2 MB is not „0 MB“). */
function inMb(bytes: number): number {
  const mb = bytes / MB;
  return mb >= 10 ? Math.floor(mb) : Math.floor(mb * 10) / 10;
}

let lastWriteFailure = 0;
/** A request's write just failed for want of space (the error middleware says so): /api/ready
 *  stops answering from what it kept and checks again. */
export function noteWriteFailure(): void {
  lastWriteFailure = Date.now();
}

/** Free bytes for an unprivileged writer in `dir` (or its nearest existing parent), and the file system's size. */
export async function diskSpace(dir: string, statfs = fs.promises.statfs): Promise<{ free: number; total: number }> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const s = await statfs(at);
      return { free: Number(s.bavail) * Number(s.bsize), total: Number(s.blocks) * Number(s.bsize) };
    } catch (err) {
      const parent = path.dirname(at);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw err;
      at = parent;
    }
  }
}

export type Readiness =
  | { ready: true; body: { status: 'ready' } }
  | {
      ready: false;
      body:
        | { status: 'migrating'; pending: number }
        | { status: 'database unreachable' }
        | { status: 'cannot write' | 'low disk'; message: string; freeMb?: number };
    };

/** A write probe and free-space check that passed is kept this long (monitors poll often; each
 *  probe writes a row); a failure is not kept. */
export const READY_CACHE_MS = 5_000;

/**
 * /api/ready's check: migrated, the database takes a write (a one-row upsert), the data folder
 * has at least minFreeBytes free. `statfs` is for tests.
 */
export function readinessCheck(opts: { knex: Knex; dataDir: string; minFreeDiskMb?: number; statfs?: typeof fs.promises.statfs }) {
  let keptSince = 0;
  let keptUntil = 0;
  return async function ready(): Promise<Readiness> {
    try {
      const [, pending] = (await opts.knex.migrate.list()) as [unknown[], unknown[]];
      if (pending.length) return { ready: false, body: { status: 'migrating', pending: pending.length } };
    } catch {
      return { ready: false, body: { status: 'database unreachable' } };
    }
    if (Date.now() < keptUntil && lastWriteFailure < keptSince) return { ready: true, body: { status: 'ready' } };
    try {
      await opts.knex('writeProbe').insert({ id: 1, writtenAt: Date.now() }).onConflict('id').merge();
    } catch (err) {
      if (!isWriteFailure(err)) return { ready: false, body: { status: 'database unreachable' } };
      return { ready: false, body: { status: 'cannot write', message: API.cannotWrite } };
    }
    const space = await diskSpace(opts.dataDir, opts.statfs).catch(() => ({ free: Infinity, total: Infinity }));
    const minBytes = minFreeBytes(space.total, opts.minFreeDiskMb);
    if (space.free < minBytes) {
      const freeMb = inMb(space.free);
      const minMb = inMb(minBytes);
      return { ready: false, body: { status: 'low disk', freeMb, message: `${API.cannotWrite} ${API.lowDisk(freeMb, minMb)}` } };
    }
    keptSince = Date.now();
    keptUntil = keptSince + READY_CACHE_MS;
    return { ready: true, body: { status: 'ready' } };
  };
}
