// The whole schema. Timestamps are ISO-8601 UTC strings written by the app,
// so they sort and compare the same way in SQLite and PostgreSQL. Money is integer stotinki.
import type { Knex } from 'knex';

const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'];

export async function up(knex: Knex): Promise<void> {
  const ts = (t: Knex.CreateTableBuilder, name: string) => t.string(name, 32);
  const timestamps = (t: Knex.CreateTableBuilder) => {
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
  };

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('first_name', 100).notNullable().defaultTo('');
    t.string('last_name', 100).notNullable().defaultTo('');
    t.string('phone', 30).notNullable().defaultTo('');
    t.enu('role', ['customer', 'admin'], { useNative: false, enumName: 'user_role' }).notNullable().defaultTo('customer');
    t.boolean('two_factor_enabled').notNullable().defaultTo(false);
    t.string('two_factor_secret', 255);
    t.text('backup_codes');
    t.text('search_text').notNullable().defaultTo('');
    timestamps(t);
    ts(t, 'last_login_at');
    ts(t, 'password_changed_at');
    t.index(['role', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 128).primary();
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.integer('user_id').unsigned().references('users.id').onDelete('CASCADE');
    t.index(['expires_at']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('token_prefix', 16).notNullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'last_used_at');
    t.index(['user_id']);
  });

  await knex.schema.createTable('throttles', (t) => {
    t.string('key', 300).primary();
    t.integer('hits').notNullable().defaultTo(0);
    t.bigInteger('reset_at').notNullable();
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    ts(t, 'expires_at').notNullable();
    ts(t, 'used_at');
    ts(t, 'created_at').notNullable();
  });

  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('slug', 200).notNullable().unique();
    t.integer('parent_id').unsigned().references('categories.id').onDelete('RESTRICT');
    t.integer('position').notNullable().defaultTo(0);
    t.text('description').notNullable().defaultTo('');
    timestamps(t);
    t.index(['parent_id', 'position']);
  });

  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.string('slug', 200).notNullable().unique();
    t.string('name', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.enu('status', ['draft', 'active', 'archived'], { useNative: false, enumName: 'product_status' }).notNullable().defaultTo('draft');
    t.integer('price').notNullable().defaultTo(0);
    t.integer('compare_at_price');
    t.integer('category_id').unsigned().references('categories.id').onDelete('RESTRICT');
    t.float('nicotine_mg_ml');
    t.float('volume_ml');
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('seo_title', 200).notNullable().defaultTo('');
    t.string('seo_description', 500).notNullable().defaultTo('');
    t.text('search_text').notNullable().defaultTo('');
    timestamps(t);
    t.index(['status', 'price']);
    t.index(['status', 'name']);
    t.index(['status', 'created_at']);
    t.index(['category_id', 'status']);
    t.check('price >= 0', [], 'products_price_min');
    t.check('nicotine_mg_ml is null or (nicotine_mg_ml >= 0 and nicotine_mg_ml <= 20)', [], 'products_nicotine_range');
  });

  await knex.schema.createTable('product_images', (t) => {
    t.increments('id');
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.string('url', 500).notNullable();
    t.string('alt', 200).notNullable().defaultTo('');
    t.integer('position').notNullable().defaultTo(0);
    t.index(['product_id', 'position']);
  });

  await knex.schema.createTable('variants', (t) => {
    t.increments('id');
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.string('sku', 64).notNullable().unique();
    t.string('name', 200).notNullable();
    t.integer('price');
    t.integer('stock').notNullable().defaultTo(0);
    t.integer('position').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['product_id', 'position']);
    t.index(['stock']);
    t.check('stock >= 0', [], 'variants_stock_min');
    t.check('price is null or price >= 0', [], 'variants_price_min');
  });

  await knex.schema.createTable('attributes', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
  });

  await knex.schema.createTable('attribute_values', (t) => {
    t.increments('id');
    t.integer('attribute_id').unsigned().notNullable().references('attributes.id').onDelete('CASCADE');
    t.string('value', 100).notNullable();
    t.unique(['attribute_id', 'value']);
  });

  await knex.schema.createTable('product_attributes', (t) => {
    t.increments('id');
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.integer('attribute_id').unsigned().notNullable().references('attributes.id').onDelete('CASCADE');
    t.integer('attribute_value_id').unsigned().notNullable().references('attribute_values.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.unique(['product_id', 'attribute_value_id']);
    t.index(['product_id', 'attribute_id']);
  });

  await knex.schema.createTable('cart_items', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('product_id').unsigned().notNullable().references('products.id').onDelete('CASCADE');
    t.integer('variant_id').unsigned().references('variants.id').onDelete('CASCADE');
    t.integer('quantity').notNullable();
    t.string('personalization', 100).notNullable().defaultTo('');
    timestamps(t);
    t.index(['user_id']);
    t.check('quantity >= 1', [], 'cart_items_quantity_min');
  });

  await knex.schema.createTable('cart_item_attributes', (t) => {
    t.increments('id');
    t.integer('cart_item_id').unsigned().notNullable().references('cart_items.id').onDelete('CASCADE');
    t.integer('attribute_id').unsigned().notNullable().references('attributes.id').onDelete('CASCADE');
    t.integer('attribute_value_id').unsigned().notNullable().references('attribute_values.id').onDelete('CASCADE');
    t.index(['cart_item_id']);
  });

  await knex.schema.createTable('discounts', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().unique();
    t.enu('type', ['percent', 'fixed', 'free_shipping'], { useNative: false, enumName: 'discount_type' }).notNullable();
    t.integer('value').notNullable().defaultTo(0);
    t.integer('min_subtotal').notNullable().defaultTo(0);
    ts(t, 'starts_at');
    ts(t, 'ends_at');
    t.integer('usage_limit');
    t.integer('per_customer_limit');
    t.integer('used_count').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    timestamps(t);
    t.check('value >= 0', [], 'discounts_value_min');
    t.check('used_count >= 0', [], 'discounts_used_min');
  });

  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('number', 32).notNullable().unique();
    t.integer('user_id').unsigned().references('users.id').onDelete('SET NULL');
    t.string('guest_token_hash', 64);
    t.enu('status', ORDER_STATUSES, { useNative: false, enumName: 'order_status' }).notNullable().defaultTo('pending');
    t.enu('payment_status', ['unpaid', 'paid', 'refunded'], { useNative: false, enumName: 'order_payment_status' })
      .notNullable()
      .defaultTo('unpaid');
    t.enu('payment_method', ['cod', 'bank_transfer'], { useNative: false, enumName: 'order_payment_method' }).notNullable();
    t.string('customer_first_name', 100).notNullable();
    t.string('customer_last_name', 100).notNullable();
    t.string('customer_email', 254).notNullable();
    t.string('customer_phone', 30).notNullable();
    t.enu('shipping_method', ['econt_office', 'speedy_office', 'address'], {
      useNative: false,
      enumName: 'order_shipping_method',
    }).notNullable();
    t.string('shipping_city', 100).notNullable();
    t.string('shipping_postcode', 10).notNullable().defaultTo('');
    t.string('shipping_address', 300).notNullable();
    t.integer('subtotal').notNullable();
    t.string('discount_code', 50);
    t.integer('discount_id').unsigned().references('discounts.id').onDelete('SET NULL');
    t.integer('discount_total').notNullable().defaultTo(0);
    t.integer('shipping_total').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.string('currency', 3).notNullable().defaultTo('BGN');
    t.text('note').notNullable().defaultTo('');
    t.text('staff_note').notNullable().defaultTo('');
    t.string('tracking_number', 100).notNullable().defaultTo('');
    t.text('search_text').notNullable().defaultTo('');
    ts(t, 'delivered_at');
    ts(t, 'withdrawn_at');
    timestamps(t);
    t.index(['created_at']);
    t.index(['status', 'created_at']);
    t.index(['user_id', 'created_at']);
    t.index(['customer_email']);
    t.index(['total']);
  });

  await knex.schema.createTable('order_items', (t) => {
    t.increments('id');
    t.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('product_id').unsigned().references('products.id').onDelete('SET NULL');
    t.integer('variant_id').unsigned().references('variants.id').onDelete('SET NULL');
    t.string('product_name', 200).notNullable();
    t.string('variant_name', 200).notNullable().defaultTo('');
    t.string('sku', 64).notNullable().defaultTo('');
    t.text('attributes').notNullable().defaultTo('[]');
    t.string('personalization', 100).notNullable().defaultTo('');
    t.integer('unit_price').notNullable();
    t.integer('quantity').notNullable();
    t.integer('line_total').notNullable();
    t.index(['order_id']);
    t.index(['product_id']);
  });

  await knex.schema.createTable('order_events', (t) => {
    t.increments('id');
    t.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
    t.string('type', 32).notNullable().defaultTo('status');
    t.string('from_status', 16);
    t.string('to_status', 16);
    t.text('note').notNullable().defaultTo('');
    t.integer('actor_user_id').unsigned().references('users.id').onDelete('SET NULL');
    t.string('actor_label', 254).notNullable().defaultTo('');
    ts(t, 'created_at').notNullable();
    t.index(['order_id', 'created_at']);
  });

  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('order_id').unsigned().notNullable().unique().references('orders.id').onDelete('CASCADE');
    t.enu('method', ['cod', 'bank_transfer'], { useNative: false, enumName: 'payment_method' }).notNullable();
    t.integer('amount').notNullable();
    t.enu('status', ['pending', 'paid', 'refunded', 'failed'], { useNative: false, enumName: 'payment_status' })
      .notNullable()
      .defaultTo('pending');
    t.string('reference', 100).notNullable().defaultTo('');
    ts(t, 'paid_at');
    ts(t, 'refunded_at');
    timestamps(t);
    t.index(['status', 'created_at']);
  });

  await knex.schema.createTable('discount_redemptions', (t) => {
    t.increments('id');
    t.integer('discount_id').unsigned().notNullable().references('discounts.id').onDelete('CASCADE');
    t.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    ts(t, 'created_at').notNullable();
    t.index(['discount_id', 'email']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.increments('id');
    t.string('type', 32).notNullable();
    t.string('message', 500).notNullable();
    t.string('link', 300).notNullable().defaultTo('');
    t.boolean('is_read').notNullable().defaultTo(false);
    ts(t, 'created_at').notNullable();
    t.index(['is_read', 'created_at']);
  });

  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('company', 200).notNullable().defaultTo('');
    t.string('email', 254).notNullable();
    t.string('phone', 30).notNullable().defaultTo('');
    t.text('message').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    ts(t, 'created_at').notNullable();
    t.index(['created_at']);
  });

  await knex.schema.createTable('settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    ts(t, 'updated_at').notNullable();
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().references('users.id').onDelete('SET NULL');
    t.string('actor_email', 254).notNullable().defaultTo('');
    t.string('action', 50).notNullable();
    t.string('entity', 50).notNullable();
    t.string('entity_id', 50).notNullable().defaultTo('');
    t.text('before');
    t.text('after');
    t.string('ip', 64).notNullable().defaultTo('');
    ts(t, 'created_at').notNullable();
    t.index(['entity', 'entity_id']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  const tables = [
    'audit_log',
    'settings',
    'contact_messages',
    'notifications',
    'discount_redemptions',
    'payments',
    'order_events',
    'order_items',
    'orders',
    'discounts',
    'cart_item_attributes',
    'cart_items',
    'product_attributes',
    'attribute_values',
    'attributes',
    'variants',
    'product_images',
    'products',
    'categories',
    'password_resets',
    'throttles',
    'api_tokens',
    'sessions',
    'users',
  ];
  for (const t of tables) await knex.schema.dropTableIfExists(t);
}
