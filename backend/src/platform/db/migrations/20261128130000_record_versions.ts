// Every record staff edit carries a version, raised by each write through its one write path, so
// a save made from an older copy is refused instead of undoing what another person saved since.
// Settings keep one per group (a row of the table).
import type { Knex } from 'knex';

export const VERSIONED_TABLES = [
  'products',
  'orders',
  'companies',
  'price_lists',
  'discounts',
  'categories',
  'users',
  'flavour_lists',
  'settings',
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await knex.schema.alterTable(table, (t) => {
      t.integer('version').notNullable().defaultTo(1);
    });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('version');
    });
}
