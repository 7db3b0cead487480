// Search that forgives: products.search_text becomes domain/search's index (the text,
// its words in Latin letters and the Bulgarian reading of Latin words), computed in JS so the
// database only runs LIKE. This fills it for the products that exist; writes keep it in step.
import type { Knex } from 'knex';
import { searchIndex } from '@domain/search';
import { searchable } from '@domain/slug';

const BATCH = 500;

/** The app's knex maps snake_case answers to camelCase; a bare knex does not: read either. */
const productIdOf = (row: Record<string, unknown>) => Number(row.product_id ?? row.productId);

async function refill(knex: Knex, index: (...parts: string[]) => string): Promise<void> {
  for (let lastId = 0; ;) {
    const products: Array<{ id: number; name: string; slug: string; description: string }> = await knex('products')
      .select('id', 'name', 'slug', 'description')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH);
    if (!products.length) return;
    lastId = products[products.length - 1].id;
    const ids = products.map((p) => p.id);
    const skus: Array<Record<string, unknown> & { sku: string }> = await knex('variants')
      .select('product_id', 'sku')
      .whereIn('product_id', ids)
      .orderBy(['position', 'id']);
    const values: Array<Record<string, unknown> & { value: string }> = await knex('product_attributes')
      .join('attribute_values', 'attribute_values.id', 'product_attributes.attribute_value_id')
      .whereIn('product_attributes.product_id', ids)
      .orderBy(['product_attributes.attribute_id', 'product_attributes.position'])
      .select('product_attributes.product_id as product_id', 'attribute_values.value as value');
    for (const p of products) {
      const terms = [
        ...skus.filter((s) => productIdOf(s) === p.id).map((s) => s.sku),
        ...new Set(values.filter((v) => productIdOf(v) === p.id).map((v) => v.value)),
      ];
      await knex('products')
        .where({ id: p.id })
        .update({ search_text: index(p.name, p.slug, p.description, ...terms) });
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await refill(knex, searchIndex);
}

export async function down(knex: Knex): Promise<void> {
  await refill(knex, searchable);
}
