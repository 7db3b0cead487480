// Idempotency keys: a client's `Idempotency-Key` on a write that must happen once (an order, a
// payment, a credit note, a waybill), kept 24 hours so a retried or racing copy of the request
// gets the first one's answer instead of doing the work again (platform/http/idempotency).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.increments('id').primary();
    /** Who sent it (`user:<id>` or a guest browser's `browser:<hash>`): a key is matched only within it. */
    t.string('scope', 100).notNullable();
    /** The header's value as the client sent it. */
    t.string('key', 255).notNullable();
    t.string('method', 10).notNullable();
    t.string('path', 500).notNullable();
    /** SHA-256 (hex) of the body's canonical JSON: the same key with another body is refused. */
    t.string('request_hash', 64).notNullable();
    /** running: being done (or its process died); done: the answer below is final. */
    t.string('state', 10).notNullable();
    /** The claim of the copy that does the work: its run of the process and a random part. */
    t.string('owner', 100).notNullable();
    /** What the work made (JSON, e.g. {"id":12}), written in the same transaction as the work. */
    t.text('effect');
    t.integer('response_status');
    /** The first answer's body as JSON text. */
    t.text('response_body');
    /** Milliseconds since 1970: when the key was first seen (kept 24 hours from then) and last claimed. */
    t.bigInteger('created_at').notNullable();
    t.bigInteger('claimed_at').notNullable();
    t.unique(['scope', 'key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
