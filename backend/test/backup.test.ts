// npm run backup / restore: a consistent copy of a live database, rotation, and putting it back.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import knexFactory from 'knex';
import { backup, restore } from '../src/db/backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-backup-'));
const dbFile = path.join(dir, 'shop.sqlite3');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(file: string) {
  return knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
}

it('copies a live WAL database while it is being written, keeps the newest N, and restores one', async () => {
  const live = open(dbFile);
  await live.raw('pragma journal_mode = WAL');
  await live.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('number');
  });
  for (let i = 0; i < 50; i++) await live('orders').insert({ number: `VS-${10000 + i}` });

  const backups = path.join(dir, 'backups');
  const first = await backup({ dbFile, dir: backups, keep: 2 });
  // More orders arrive after the backup: they are not in it.
  for (let i = 50; i < 60; i++) await live('orders').insert({ number: `VS-${10000 + i}` });
  const copy = open(first);
  expect((await copy('orders').count({ n: '*' }))[0].n).toBe(50);
  expect((await copy.raw('pragma integrity_check'))[0].integrity_check).toBe('ok');
  await copy.destroy();

  // Rotation: three backups in distinct seconds, two kept.
  await new Promise((r) => setTimeout(r, 1100));
  await backup({ dbFile, dir: backups, keep: 2 });
  await new Promise((r) => setTimeout(r, 1100));
  const newest = await backup({ dbFile, dir: backups, keep: 2 });
  expect(fs.readdirSync(backups)).toHaveLength(2);
  expect(fs.readdirSync(backups)).toContain(path.basename(newest));
  expect(fs.existsSync(first)).toBe(false);
  await live.destroy();

  // Restore the newest over a database that lost its rows; the replaced one is kept.
  const broken = open(dbFile);
  await broken('orders').delete();
  await broken.destroy();
  const kept = restore({ dbFile, from: newest });
  expect(fs.existsSync(kept)).toBe(true);
  const back = open(dbFile);
  expect((await back('orders').count({ n: '*' }))[0].n).toBe(60);
  await back.destroy();
});

it('refuses to restore a file that is not a sound database, changing nothing', () => {
  const bad = path.join(dir, 'bad.sqlite3');
  fs.writeFileSync(bad, 'not a database at all'.repeat(100));
  const before = fs.readFileSync(dbFile);
  expect(() => restore({ dbFile, from: bad })).toThrow();
  expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
});
