// Every order writes a row to `orders` and `payments`, and a guest's order a row to `sessions`, and
// each index of those tables is one more page the commit writes. The indexes of a column that most
// of these rows leave empty (a company, a company's shop, a quote, a signed-in user) now hold only
// the rows that name one: a consumer's order and a guest's session no longer touch them. A lookup by
// a value (`company_id = ?`, the foreign keys' checks) still uses them: both databases read
// "is not null" from any comparison with a value.
import type { Knex } from 'knex';

const PARTIAL: Array<{ table: string; column: string }> = [
  { table: 'orders', column: 'company_id' },
  { table: 'orders', column: 'company_shop_id' },
  { table: 'orders', column: 'quote_request_id' },
  { table: 'payments', column: 'company_id' },
  { table: 'sessions', column: 'user_id' },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, column } of PARTIAL)
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex([column]);
      t.index([column], `${table}_${column}_index`, { predicate: knex.whereNotNull(column) });
    });
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, column } of PARTIAL)
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex([column]);
      t.index([column]);
    });
}
