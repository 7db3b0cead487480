// The tobacco trade permit (ЗАДС чл. 90д/90е) has an issuing office and an expiry date: a company
// whose permit has expired cannot order regulated goods, and staff and the company hear about it 30
// days before. `tobacco_permit_notified_for` is the expiry date that notice was last given for, so
// each date gets one notice however many instances run the daily job; a new date gets its own.
// Dates are shop-local days as "YYYY-MM-DD", which compare as text the same on SQLite and PostgreSQL.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.string('tobacco_permit_office', 120).notNullable().defaultTo('');
    t.string('tobacco_permit_expires_at', 10);
    t.string('tobacco_permit_notified_for', 10);
    t.index(['tobacco_permit_expires_at'], 'companies_tobacco_permit_expires_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropIndex(['tobacco_permit_expires_at'], 'companies_tobacco_permit_expires_at_index');
  });
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('tobacco_permit_notified_for');
    t.dropColumn('tobacco_permit_expires_at');
    t.dropColumn('tobacco_permit_office');
  });
}
