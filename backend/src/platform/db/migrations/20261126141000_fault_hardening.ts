// Hardening under faults: the mail queue's claim token, so a send that finishes after
// another worker took the message again can neither mark nor fail it; and the one-row table
// /api/ready writes to, to know the database can still write (a full disk answers 503).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (t) => {
    t.string('claim_token', 64);
  });
  await knex.schema.createTable('write_probe', (t) => {
    t.integer('id').primary();
    /** Milliseconds since 1970 of the last probe. */
    t.bigInteger('written_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('write_probe');
  await knex.schema.alterTable('mail_queue', (t) => {
    t.dropColumn('claim_token');
  });
}
