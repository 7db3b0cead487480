// The database file is brought up to date from the write-ahead log off the request path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex } from '../src/platform/db/knex';

it('copies committed writes into the database file from the background, within a second or so', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-ckpt-'));
  const dbFile = path.join(dir, 'shop.sqlite3');
  const knex = createKnex({ dbFile });
  try {
    await knex.schema.createTable('notes', (t) => {
      t.increments('id');
      t.text('body');
    });
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
  } finally {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
