// Contact messages get a subject: the distributors' form leaves it empty; a report of an
// accessibility barrier from the statement page is kept as „Бариера за достъпност“, in the same
// inbox the staff already read.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.string('subject', 100).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropColumn('subject');
  });
}
