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
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import knexFactory from 'knex';
import type { Config } from '../../config';
import { TarWriter, readTar, TarEntry } from './tar';

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
  files: TarEntry[];
}

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
  if (res.error) throw new Error(`${cmd} could not run (${res.error.message}): install the PostgreSQL client (apt-get install postgresql-client).`);
  if (res.status !== 0) throw new Error(`${cmd} failed: ${(res.stderr || '').replace(/postgres(ql)?:\/\/[^\s]+/g, '[database url]').trim()}`);
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
  const db = knexFactory({ client: 'pg', connection: { connectionString: databaseUrl, application_name: 'vapsolo-restore' } as any, pool: { min: 0, max: 1 } });
  try {
    const res = await db.raw("select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'vapsolo-shop' and pid <> pg_backend_pid()");
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
    let dbEntry: [string, string];
    if (config.databaseUrl) {
      const dump = path.join(work, 'shop.pgdump');
      run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${config.databaseUrl}`]);
      run('pg_restore', ['--list', dump]); // readable to the end
      dbEntry = ['database/shop.pgdump', dump];
    } else {
      if (!fs.existsSync(config.dbFile)) throw new Error(`No database at ${config.dbFile}`);
      const snapshot = path.join(work, 'shop.sqlite3');
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
      dbEntry = ['database/shop.sqlite3', snapshot];
    }

    const tar = new TarWriter(partial);
    await tar.addFile(...dbEntry);
    for (const rel of filesUnder(config.uploadDir)) await tar.addFile(`uploads/${rel}`, path.join(config.uploadDir, rel));
    const keys = path.join(config.dataDir, 'app-keys');
    if (fs.existsSync(keys)) await tar.addFile('app-keys', keys);
    const manifest: Manifest = { format: 'vapsolo-backup', version: 1, createdAt: now.toISOString(), database: config.databaseUrl ? 'postgresql' : 'sqlite', files: [...tar.entries] };
    await tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
    await tar.close();
    // Read back what was written: every file there, with the same checksum.
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

/** Checks an archive against its manifest; `extractTo` also unpacks it there. */
export async function verifyArchive(file: string, extractTo?: string): Promise<Manifest> {
  const entries = await readTar(file, (name) => {
    if (!extractTo) return undefined;
    if (name.split('/').some((p) => p === '..' || p === '') || path.isAbsolute(name)) throw new Error(`Unsafe path in the archive: ${name}`);
    const to = path.join(extractTo, name);
    fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    return to;
  });
  const manifestEntry = entries.find((e) => e.path === 'manifest.json');
  if (!manifestEntry) throw new Error(`${file} is not a VAP SOLO backup (no manifest).`);
  const manifest: Manifest = extractTo
    ? JSON.parse(fs.readFileSync(path.join(extractTo, 'manifest.json'), 'utf8'))
    : JSON.parse(await readManifest(file));
  if (manifest.format !== 'vapsolo-backup') throw new Error(`${file} is not a VAP SOLO backup.`);
  for (const expected of manifest.files) {
    const found = entries.find((e) => e.path === expected.path);
    if (!found || found.sha256 !== expected.sha256 || found.size !== expected.size) throw new Error(`${file} is damaged: ${expected.path} does not match its checksum.`);
  }
  return manifest;
}

async function readManifest(file: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(path.dirname(file), '.manifest-'));
  try {
    await readTar(file, (name) => (name === 'manifest.json' ? path.join(dir, 'manifest.json') : undefined));
    return fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
