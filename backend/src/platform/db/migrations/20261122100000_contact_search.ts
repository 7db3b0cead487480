// Staff search the distributors' messages by name, company, e-mail and text (Cyrillic included),
// through a lower-cased search column like users, products and orders.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.text('search_text').notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('search_text');
  });
}
