// npm run backup / restore: one archive with the database, the uploaded pictures and the keys,
// checked after writing; retention; a restore refused while the shop runs, and one that puts
// everything back.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import knexFactory from 'knex';
import * as tar from 'tar';
import { backup, restore, prune, verifyArchive, runningShopPid } from '../src/platform/db/backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-backup-'));
const dataDir = path.join(dir, 'data');
const uploadDir = path.join(dataDir, 'uploads');
const dbFile = path.join(dataDir, 'shop.sqlite3');
const config = { dataDir, uploadDir, dbFile, databaseUrl: undefined };
const backups = path.join(dir, 'backups');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(file: string) {
  return knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
}

const count = async (file: string) => {
  const db = open(file);
  try {
    return Number((await db('orders').count({ n: '*' }))[0].n);
  } finally {
    await db.destroy();
  }
};

let archive = '';

beforeAll(async () => {
  fs.mkdirSync(path.join(uploadDir, 'products'), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, 'products', 'twins-black.webp'), Buffer.from('picture bytes'));
  fs.writeFileSync(path.join(dataDir, 'app-keys'), 'key-one\nkey-two\n');
  const live = open(dbFile);
  await live.raw('pragma journal_mode = WAL');
  await live.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('number');
  });
  for (let i = 0; i < 50; i++) await live('orders').insert({ number: `VS-${10000 + i}` });
  archive = await backup({ config, dir: backups });
  // More orders after the backup: not in it.
  for (let i = 50; i < 60; i++) await live('orders').insert({ number: `VS-${10000 + i}` });
  await live.destroy();
});

it('writes one private archive with the database, pictures, keys and a manifest of checksums', async () => {
  expect(path.basename(archive)).toMatch(/^vapsolo-\d{8}-\d{6}-manual\.tar\.gz$/);
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  const entries: Array<{ path: string; type: string }> = [];
  await tar.t({ file: archive, onReadEntry: (e) => entries.push({ path: e.path, type: e.type }) });
  expect(entries.map((e) => e.path).sort()).toEqual([
    'app-keys',
    'database/shop.sqlite3',
    'manifest.json',
    'uploads/products/twins-black.webp',
  ]);
  // Regular files only: no folders, no links.
  expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['File']));
  // The live pictures and keys are where they were (the archive was made from links to them).
  expect(fs.readFileSync(path.join(uploadDir, 'products', 'twins-black.webp'), 'utf8')).toBe('picture bytes');
  expect(fs.readFileSync(path.join(dataDir, 'app-keys'), 'utf8')).toBe('key-one\nkey-two\n');
  const manifest = await verifyArchive(archive);
  expect(manifest.database).toBe('sqlite');
  expect(manifest.files.map((f) => f.path).sort()).toEqual(['app-keys', 'database/shop.sqlite3', 'uploads/products/twins-black.webp']);
});

it('finds a damaged archive', async () => {
  // Change one byte inside the picture's content and pack it again.
  const raw = zlib.gunzipSync(fs.readFileSync(archive));
  const at = raw.indexOf(Buffer.from('picture bytes'));
  raw[at] = 'P'.charCodeAt(0);
  const damaged = path.join(dir, 'damaged.tar.gz');
  fs.writeFileSync(damaged, zlib.gzipSync(raw));
  await expect(verifyArchive(damaged)).rejects.toThrow(/damaged: uploads\/products\/twins-black.webp/);
  const before = fs.readFileSync(dbFile);
  await expect(restore({ config, from: damaged })).rejects.toThrow(/damaged/);
  expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
});

