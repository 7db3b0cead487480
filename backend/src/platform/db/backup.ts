// npm run backup            — one archive (BACKUP_DIR, default data/backups/vapsolo-<time>-manual.tar.gz;
//                             `backup --scheduled`, the nightly cron line, writes …-scheduled.tar.gz)
//                             with the database, the uploaded pictures and the app keys, and a
//                             manifest of their sha256, read back and checked after writing. The
//                             shop keeps running. Old scheduled archives go by BACKUP_KEEP_DAILY/WEEKLY,
//                             manual ones by BACKUP_KEEP_MANUAL: each kind is counted apart, so a
//                             manual backup never removes that night's scheduled one.
// npm run restore -- FILE   — refuses while the shop runs; checks the archive, then puts the
//                             database, pictures and keys back, keeping what it replaces beside them.
// SQLite: the online backup API (a consistent snapshot while the shop writes) + integrity_check.
// PostgreSQL (DATABASE_URL): pg_dump/pg_restore in their custom format.
// The archive is an ordinary tar.gz of regular files (the `tar` package), so `tar xzf` opens one by hand.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import knexFactory from 'knex';
import * as tar from 'tar';
import type { Config } from '../../config';

export const KEEP_DAILY_DEFAULT = 7;
export const KEEP_WEEKLY_DEFAULT = 4;
export const KEEP_MANUAL_DEFAULT = 5;
/** What made an archive: the nightly schedule, or someone running `npm run backup` by hand. */
export type BackupKind = 'scheduled' | 'manual';
// Archives from before the kind was in the name (no suffix) came from the nightly cron line: scheduled.
const NAME = /^vapsolo-(\d{8})-(\d{6})(?:-(scheduled|manual))?\.tar\.gz$/;

function kindOf(name: string): BackupKind {
  return (NAME.exec(name)![3] as BackupKind | undefined) ?? 'scheduled';
}

export type BackupConfig = Pick<Config, 'dbFile' | 'databaseUrl' | 'uploadDir' | 'dataDir'>;

export interface Manifest {
  format: 'vapsolo-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite' | 'postgresql';
  files: ArchivedFile[];
}

/** One regular file in an archive: its path there, size and sha256. */
export interface ArchivedFile {
  path: string;
  size: number;
  sha256: string;
}

/** The manifest is read into memory: larger than this, it is not one a backup wrote. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

function stamp(d = new Date()) {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '-');
}

function integrityOk(file: string): boolean {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } finally {
    db.close();
  }
}

function run(cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.error)
    throw new Error(`${cmd} could not run (${res.error.message}): install the PostgreSQL client (apt-get install postgresql-client).`);
  if (res.status !== 0)
    throw new Error(`${cmd} failed: ${(res.stderr || '').replace(/postgres(ql)?:\/\/[^\s]+/g, '[database url]').trim()}`);
}

/** rename, or copy and remove when the two places are on different file systems. */
function move(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

function* filesUnder(dir: string, rel = ''): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(dir, r);
    else if (entry.isFile()) yield r;
  }
}

/** The shop's process, when one is running on this data folder (its pid file names a live process). */
export function runningShopPid(config: Pick<Config, 'dataDir'>): number | undefined {
  const file = path.join(config.dataDir, 'shop.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's (the service user's) process.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Instances of the shop connected to this PostgreSQL database (from any machine). */
async function connectedShops(databaseUrl: string): Promise<number> {
  const db = knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: 'vapsolo-restore' } as any,
    pool: { min: 0, max: 1 },
  });
  try {
    const res = await db.raw(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'vapsolo-shop' and pid <> pg_backend_pid()",
    );
    return res.rows[0].n;
  } finally {
    await db.destroy();
  }
}

