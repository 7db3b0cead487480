// Partial refunds (how much went back and why) and one mark that an order's stock is back on the
// shelves, so a refund with restock, a cancellation, a return and a deletion never put it back twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.integer('refunded_amount').nullable();
    t.string('refund_reason', 500).notNullable().defaultTo('');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('stock_restored_at', 32).nullable(); // ISO-8601 UTC, as every timestamp of the schema
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('stock_restored_at');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('refund_reason');
    t.dropColumn('refunded_amount');
  });
}