it('opens with the system tar (`tar xzf`), the database and the keys private to the owner', async () => {
  const out = path.join(dir, 'by-hand');
  fs.mkdirSync(out);
  const res = spawnSync('tar', ['xzf', archive, '-C', out], { encoding: 'utf8' });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  expect(fs.readFileSync(path.join(out, 'uploads', 'products', 'twins-black.webp'), 'utf8')).toBe('picture bytes');
  expect(fs.readFileSync(path.join(out, 'app-keys'), 'utf8')).toBe('key-one\nkey-two\n');
  expect(await count(path.join(out, 'database', 'shop.sqlite3'))).toBe(50);
  expect(JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')).format).toBe('vapsolo-backup');
  for (const secret of ['app-keys', 'database/shop.sqlite3']) expect(fs.statSync(path.join(out, secret)).mode & 0o077).toBe(0);
});

it('stores a picture hard-linked to another as a whole file', async () => {
  const linkedData = path.join(dir, 'linked-data');
  fs.mkdirSync(path.join(linkedData, 'uploads'), { recursive: true });
  fs.copyFileSync(dbFile, path.join(linkedData, 'shop.sqlite3'));
  fs.writeFileSync(path.join(linkedData, 'uploads', 'a.webp'), 'same picture');
  fs.linkSync(path.join(linkedData, 'uploads', 'a.webp'), path.join(linkedData, 'uploads', 'b.webp'));
  const linkedConfig = {
    dataDir: linkedData,
    uploadDir: path.join(linkedData, 'uploads'),
    dbFile: path.join(linkedData, 'shop.sqlite3'),
    databaseUrl: undefined,
  };
  const file = await backup({ config: linkedConfig, dir: path.join(dir, 'linked-backups') });
  const entries: string[] = [];
  await tar.t({ file, onReadEntry: (e) => entries.push(`${e.type} ${e.path}`) });
  expect(entries).toEqual(expect.arrayContaining(['File uploads/a.webp', 'File uploads/b.webp']));
});

it('finds a truncated archive', async () => {
  const bytes = fs.readFileSync(archive);
  const cut = path.join(dir, 'truncated.tar.gz');
  fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await expect(verifyArchive(cut)).rejects.toThrow(/unexpected end of file|Truncated input/);
  const before = fs.readFileSync(dbFile);
  await expect(restore({ config, from: cut })).rejects.toThrow(/unexpected end of file|Truncated input/);
  expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
});

/** A folder laid out as a backup (database, a picture, keys, manifest) with `orders` rows in its database. */
async function layout(name: string, orders: number): Promise<string> {
  const root = path.join(dir, name);
  fs.mkdirSync(path.join(root, 'database'), { recursive: true });
  fs.mkdirSync(path.join(root, 'uploads', 'products'), { recursive: true });
  const db = open(path.join(root, 'database', 'shop.sqlite3'));
  await db.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('number');
  });
  for (let i = 0; i < orders; i++) await db('orders').insert({ number: `VS-${20000 + i}` });
  await db.destroy();
  fs.writeFileSync(path.join(root, 'uploads', 'products', 'by-hand.webp'), 'hand-made picture');
  fs.writeFileSync(path.join(root, 'app-keys'), 'hand-key\n');
  const files = ['database/shop.sqlite3', 'uploads/products/by-hand.webp', 'app-keys'].map((p) => {
    const data = fs.readFileSync(path.join(root, p));
    return { path: p, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') };
  });
  fs.writeFileSync(
    path.join(root, 'manifest.json'),
    JSON.stringify({ format: 'vapsolo-backup', version: 1, createdAt: new Date().toISOString(), database: 'sqlite', files }),
  );
  return root;
}

it('restores an archive made by hand with the system tar (`tar czf … -C folder .`)', async () => {
  const root = await layout('hand-made', 7);
  const file = path.join(dir, 'hand-made.tar.gz');
  const res = spawnSync('tar', ['czf', file, '-C', root, '.'], { encoding: 'utf8' });
  expect(res.status).toBe(0);
  const restoreData = path.join(dir, 'restore-hand');
  const handConfig = {
    dataDir: restoreData,
    uploadDir: path.join(restoreData, 'uploads'),
    dbFile: path.join(restoreData, 'shop.sqlite3'),
    databaseUrl: undefined,
  };
  await restore({ config: handConfig, from: file });
  expect(await count(handConfig.dbFile)).toBe(7);
  expect(fs.readFileSync(path.join(handConfig.uploadDir, 'products', 'by-hand.webp'), 'utf8')).toBe('hand-made picture');
  expect(fs.readFileSync(path.join(restoreData, 'app-keys'), 'utf8')).toBe('hand-key\n');
});

