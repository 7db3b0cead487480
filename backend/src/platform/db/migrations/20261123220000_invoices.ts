// Invoices and credit notes (backend/src/modules/invoices): the documents with their frozen
// data and PDF, the one number sequence they share, and the buyer's request on the order.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    // JSON { companyName, eik, vatNumber?, mol, address } when the buyer asked for an invoice.
    t.text('invoice_request');
  });
  // One row per sequence; its update inside the issuing transaction is the lock that keeps the
  // numbers free of gaps and duplicates.
  await knex.schema.createTable('document_sequences', (t) => {
    t.string('name', 40).primary();
    t.bigInteger('last_number').notNullable().defaultTo(0);
  });
  await knex('document_sequences').insert({ name: 'invoices', last_number: 0 });
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id');
    t.string('number', 10).notNullable().unique();
    t.enu('kind', ['invoice', 'credit_note'], { useNative: false, enumName: 'invoice_kind' }).notNullable();
    // An invoice outlives its order: deleting the order keeps the document and its snapshot.
    t.integer('order_id').unsigned().references('orders.id').onDelete('SET NULL');
    t.string('order_number', 32).notNullable();
    t.integer('invoice_id').unsigned().unique().references('invoices.id');
    t.string('recipient_name', 200).notNullable();
    t.string('currency', 3).notNullable();
    t.integer('tax_base').notNullable();
    t.integer('vat_total').notNullable();
    t.integer('total').notNullable();
    t.string('issued_at', 32).notNullable();
    t.string('tax_event_date', 10).notNullable();
    t.text('data').notNullable();
    t.binary('pdf');
    t.unique(['order_id', 'kind']);
    t.index(['issued_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoices');
  await knex.schema.dropTableIfExists('document_sequences');
  await knex.schema.alterTable('orders', (t) => t.dropColumn('invoice_request'));
}
