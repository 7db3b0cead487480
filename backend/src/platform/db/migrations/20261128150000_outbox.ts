// Effects that must happen after a write (the invoice on payment, document and status mails, staff
// notices) are kept as rows written in the write's own transaction, one per subscriber, and carried
// out by the worker in platform/outbox: committed together with the change, so a killed process
// loses none of them. Mails sent by an effect carry its key, so an effect run again after a crash
// does not queue its mail twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('event', 100).notNullable();
    /** JSON: what the event said. */
    t.text('payload').notNullable();
    t.string('subscriber', 100).notNullable();
    /** pending | running | done | failed */
    t.string('state', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    /** Milliseconds since 1970, like mail_queue's. */
    t.bigInteger('next_attempt_at').notNullable();
    t.string('locked_by', 100);
    t.bigInteger('locked_until');
    t.text('last_error');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('done_at');
    t.index(['state', 'next_attempt_at']);
  });
  await knex.schema.alterTable('mail_queue', (t) => {
    t.string('effect_key', 100).unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_queue', (t) => {
    t.dropUnique(['effect_key']);
    t.dropColumn('effect_key');
  });
  await knex.schema.dropTable('outbox');
}