it('refuses an archive with a path leaving the restore folder, and never restores a link', async () => {
  const root = await layout('hostile', 3);
  const restoreData = path.join(dir, 'restore-hostile');
  fs.mkdirSync(restoreData);
  const hostileConfig = {
    dataDir: restoreData,
    uploadDir: path.join(restoreData, 'uploads'),
    dbFile: path.join(restoreData, 'shop.sqlite3'),
    databaseUrl: undefined,
  };

  // A file written as ../../escaped.txt.
  fs.writeFileSync(path.join(dir, 'escaped.txt'), 'outside');
  const escaping = path.join(dir, 'escaping.tar.gz');
  await tar.c({ file: escaping, gzip: true, cwd: path.join(root, 'uploads'), preservePaths: true }, ['../../escaped.txt']);
  await expect(restore({ config: hostileConfig, from: escaping })).rejects.toThrow(/Unsafe path in the archive: \.\.\/\.\.\/escaped\.txt/);
  expect(fs.readdirSync(restoreData)).toEqual([]);

  // A symbolic link to a file outside, and a hard link: skipped; the rest is restored.
  fs.symlinkSync('/etc/hostname', path.join(root, 'uploads', 'products', 'link.webp'));
  fs.linkSync(path.join(root, 'app-keys'), path.join(root, 'uploads', 'keys-again'));
  const linked = path.join(dir, 'linked.tar.gz');
  expect(spawnSync('tar', ['czf', linked, '-C', root, 'database', 'app-keys', 'uploads', 'manifest.json']).status).toBe(0);
  const listed: string[] = [];
  await tar.t({ file: linked, onReadEntry: (e) => listed.push(`${e.type} ${e.path}`) });
  expect(listed).toEqual(expect.arrayContaining(['SymbolicLink uploads/products/link.webp', 'Link uploads/keys-again']));
  await restore({ config: hostileConfig, from: linked });
  expect(await count(hostileConfig.dbFile)).toBe(3);
  expect(fs.readdirSync(path.join(hostileConfig.uploadDir, 'products'))).toEqual(['by-hand.webp']);
  expect(fs.existsSync(path.join(hostileConfig.uploadDir, 'keys-again'))).toBe(false);
});

it('refuses to restore while the shop runs (its pid file names a live process)', async () => {
  fs.writeFileSync(path.join(dataDir, 'shop.pid'), `${process.pid}\n`);
  expect(runningShopPid(config)).toBe(process.pid);
  await expect(restore({ config, from: archive })).rejects.toThrow(/The shop is running/);
  expect(await count(dbFile)).toBe(60);
  fs.rmSync(path.join(dataDir, 'shop.pid'));
});

it('restores the database, the pictures and the keys, keeping what it replaced', async () => {
  fs.rmSync(path.join(uploadDir, 'products', 'twins-black.webp'));
  fs.writeFileSync(path.join(dataDir, 'app-keys'), 'other-key\n');
  // A pid file left by a crash (no such process) does not block.
  fs.writeFileSync(path.join(dataDir, 'shop.pid'), '999999\n');
  const { kept } = await restore({ config, from: archive });
  expect(await count(dbFile)).toBe(50);
  expect(fs.readFileSync(path.join(uploadDir, 'products', 'twins-black.webp'), 'utf8')).toBe('picture bytes');
  expect(fs.readFileSync(path.join(dataDir, 'app-keys'), 'utf8')).toBe('key-one\nkey-two\n');
  expect(kept).toHaveLength(3);
  expect(await count(kept.find((k) => k.includes('shop.sqlite3'))!)).toBe(60);
});

it('keeps the newest archive of each of the last N days and M weeks', () => {
  const rot = path.join(dir, 'rotation');
  fs.mkdirSync(rot);
  const names = [
    'vapsolo-20261123-220000.tar.gz',
    'vapsolo-20261123-020000.tar.gz', // Mon 23 Nov: two
    'vapsolo-20261122-020000.tar.gz',
    'vapsolo-20261121-020000.tar.gz', // Sun, Sat
    'vapsolo-20261115-020000.tar.gz',
    'vapsolo-20261108-020000.tar.gz', // two weeks back, three weeks back
    'vapsolo-20261001-020000.tar.gz',
  ];
  for (const n of names) fs.writeFileSync(path.join(rot, n), '');
  fs.writeFileSync(path.join(rot, 'notes.txt'), '');
  prune(rot, 2, 3);
  expect(fs.readdirSync(rot).sort()).toEqual([
    'notes.txt',
    'vapsolo-20261115-020000.tar.gz', // newest of the 3rd week (9–15 Nov)
    'vapsolo-20261122-020000.tar.gz', // 2nd day; newest of the week of 16–22 Nov
    'vapsolo-20261123-220000.tar.gz', // newest: 1st day and week
  ]);
});

