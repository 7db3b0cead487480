// Couriers: the office directory of Econt and Speedy, the waybills made for orders,
// the office an order goes to (a snapshot: the directory changes, the order must not), and a
// weight per product for the waybill.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('courier_offices', (t) => {
    t.increments('id');
    t.string('courier', 16).notNullable();
    /** The courier's own office code (Econt `code`, Speedy office `id`): what a waybill names. */
    t.string('code', 32).notNullable();
    t.string('name', 200).notNullable();
    t.string('city', 100).notNullable();
    t.string('address', 300).notNullable().defaultTo('');
    /** Lower-cased (Cyrillic too, which SQLite's LOWER does not fold) and transliterated text. */
    t.text('search_text').notNullable().defaultTo('');
    t.boolean('demo').notNullable().defaultTo(false);
    t.string('updated_at', 32).notNullable();
    t.unique(['courier', 'code']);
    t.index(['courier', 'city']);
  });

  await knex.schema.createTable('shipments', (t) => {
    t.increments('id');
    t.integer('order_id').unsigned().notNullable().unique().references('orders.id').onDelete('CASCADE');
    t.string('courier', 16).notNullable();
    /** Empty while the courier is being asked (the row holds the order against a second waybill). */
    t.string('waybill_number', 64).notNullable().defaultTo('');
    t.string('parcel_id', 64).notNullable().defaultTo('');
    t.integer('cod_amount').notNullable().defaultTo(0);
    t.string('currency', 3).notNullable().defaultTo('BGN');
    t.integer('weight_grams').notNullable().defaultTo(0);
    t.boolean('review_before_payment').notNullable().defaultTo(false);
    /** creating | created | delivered | returned */
    t.string('status', 16).notNullable().defaultTo('creating');
    t.string('courier_status', 300).notNullable().defaultTo('');
    t.binary('label_pdf');
    /** Where the courier keeps the label (Econt's pdfURL), when it could not be fetched at once. */
    t.string('label_remote_url', 500).notNullable().defaultTo('');
    t.string('delivered_at', 32);
    t.string('cod_collected_at', 32);
    t.string('returned_at', 32);
    t.string('tracked_at', 32);
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.index(['status']);
  });

  await knex.schema.alterTable('orders', (t) => {
    /** JSON snapshot of the chosen office: { id, courier, code, name, city, address }. */
    t.text('shipping_office');
    /** Whose waybill the tracking number is (the shopper's tracking link). */
    t.string('tracking_courier', 16);
  });
  await knex.schema.alterTable('products', (t) => {
    t.integer('weight_grams');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => t.dropColumn('weight_grams'));
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('shipping_office');
    t.dropColumn('tracking_courier');
  });
  await knex.schema.dropTable('shipments');
  await knex.schema.dropTable('courier_offices');
}
