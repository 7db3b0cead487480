// Partial credit notes: an invoice may have several credit notes, and an order whose
// invoice was fully credited may get a corrected one. The service checks both inside the
// issuing transaction, after the sequence row's lock; the unique keys that said "one of each" go.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropUnique(['order_id', 'kind']);
    t.dropUnique(['invoice_id']);
  });
  await knex.schema.alterTable('invoices', (t) => {
    t.index(['order_id']);
    t.index(['invoice_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropIndex(['order_id']);
    t.dropIndex(['invoice_id']);
  });
  await knex.schema.alterTable('invoices', (t) => {
    t.unique(['order_id', 'kind']);
    t.unique(['invoice_id']);
  });
}
