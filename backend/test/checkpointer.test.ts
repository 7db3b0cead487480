// The database file is brought up to date from the write-ahead log off the request path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { createKnex } from '../src/platform/db/knex';
import { startCheckpointer, WAL_LIMIT_BYTES } from '../src/platform/db/checkpointer';

/** A file database with a `notes` table, for `work`; removed after. */
async function withNotes(work: (knex: Knex, dbFile: string) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-ckpt-'));
  const dbFile = path.join(dir, 'shop.sqlite3');
  const knex = createKnex({ dbFile });
  try {
    await knex.schema.createTable('notes', (t) => {
      t.increments('id');
      t.text('body');
    });
    await work(knex, dbFile);
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it('copies committed writes into the database file from the background, within a second or so', () =>
  withNotes(async (knex, dbFile) => {
    await knex.raw('pragma wal_checkpoint(TRUNCATE)');
    const before = fs.statSync(dbFile).size;
    for (let i = 0; i < 50; i++) await knex('notes').insert(Array.from({ length: 20 }, () => ({ body: 'ж'.repeat(500) })));
    // Committed, but only in the log: the app's connection does not checkpoint this little.
    expect(fs.statSync(`${dbFile}-wal`).size).toBeGreaterThan(500_000);
    let after = fs.statSync(dbFile).size;
    for (let waited = 0; after === before && waited < 10_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      after = fs.statSync(dbFile).size;
    }
    expect(after).toBeGreaterThan(before + 500_000);
    expect((await knex('notes').count({ n: '*' }))[0].n).toBe(1000);
  }));

it('keeps the write-ahead log bounded: past its limit the log is emptied; the app connection sets journal_size_limit', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-ckpt-'));
  const dbFile = path.join(dir, 'shop.sqlite3');
  const writer: any = new Database(dbFile); // (the repository's typing of better-sqlite3 is partial)
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0'); // the log only grows, as when checkpoints cannot keep up
  writer.exec('create table notes (id integer primary key, body text)');
  const insert = writer.prepare('insert into notes (body) values (?)');
  writer.transaction(() => {
    for (let i = 0; i < 1500; i++) insert.run('ж'.repeat(1000));
  })();
  expect(fs.statSync(`${dbFile}-wal`).size).toBeGreaterThan(2_000_000);
  const checkpointer = startCheckpointer(dbFile, { walLimitBytes: 1_000_000 });
  try {
    let size = fs.statSync(`${dbFile}-wal`).size;
    for (let waited = 0; size > 1_000_000 && waited < 10_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      size = fs.statSync(`${dbFile}-wal`).size;
    }
    expect(size).toBeLessThanOrEqual(1_000_000);
    expect((writer.prepare('select count(*) as n from notes').get() as { n: number }).n).toBe(1500);
  } finally {
    checkpointer.stop();
    writer.close();
  }
  const knex = createKnex({ dbFile });
  try {
    const [row] = await knex.raw('pragma journal_size_limit');
    expect(Object.values(row)[0]).toBe(WAL_LIMIT_BYTES);
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('a connection closed while its checkpointer starts leaves no error behind (a temporary database removed at once)', async () => {
  const errors: unknown[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  try {
    for (let i = 0; i < 10; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-ckpt-'));
      const knex = createKnex({ dbFile: path.join(dir, 'shop.sqlite3') });
      await knex.raw('select 1');
      await knex.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The workers start (or not) after their files are gone; give them the time to say so.
    await new Promise((r) => setTimeout(r, 1500));
    expect(errors).toEqual([]);
  } finally {
    spy.mockRestore();
  }
});

it('a transaction that reads before it writes waits for a lock another connection holds (a TRUNCATE checkpoint) instead of failing', () =>
  withNotes(async (knex, dbFile) => {
    await knex('notes').insert({ body: 'first' });
    // Another thread takes the write lock, as the checkpointer does to empty the log, and keeps it a
    // second (a bounded hold; SQLite's busy wait in this thread is what the test is about).
    const { Worker } = await import('node:worker_threads');
    const holder = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const db = new (require(workerData.module))(workerData.dbFile);
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('holding');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: { dbFile, module: require.resolve('better-sqlite3') } },
    );
    await new Promise((resolve) => holder.once('message', resolve));
    const id = await knex.transaction(async (trx) => {
      const { n } = (await trx('notes').count({ n: '*' }).first()) as { n: number };
      const [row] = await trx('notes')
        .insert({ body: `after ${n}` })
        .returning('id');
      return row.id;
    });
    expect(await knex('notes').where({ id }).first('body')).toEqual({ body: 'after 1' });
    await new Promise((resolve) => holder.once('exit', resolve));
  }));
