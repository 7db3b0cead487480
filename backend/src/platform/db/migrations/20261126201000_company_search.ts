// Staff search companies by name, ЕИК, city or contact: one lower-cased search text, as
// users and orders have (SQLite's lower() leaves Cyrillic as it is).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.text('search_text').notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('search_text');
  });
}
