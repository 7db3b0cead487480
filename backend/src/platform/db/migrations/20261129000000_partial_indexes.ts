// Every order writes a row to `orders` and `payments`, and a guest's order a row to `sessions`, and
// each index of those tables is one more page the commit writes. The indexes of a column that most
// of these rows leave empty (a company, a company's shop, a quote, a customer's account) now hold only
// the rows that name one: a consumer's order and a guest's session no longer touch them. A lookup by
// a value (`company_id = ?`, the foreign keys' checks) still uses them: both databases read
// "is not null" from any comparison with a value.
import type { Knex } from 'knex';

/** Each index by its table and columns; the first column is the one most rows leave empty. */
const PARTIAL: Array<{ table: string; columns: string[] }> = [
  { table: 'orders', columns: ['company_id'] },
  { table: 'orders', columns: ['company_shop_id'] },
  { table: 'orders', columns: ['quote_request_id'] },
  // A customer's own orders, newest first; a guest's order has no user.
  { table: 'orders', columns: ['user_id', 'created_at'] },
  { table: 'payments', columns: ['company_id'] },
  { table: 'sessions', columns: ['user_id'] },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, columns } of PARTIAL)
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns);
      t.index(columns, `${table}_${columns.join('_')}_index`, { predicate: knex.whereNotNull(columns[0]) });
    });
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, columns } of PARTIAL)
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns);
      t.index(columns);
    });
}