export async function backup(opts: {
  config: BackupConfig;
  dir: string;
  kind?: BackupKind;
  keepDaily?: number;
  keepWeekly?: number;
  keepManual?: number;
  now?: Date;
}): Promise<string> {
  const { config } = opts;
  const kind = opts.kind ?? 'manual';
  const now = opts.now ?? new Date();
  fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(opts.dir, '.work-'));
  const target = path.join(opts.dir, `vapsolo-${stamp(now)}-${kind}.tar.gz`);
  const partial = `${target}.partial`;
  try {
    // The archive's layout, in the private work folder: the database copy, the manifest, and links
    // to the pictures and the keys where they live (archived as the files they point to).
    fs.mkdirSync(path.join(work, 'database'), { mode: 0o700 });
    let dbName: string;
    if (config.databaseUrl) {
      dbName = 'database/shop.pgdump';
      const dump = path.join(work, dbName);
      run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${config.databaseUrl}`]);
      run('pg_restore', ['--list', dump]); // readable to the end
    } else {
      if (!fs.existsSync(config.dbFile)) throw new Error(`No database at ${config.dbFile}`);
      dbName = 'database/shop.sqlite3';
      const snapshot = path.join(work, dbName);
      const db = new Database(config.dbFile, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        // SQLite's online backup API: a consistent snapshot while writers carry on.
        await db.backup(snapshot);
      } finally {
        db.close();
      }
      // One self-contained file: no write-ahead log beside it.
      const copy = new Database(snapshot);
      copy.pragma('journal_mode = DELETE');
      copy.close();
      if (!integrityOk(snapshot)) throw new Error('The database copy failed its integrity check; no backup was written.');
    }
    const names = [dbName];
    const uploads = [...filesUnder(config.uploadDir)];
    if (uploads.length) {
      fs.symlinkSync(path.resolve(config.uploadDir), path.join(work, 'uploads'));
      names.push(...uploads.map((rel) => `uploads/${rel}`));
    }
    const keys = path.join(config.dataDir, 'app-keys');
    if (fs.existsSync(keys)) {
      fs.symlinkSync(path.resolve(keys), path.join(work, 'app-keys'));
      names.push('app-keys');
    }
    const files: ArchivedFile[] = [];
    for (const name of names) files.push({ path: name, ...(await hashFile(path.join(work, name))) });
    const manifest: Manifest = {
      format: 'vapsolo-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: config.databaseUrl ? 'postgresql' : 'sqlite',
      files,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    await tar.c(
      {
        file: partial,
        mode: 0o600,
        gzip: { level: 6 },
        cwd: work,
        portable: true, // no owner names or ids: unpacked by hand, files belong to whoever unpacks them
        follow: true, // the links above are archived as the files they point to
        noDirRecurse: true, // regular files only, listed one by one
        strict: true,
        // Each entry as tar writes it from this stat: a whole file (never a hard link to another
        // entry: a restore reads regular files only), private to whoever unpacks it (0600, as
        // the keys and the customers' data must stay).
        filter: (_name, stat) => {
          const s = stat as fs.Stats;
          s.nlink = 1;
          s.mode = (s.mode & ~0o7777) | 0o600;
          return true;
        },
      },
      [...names, 'manifest.json'],
    );
    // Read back what was written: every file there, with the checksum it had when it was listed
    // (a file changed meanwhile makes the backup fail rather than keep a manifest that lies).
    await verifyArchive(partial);
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Each run prunes only its own kind: a manual backup never touches a scheduled archive.
  if (kind === 'scheduled') prune(opts.dir, opts.keepDaily ?? KEEP_DAILY_DEFAULT, opts.keepWeekly ?? KEEP_WEEKLY_DEFAULT);
  else pruneManual(opts.dir, opts.keepManual ?? KEEP_MANUAL_DEFAULT);
  return target;
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** A regular file's entry ('0', or the old NUL type); directories, links and devices are never restored. */
function isRegularFile(entry: tar.ReadEntry): boolean {
  return entry.type === 'File' || entry.type === 'OldFile';
}

/**
 * The name a regular file of the archive is checked and restored under ('./' in front, as `tar czf
 * -C dir .` writes, is dropped). Refuses a path that could leave the folder it is unpacked into,
 * and a path given twice (which copy the checksum was of would be unclear).
 */
function entryName(entry: tar.ReadEntry, seen: Set<string>): string {
  const name = entry.path.replace(/^(\.\/)+/, '');
  if (name.split('/').some((p) => p === '..' || p === '') || path.isAbsolute(name) || seen.has(name))
    throw new Error(`Unsafe path in the archive: ${entry.path}`);
  seen.add(name);
  return name;
}

/**
 * Lists an archive's regular files with their sizes and sha256, reading it once; keeps the
 * manifest's text. A damaged or truncated archive (header checksum, gzip) is an error (`strict`).
 */
async function listArchive(file: string): Promise<{ files: ArchivedFile[]; manifest?: string }> {
  const files: ArchivedFile[] = [];
  const seen = new Set<string>();
  let problem: Error | undefined;
  let manifest: Buffer[] | undefined;
  await tar.t({
    file,
    strict: true,
    filter: (_p, entry) => isRegularFile(entry as tar.ReadEntry),
    onReadEntry: (entry) => {
      let name: string;
      try {
        name = entryName(entry, seen);
      } catch (err) {
        problem ??= err as Error;
        return;
      }
      const hash = crypto.createHash('sha256');
      let size = 0;
      // The manifest's text is kept in memory, when it is of a size a backup writes.
      const keep: Buffer[] | undefined = name === 'manifest.json' && entry.size <= MAX_MANIFEST_BYTES ? (manifest = []) : undefined;
      entry.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
        keep?.push(chunk);
      });
      entry.on('end', () => files.push({ path: name, size, sha256: hash.digest('hex') }));
    },
  });
  if (problem) throw problem;
  return { files, manifest: manifest && Buffer.concat(manifest).toString('utf8') };
}

/**
 * Unpacks an archive's regular files into `to` (a new private folder), with the `tar` package's
 * own guards on (no absolute or `..` paths, nothing written through a symbolic link: `strict`, no
 * `preservePaths`); then lists what was written, with the sha256 of the bytes now on disk.
 */
async function extractArchive(file: string, to: string): Promise<{ files: ArchivedFile[]; manifest?: string }> {
  const names: string[] = [];
  const seen = new Set<string>();
  let problem: Error | undefined;
  await tar.x({
    file,
    cwd: to,
    strict: true,
    preservePaths: false,
    dmode: 0o700,
    filter: (_p, stat) => {
      const entry = stat as tar.ReadEntry;
      if (!isRegularFile(entry)) return false;
      try {
        names.push(entryName(entry, seen));
      } catch (err) {
        problem ??= err as Error;
        return false;
      }
      entry.mode = 0o600; // private, whatever the archive says
      return true;
    },
  });
  if (problem) throw problem;
  const files: ArchivedFile[] = [];
  for (const name of names) files.push({ path: name, ...(await hashFile(path.join(to, name))) });
  const manifest = files.find((f) => f.path === 'manifest.json' && f.size <= MAX_MANIFEST_BYTES);
  return { files, manifest: manifest && fs.readFileSync(path.join(to, 'manifest.json'), 'utf8') };
}

/** Checks an archive against its manifest; `extractTo` also unpacks it there. */
export async function verifyArchive(file: string, extractTo?: string): Promise<Manifest> {
  const read = extractTo ? await extractArchive(file, extractTo) : await listArchive(file);
  if (!read.files.some((e) => e.path === 'manifest.json')) throw new Error(`${file} is not a VAP SOLO backup (no manifest).`);
  if (read.manifest === undefined) throw new Error(`${file} is not a VAP SOLO backup (its manifest is too large).`);
  const manifest: Manifest = JSON.parse(read.manifest);
  if (manifest.format !== 'vapsolo-backup') throw new Error(`${file} is not a VAP SOLO backup.`);
  for (const expected of manifest.files) {
    const found = read.files.find((e) => e.path === expected.path);
    if (!found || found.sha256 !== expected.sha256 || found.size !== expected.size)
      throw new Error(`${file} is damaged: ${expected.path} does not match its checksum.`);
  }
  return manifest;
}

/** ISO week of a yyyymmdd day, as "yyyy-Www". */
function isoWeek(day: string): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8))));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return `${d.getUTCFullYear()}-W${Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** The archives of one kind in `dir`, newest first. */
function archivesOf(dir: string, kind: BackupKind): string[] {
  return fs
    .readdirSync(dir)
    .filter((n) => NAME.test(n) && kindOf(n) === kind)
    .sort((a, b) => (NAME.exec(b)![1] + NAME.exec(b)![2]).localeCompare(NAME.exec(a)![1] + NAME.exec(a)![2]));
}

/**
 * Retention of the scheduled archives: the newest of each of the last `daily` days that have
 * one, and of each of the last `weekly` weeks; the newest always stays. The other scheduled
 * archives are deleted; manual ones are not counted and not touched.
 */
export function prune(dir: string, daily: number, weekly: number): string[] {
  const names = archivesOf(dir, 'scheduled');
  const keep = new Set<string>(names.slice(0, 1));
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const name of names) {
    const day = NAME.exec(name)![1];
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(name);
    }
    const week = isoWeek(day);
    if (!weeks.has(week) && weeks.size < weekly) {
      weeks.add(week);
      keep.add(name);
    }
  }
  const removed = names.filter((n) => !keep.has(n));
  for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
  return removed;
}

/** Retention of the manual archives: the newest `keep` of them (at least one); scheduled ones are not touched. */
export function pruneManual(dir: string, keep: number): string[] {
  const removed = archivesOf(dir, 'manual').slice(Math.max(1, keep));
  for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
  return removed;
}

/** Puts an archive back. Refuses while the shop runs; changes nothing unless the archive is sound. */
export async function restore(opts: { config: BackupConfig; from: string }): Promise<{ kept: string[] }> {
  const { config, from } = opts;
  if (!fs.existsSync(from)) throw new Error(`No backup at ${from}`);
  const pid = runningShopPid(config);
  if (pid) throw new Error(`The shop is running (process ${pid}): stop it first (systemctl stop vapsolo), then restore.`);
  if (config.databaseUrl && (await connectedShops(config.databaseUrl))) {
    throw new Error('A shop instance is connected to this database: stop every instance first, then restore.');
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  const kept: string[] = [];
  const suffix = `.before-restore-${stamp()}`;
  try {
    const manifest = await verifyArchive(from, work);
    const db = path.join(work, manifest.database === 'postgresql' ? 'database/shop.pgdump' : 'database/shop.sqlite3');
    if (manifest.database === 'postgresql') {
      if (!config.databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to restore it.');
      run('pg_restore', ['--list', db]);
    } else {
      if (config.databaseUrl) throw new Error('This backup is of a SQLite database, but DATABASE_URL is set.');
      if (!integrityOk(db)) throw new Error(`${from} holds a database that fails the integrity check; nothing was changed.`);
    }

    // Everything checked: now replace, keeping what is replaced.
    if (manifest.database === 'postgresql') {
      run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${config.databaseUrl}`, db]);
    } else {
      if (fs.existsSync(config.dbFile)) {
        const current = new Database(config.dbFile);
        current.pragma('wal_checkpoint(TRUNCATE)');
        current.close();
        move(config.dbFile, config.dbFile + suffix);
        kept.push(config.dbFile + suffix);
      }
      for (const ext of ['-wal', '-shm']) fs.rmSync(config.dbFile + ext, { force: true });
      fs.mkdirSync(path.dirname(config.dbFile), { recursive: true, mode: 0o700 });
      move(db, config.dbFile);
    }
    const uploads = path.join(work, 'uploads');
    if (fs.existsSync(config.uploadDir)) {
      move(config.uploadDir, config.uploadDir + suffix);
      kept.push(config.uploadDir + suffix);
    }
    if (fs.existsSync(uploads)) move(uploads, config.uploadDir);
    else fs.mkdirSync(config.uploadDir, { recursive: true, mode: 0o700 });
    const keys = path.join(work, 'app-keys');
    const liveKeys = path.join(config.dataDir, 'app-keys');
    if (fs.existsSync(keys)) {
      if (fs.existsSync(liveKeys)) {
        move(liveKeys, liveKeys + suffix);
        kept.push(liveKeys + suffix);
      }
      move(keys, liveKeys);
    }
    return { kept };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
