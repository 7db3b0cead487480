// npx tsx bench/statementTimes.ts: how long each statement of a guest checkout takes inside the
// database, over the bench's data (10,000 products, 100,000 orders), SQLite in memory or
// (TEST_DATABASE_URL=postgres://…) a new PostgreSQL database. Not a test; a look at where an order's database time goes.
import { makeShop } from '../backend/test/helpers';
import { checkoutBody } from '../backend/test/fixtures';
import { generateLargeData, allowBenchGuestOrders, FULL } from './largeData';
import { Order } from '../backend/src/models/Order';

async function main() {
  const shop = await makeShop();
  try {
    const knex = shop.app.knex;
    await generateLargeData(knex, FULL);
    await allowBenchGuestOrders(knex);
    const variant = await knex('variants').where('stock', '>', 1000).first('id', 'productId');
    if (!variant) await knex('variants').update({ stock: 100000 });
    const v = variant ?? (await knex('variants').first('id', 'productId'));
    const b = shop.browser();
    await b.csrf();
    const items = [{ productId: v.productId, variantId: v.id, quantity: 1 }];
    for (let i = 0; i < 50; i++) await b.post('/api/orders/create', checkoutBody(items)).expect(201);
    const started = new Map<string, bigint>();
    const times = new Map<string, number[]>();
    knex.on('query', (q: { sql: string; __knexQueryUid: string }) => started.set(q.__knexQueryUid, process.hrtime.bigint()));
    knex.on('query-response', (_r: unknown, q: { sql: string; __knexQueryUid: string }) => {
      const at = started.get(q.__knexQueryUid);
      if (at === undefined) return;
      const key = q.sql.replace(/\s+/g, ' ').slice(0, 70);
      const list = times.get(key) ?? [];
      list.push(Number(process.hrtime.bigint() - at) / 1000);
      times.set(key, list);
    });
    const N = 500;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) await b.post('/api/orders/create', checkoutBody(items)).expect(201);
    const wall = Number(process.hrtime.bigint() - t0) / 1000 / N;
    let total = 0;
    const rows = [...times].map(([sql, l]) => {
      const sum = l.reduce((a, x) => a + x, 0) / N;
      total += sum;
      return [sum, sql, l.length / N] as const;
    });
    for (const [sum, sql, per] of rows.sort((a, b) => b[0] - a[0])) console.log(`${sum.toFixed(1).padStart(7)} µs/order  ×${per}  ${sql}`);
    console.log(
      `database ${total.toFixed(0)} µs of ${wall.toFixed(0)} µs per order (one at a time, supertest included); orders ${await Order.query().resultSize()}`,
    );
  } finally {
    await shop.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
