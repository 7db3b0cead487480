// The trade channel: companies that buy for resale (distributors, shops) with their
// members, their listed shops („Къде да купя“), price lists, pack sizes, disposable devices and the
// company's side of an order (who buys, net prices, when payment is due).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A named trade price list: a discount off the retail net price, and fixed net prices per variant.
  await knex.schema.createTable('price_lists', (t) => {
    t.increments('id');
    t.string('name', 120).notNullable().unique();
    // Hundredths of a percent (12.5 % = 1250): exact integers, like money.
    t.integer('discount_bp').notNullable().defaultTo(0);
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
  });
  await knex.schema.createTable('price_list_prices', (t) => {
    t.increments('id');
    t.integer('price_list_id').unsigned().notNullable().references('price_lists.id').onDelete('CASCADE');
    t.integer('variant_id').unsigned().notNullable().references('variants.id').onDelete('CASCADE');
    // Minor units of the currency of account, without VAT.
    t.integer('net_price').notNullable();
    t.unique(['price_list_id', 'variant_id']);
    t.index(['variant_id']);
  });
  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('eik', 13).notNullable();
    t.string('vat_number', 14).notNullable().defaultTo('');
    t.string('address', 300).notNullable();
    t.string('city', 100).notNullable();
    t.string('mol', 200).notNullable();
    // The excise-goods trade permit (ЗАДС чл. 90е).
    t.string('tobacco_permit', 60).notNullable();
    t.string('contact_first_name', 100).notNullable();
    t.string('contact_last_name', 100).notNullable();
    t.string('contact_email', 254).notNullable();
    t.string('contact_phone', 40).notNullable();
    t.string('status', 16).notNullable().defaultTo('pending'); // pending|approved|rejected|suspended
    t.string('status_reason', 1000).notNullable().defaultTo('');
    t.integer('price_list_id').unsigned().references('price_lists.id').onDelete('SET NULL');
    t.integer('payment_terms_days').notNullable().defaultTo(0);
    // Minor units (with VAT); null: no limit.
    t.integer('credit_limit');
    t.string('approved_at', 32);
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.index(['status']);
    t.index(['eik']);
  });
  await knex.schema.createTable('company_shops', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('city', 100).notNullable();
    t.string('address', 300).notNullable();
    t.string('phone', 40).notNullable().defaultTo('');
    // Shown on „Къде да купя“ (while the company is approved).
    t.boolean('listed').notNullable().defaultTo(true);
    t.integer('position').notNullable().defaultTo(0);
    t.index(['company_id']);
    t.index(['city']);
  });
  await knex.schema.alterTable('users', (t) => {
    // A member buys for one company (its first member applied for it).
    t.integer('company_id').unsigned().references('companies.id').onDelete('SET NULL');
    t.index(['company_id']);
  });
  await knex.schema.alterTable('variants', (t) => {
    // Trade quantities are multiples of it.
    t.integer('pack_size').notNullable().defaultTo(1);
  });
  await knex.schema.alterTable('products', (t) => {
    // A disposable device (banned from sale since 2025): may never be active.
    t.boolean('disposable').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.integer('company_id').unsigned().references('companies.id').onDelete('SET NULL');
    // 'gross': unit prices include VAT (retail); 'net': a trade order's unit prices are net.
    t.string('prices_include', 5).notNullable().defaultTo('gross');
    // When a trade order on payment terms must be paid (ISO time); null otherwise.
    t.string('payment_due_at', 32);
    // The last overdue reminder mailed for it (one per order).
    t.string('overdue_reminded_at', 32);
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['company_id']);
    t.dropForeign(['company_id']);
    t.dropColumn('company_id');
    t.dropColumn('prices_include');
    t.dropColumn('payment_due_at');
    t.dropColumn('overdue_reminded_at');
  });
  await knex.schema.alterTable('products', (t) => t.dropColumn('disposable'));
  await knex.schema.alterTable('variants', (t) => t.dropColumn('pack_size'));
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['company_id']);
    t.dropForeign(['company_id']);
    t.dropColumn('company_id');
  });
  await knex.schema.dropTableIfExists('company_shops');
  await knex.schema.dropTableIfExists('companies');
  await knex.schema.dropTableIfExists('price_list_prices');
  await knex.schema.dropTableIfExists('price_lists');
}
