// A variant's GTIN (GS1 barcode) for search engines' merchant listings; optional.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    t.string('gtin', 14);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => t.dropColumn('gtin'));
}
