// Quotes. A member of a company asks for a price on a basket (a request and its lines, each a
// snapshot of the variant's names as asked); staff answer with a net price per line and the last
// day the prices hold, or decline with a reason. An answered quote becomes one order: the order
// names the quote, and the quote the order. Versions guard staff's answers like other records.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quote_requests', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // Who asked (their account may be closed later: the request stays the company's).
    t.integer('user_id').unsigned().references('users.id').onDelete('SET NULL');
    t.string('requested_by_name', 200).notNullable().defaultTo('');
    t.string('requested_by_email', 254).notNullable().defaultTo('');
    // 'requested' | 'answered' | 'declined' | 'ordered' ('expired' is read, never stored).
    t.string('status', 12).notNullable().defaultTo('requested');
    t.text('note').notNullable().defaultTo('');
    t.text('reason').notNullable().defaultTo('');
    // The prices' last valid day (YYYY-MM-DD, the shop's calendar).
    t.string('valid_until', 10);
    t.integer('order_id').unsigned().references('orders.id').onDelete('SET NULL');
    t.string('answered_at', 32);
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['company_id', 'status']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('quote_request_lines', (t) => {
    t.increments('id');
    t.integer('quote_request_id').unsigned().notNullable().references('quote_requests.id').onDelete('CASCADE');
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.integer('variant_id').unsigned().notNullable().references('variants.id').onDelete('CASCADE');
    t.string('product_name', 200).notNullable();
    t.string('variant_name', 200).notNullable().defaultTo('');
    t.string('sku', 64).notNullable().defaultTo('');
    t.integer('quantity').notNullable();
    // Net, minor units of the shop's currency; null until answered.
    t.integer('net_price');
    t.integer('position').notNullable().defaultTo(0);
    t.index(['quote_request_id']);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.integer('quote_request_id').unsigned().references('quote_requests.id').onDelete('SET NULL');
    t.index(['quote_request_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['quote_request_id']);
    t.dropForeign(['quote_request_id']);
    t.dropColumn('quote_request_id');
  });
  await knex.schema.dropTable('quote_request_lines');
  await knex.schema.dropTable('quote_requests');
}
