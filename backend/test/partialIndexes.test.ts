// The indexes of columns most orders, payments and sessions leave empty hold only the rows that
// name a value; a lookup by a value still finds its rows through them, on both databases.
import { shopForThisFile } from './helpers';
import { isPostgres } from '../src/platform/db/knex';
import { Order } from '../src/models';

shopForThisFile();

const LOOKUPS: Array<{ index: string; sql: string }> = [
  { index: 'orders_company_id_index', sql: 'select id from orders where company_id = 1' },
  { index: 'orders_company_shop_id_index', sql: 'select id from orders where company_shop_id = 1' },
  { index: 'orders_quote_request_id_index', sql: 'select id from orders where quote_request_id = 1' },
  { index: 'orders_user_id_created_at_index', sql: 'select id from orders where user_id = 1 order by created_at desc limit 10' },
  { index: 'payments_company_id_index', sql: 'select id from payments where company_id = 1' },
  { index: 'sessions_user_id_index', sql: 'select id from sessions where user_id = 1' },
];

it.each(LOOKUPS)('$index serves a lookup by a value', async ({ index, sql }) => {
  const knex = Order.knex();
  if (isPostgres(knex)) {
    // The tables are nearly empty here: the planner is told to prefer any index to a scan.
    const plan = await knex.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      return (await trx.raw(`explain ${sql}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(index);
  } else {
    const plan = (await knex.raw(`explain query plan ${sql}`)) as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join('\n')).toContain(index);
  }
});

it.each(LOOKUPS)('$index holds only the rows that name a value', async ({ index }) => {
  const knex = Order.knex();
  const definition = isPostgres(knex)
    ? (await knex.raw('select indexdef as sql from pg_indexes where indexname = ?', [index])).rows[0]
    : await knex('sqlite_master').where({ type: 'index', name: index }).first('sql');
  expect(definition.sql).toMatch(/where \(?["`]?\w+["`]? is not null\)?/i);
});
