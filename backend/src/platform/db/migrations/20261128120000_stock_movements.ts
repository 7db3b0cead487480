// Stock as movements: every change of a variant's stock is a row (signed delta, reason, order,
// who, note, the stock after it), written in the same transaction as the change. The stock a
// variant already has becomes its `initial` movement, so that the movements of every variant add
// up to its stock from the start.
import type { Knex } from 'knex';

const REASONS = ['sale', 'cancellation', 'return', 'withdrawal', 'adjustment', 'count', 'import', 'initial'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stock_movements', (t) => {
    t.increments('id');
    // A variant's history goes with it: what is left explains the stock of the variants that are.
    t.integer('variant_id').unsigned().notNullable().references('variants.id').onDelete('CASCADE');
    // Kept beside the variant for the product's history without a join.
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.integer('delta').notNullable();
    t.enu('reason', REASONS, { useNative: false, enumName: 'stock_reason' }).notNullable();
    // A deleted order leaves the sale in the history.
    t.integer('order_id').unsigned().references('orders.id').onDelete('SET NULL');
    t.integer('user_id').unsigned().references('users.id').onDelete('SET NULL');
    t.text('note').notNullable().defaultTo('');
    t.integer('stock_after').notNullable();
    t.string('created_at', 32).notNullable();
    t.index(['variant_id', 'id']);
    t.index(['product_id', 'id']);
    t.index(['created_at']);
    t.index(['order_id']);
  });
  const now = new Date().toISOString();
  await knex.raw(
    `insert into stock_movements (variant_id, product_id, delta, reason, note, stock_after, created_at)
     select id, product_id, stock, 'initial', '', stock, ? from variants where stock <> 0`,
    [now],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stock_movements');
}
