// The admin's order list filtered by status and sorted by total walks this index instead of
// sorting every order of that status.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.index(['status', 'total'], 'orders_status_total_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['status', 'total'], 'orders_status_total_index');
  });
}
