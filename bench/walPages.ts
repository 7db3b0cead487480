// npx tsx bench/walPages.ts: which pages a guest order's commit writes on SQLite, by table and
// index, over the bench's data (10,000 products, 100,000 orders) in a file database. A reader keeps
// the write-ahead log from being restarted meanwhile, so every frame the orders append can be read
// back from the log (each frame names its page) and matched to its b-tree (the dbstat table). The
// commit's cost grows with these pages. Not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeShop } from '../backend/test/helpers';
import { checkoutBody } from '../backend/test/fixtures';
import { generateLargeData, allowBenchGuestOrders, FULL } from './largeData';

const ORDERS = 50;
const FRAME_HEADER = 24;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-wal-'));
  const dbFile = path.join(dir, 'shop.sqlite3');
  const shop = await makeShop({ dbFile });
  try {
    const knex = shop.app.knex;
    await generateLargeData(knex, FULL);
    await allowBenchGuestOrders(knex);
    await knex('variants').update({ stock: 100000 });
    const v = await knex('variants').first('id', 'productId');
    const b = shop.browser();
    await b.csrf();
    const items = [{ productId: v.productId, variantId: v.id, quantity: 1 }];
    for (let i = 0; i < 20; i++) await b.post('/api/orders/create', checkoutBody(items)).expect(201);
    const reader: any = new Database(dbFile, { readonly: true }); // (the repository's typing of better-sqlite3 is partial)
    reader.exec('begin');
    reader.prepare('select count(*) from orders').get();
    const pageSize = Number(reader.pragma('page_size', { simple: true }));
    const from = fs.statSync(`${dbFile}-wal`).size;
    for (let i = 0; i < ORDERS; i++) await b.post('/api/orders/create', checkoutBody(items)).expect(201);
    const wal = fs.readFileSync(`${dbFile}-wal`);
    reader.exec('commit');
    const pages = new Map<number, number>();
    let frames = 0;
    let commits = 0;
    for (let at = from; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
      const page = wal.readUInt32BE(at);
      frames++;
      if (wal.readUInt32BE(at + 4) !== 0) commits++;
      pages.set(page, (pages.get(page) ?? 0) + 1);
    }
    const owners = new Map<number, string>();
    const stat: any = new Database(dbFile, { readonly: true });
    for (const row of stat.prepare('select name, pageno from dbstat').all() as Array<{ name: string; pageno: number }>)
      owners.set(row.pageno, row.name);
    stat.close();
    reader.close();
    const byOwner = new Map<string, number>();
    for (const [page, n] of pages) {
      const owner = page === 1 ? '(page 1: the header)' : (owners.get(page) ?? '(free list)');
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + n);
    }
    for (const [owner, n] of [...byOwner].sort((a, c) => c[1] - a[1]))
      console.log(`${(n / ORDERS).toFixed(1).padStart(6)} pages/order  ${owner}`);
    console.log(
      `${(frames / ORDERS).toFixed(1)} pages written per order (${commits} commits for ${ORDERS} orders), ${((frames / ORDERS) * (pageSize + FRAME_HEADER)) / 1024} KB`,
    );
  } finally {
    await shop.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