it('a manual backup never removes a scheduled one: each kind has its own retention', async () => {
  const rot = path.join(dir, 'kinds');
  fs.mkdirSync(rot);
  // That night's scheduled archive, and yesterday's (the old name without a kind counts as scheduled).
  fs.writeFileSync(path.join(rot, 'vapsolo-20261123-023000-scheduled.tar.gz'), '');
  fs.writeFileSync(path.join(rot, 'vapsolo-20261122-023000.tar.gz'), '');
  fs.writeFileSync(path.join(rot, 'vapsolo-20261120-100000-manual.tar.gz'), '');
  fs.writeFileSync(path.join(rot, 'vapsolo-20261121-100000-manual.tar.gz'), '');
  // Staff back up by hand the next morning, twice.
  const first = await backup({ config, dir: rot, keepDaily: 1, keepWeekly: 1, keepManual: 2, now: new Date('2026-11-23T09:00:00Z') });
  const second = await backup({ config, dir: rot, keepDaily: 1, keepWeekly: 1, keepManual: 2, now: new Date('2026-11-23T10:00:00Z') });
  expect(path.basename(first)).toBe('vapsolo-20261123-090000-manual.tar.gz');
  expect(
    fs
      .readdirSync(rot)
      .filter((n) => !n.startsWith('.'))
      .sort(),
  ).toEqual([
    'vapsolo-20261122-023000.tar.gz',
    'vapsolo-20261123-023000-scheduled.tar.gz',
    'vapsolo-20261123-090000-manual.tar.gz',
    path.basename(second),
  ]);
  // The next night's scheduled run keeps the manual ones and prunes scheduled ones by their rule.
  await backup({ config, dir: rot, kind: 'scheduled', keepDaily: 1, keepWeekly: 2, keepManual: 2, now: new Date('2026-11-24T02:30:00Z') });
  expect(
    fs
      .readdirSync(rot)
      .filter((n) => !n.startsWith('.'))
      .sort(),
  ).toEqual([
    'vapsolo-20261122-023000.tar.gz', // newest of the week before (16–22 Nov); 23 Nov's goes (1 day, same week as 24 Nov)
    'vapsolo-20261123-090000-manual.tar.gz',
    'vapsolo-20261123-100000-manual.tar.gz',
    'vapsolo-20261124-023000-scheduled.tar.gz',
  ]);
});

const pg = process.env.TEST_DATABASE_URL;
(pg ? it : it.skip)('PostgreSQL: pg_dump into the archive and pg_restore back', async () => {
  const name = `shop_backup_${process.pid}_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: pg!, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(pg!);
  url.pathname = '/' + name;
  const db = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
  try {
    await db.schema.createTable('orders', (t) => {
      t.increments('id');
      t.string('number');
    });
    await db('orders').insert([{ number: 'VS-1' }, { number: 'VS-2' }]);
    const pgConfig = {
      ...config,
      dataDir: path.join(dir, 'pgdata'),
      uploadDir: path.join(dir, 'pgdata', 'uploads'),
      databaseUrl: url.toString(),
    };
    fs.mkdirSync(pgConfig.uploadDir, { recursive: true });
    const file = await backup({ config: pgConfig, dir: path.join(dir, 'pgbackups') });
    expect((await verifyArchive(file)).database).toBe('postgresql');
    await db('orders').insert({ number: 'VS-3' });
    await restore({ config: pgConfig, from: file });
    expect(await db('orders').orderBy('id').pluck('number')).toEqual(['VS-1', 'VS-2']);
  } finally {
    await db.destroy();
    await admin.raw('drop database if exists ?? with (force)', [name]);
    await admin.destroy();
  }
});
