// E-mails waiting to go out through SMTP: kept until sent, retried with back-off (platform/mail/transport).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_queue', (t) => {
    t.increments('id');
    t.string('to', 320).notNullable();
    t.string('subject', 500).notNullable();
    t.text('text').notNullable();
    t.text('html');
    /** JSON: [{ filename, contentType, content (base64) }] */
    t.text('attachments');
    t.integer('attempts').notNullable().defaultTo(0);
    /** Milliseconds since 1970, like sessions.expires_at. */
    t.bigInteger('next_attempt_at').notNullable();
    t.bigInteger('sent_at');
    t.text('last_error');
    t.bigInteger('created_at').notNullable();
    t.index(['sent_at', 'next_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_queue');
}
