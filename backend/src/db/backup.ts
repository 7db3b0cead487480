// npm run backup            — a consistent online copy of the live SQLite database (the shop may
//                             keep running), checked, into data/backups/, keeping the newest N.
// npm run restore -- FILE   — put a backup back (stop the shop first); the database it replaces
//                             is kept beside it. With DATABASE_URL (PostgreSQL) use pg_dump/pg_restore.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../config';

const KEEP_DEFAULT = 14;

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

export async function backup(opts: { dbFile: string; dir: string; keep: number }): Promise<string> {
  if (!fs.existsSync(opts.dbFile)) throw new Error(`No database at ${opts.dbFile}`);
  fs.mkdirSync(opts.dir, { recursive: true });
  const target = path.join(opts.dir, `shop-${stamp()}.sqlite3`);
  const db = new Database(opts.dbFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // SQLite's online backup API: a consistent snapshot while writers carry on.
    await db.backup(target);
  } finally {
    db.close();
  }
  // A backup is one self-contained file: no write-ahead log beside it.
  const copy = new Database(target);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  if (!integrityOk(target)) {
    fs.rmSync(target, { force: true });
    throw new Error('The backup failed its integrity check and was removed.');
  }
  const old = fs.readdirSync(opts.dir).filter((f) => /^shop-\d{8}-\d{6}\.sqlite3$/.test(f)).sort().reverse().slice(opts.keep);
  for (const f of old) for (const ext of ['', '-wal', '-shm']) fs.rmSync(path.join(opts.dir, f + ext), { force: true });
  return target;
}

export function restore(opts: { dbFile: string; from: string }): string {
  if (!fs.existsSync(opts.from)) throw new Error(`No backup at ${opts.from}`);
  if (!integrityOk(opts.from)) throw new Error(`${opts.from} fails the integrity check; nothing was changed.`);
  let kept = '';
  if (fs.existsSync(opts.dbFile)) {
    kept = `${opts.dbFile}.before-restore-${stamp()}`;
    // Fold the write-ahead log in first, so the kept copy is whole.
    const current = new Database(opts.dbFile);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    fs.copyFileSync(opts.dbFile, kept);
  }
  for (const ext of ['-wal', '-shm']) fs.rmSync(opts.dbFile + ext, { force: true });
  fs.mkdirSync(path.dirname(opts.dbFile), { recursive: true });
  fs.copyFileSync(opts.from, opts.dbFile);
  return kept;
}

async function main() {
  const [cmd, file] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore.');
    process.exit(2);
  }
  const dir = process.env.BACKUP_DIR || path.join(config.dataDir, 'backups');
  const keep = Number(process.env.BACKUP_KEEP) || KEEP_DEFAULT;
  if (cmd === 'backup') {
    console.log(`Backup written: ${await backup({ dbFile: config.dbFile, dir, keep })} (newest ${keep} kept)`);
  } else if (cmd === 'restore') {
    if (!file) {
      console.error('Usage: npm run restore -- <backup file>   (stop the shop first)');
      process.exit(2);
    }
    const kept = restore({ dbFile: config.dbFile, from: path.resolve(file) });
    console.log(`Restored ${file} to ${config.dbFile}.${kept ? ` The replaced database is kept at ${kept}.` : ''} Start the shop again.`);
  } else {
    console.error('Usage: tsx backend/src/db/backup.ts backup | restore <file>');
    process.exit(2);
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
