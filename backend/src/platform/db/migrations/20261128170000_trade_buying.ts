// Buying as a business. A price list's fixed price is now from a quantity (`min_quantity`, 1 for
// every row so far: the base), so a variant may have several — quantity breaks, one per quantity.
// A product may ask a trade line for a minimum and its own multiple (null: the variant's pack size
// stays the multiple). A company may require its buyer's purchase-order number on every order, which
// the order keeps; and an order may be delivered to one of the company's shops: its id, and its name
// as it was (the address is copied into the order's shipping fields like any other).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('price_list_prices', (t) => {
    t.integer('min_quantity').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('price_list_prices', (t) => {
    t.dropUnique(['price_list_id', 'variant_id']);
    t.unique(['price_list_id', 'variant_id', 'min_quantity']);
  });
  await knex.schema.alterTable('products', (t) => {
    t.integer('trade_minimum_quantity').notNullable().defaultTo(1);
    t.integer('trade_multiple');
  });
  await knex.schema.alterTable('companies', (t) => {
    t.boolean('require_purchase_order_number').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.string('purchase_order_number', 35);
    t.integer('company_shop_id').unsigned().references('company_shops.id').onDelete('SET NULL');
    t.string('company_shop_name', 200);
    t.index(['company_shop_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['company_shop_id']);
    t.dropForeign(['company_shop_id']);
    t.dropColumn('company_shop_id');
    t.dropColumn('company_shop_name');
    t.dropColumn('purchase_order_number');
  });
  await knex.schema.alterTable('companies', (t) => t.dropColumn('require_purchase_order_number'));
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('trade_minimum_quantity');
    t.dropColumn('trade_multiple');
  });
  // Back to one price per variant: the base rows stay, the breaks go.
  await knex('price_list_prices').where('min_quantity', '>', 1).delete();
  await knex.schema.alterTable('price_list_prices', (t) => {
    t.dropUnique(['price_list_id', 'variant_id', 'min_quantity']);
    t.unique(['price_list_id', 'variant_id']);
  });
  await knex.schema.alterTable('price_list_prices', (t) => t.dropColumn('min_quantity'));
}
