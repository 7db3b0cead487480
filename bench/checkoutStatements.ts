// npx tsx bench/checkoutStatements.ts: the SQL one guest checkout runs, statement by statement, on
// SQLite or (TEST_DATABASE_URL=postgres://…) on a new PostgreSQL database. The statements after
// the stock is taken hold the variant's row lock until COMMIT: on PostgreSQL orders of one
// variant wait for each other that long. Not a test; a look at what an order costs.
import { makeShop } from '../backend/test/helpers';
import { makeCatalogue, checkoutBody } from '../backend/test/fixtures';
import { Order } from '../backend/src/models/Order';

async function main() {
  const shop = await makeShop();
  try {
    const c = await makeCatalogue();
    const b = shop.browser();
    await b.csrf();
    const items = [{ productId: c.triples.id, variantId: c.triples.variant, quantity: 1 }];
    // The first order fills the caches (settings, catalogue facts); the second is what counts.
    await b.post('/api/orders/create', checkoutBody(items)).expect(201);
    const knex = Order.knex();
    const seen: string[] = [];
    const onQuery = (q: { sql: string }) => seen.push(q.sql.replace(/\s+/g, ' '));
    knex.on('query', onQuery);
    const body = checkoutBody(items);
    await b.post('/api/orders/create', body).expect(201);
    knex.off('query', onQuery);
    let stockAt = -1;
    seen.forEach((sql, i) => {
      if (/update ["`]variants["`] set .*["`]stock["`] = ["`]stock["`] -/.test(sql) && stockAt < 0) stockAt = i;
      console.log(`${String(i + 1).padStart(2)} ${sql.slice(0, 140)}`);
    });
    const commitAt = seen.findIndex((s) => /^commit/i.test(s));
    console.log(
      `\n${seen.length} statements; the stock is taken at #${stockAt + 1}, COMMIT at #${commitAt + 1}: ${commitAt - stockAt - 1} statements hold the variant's row lock.`,
    );
  } finally {
    await shop.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
