// Product kinds and flavour lists. Every product gets a kind (device, pod, liquid,
// accessory: domain/productKinds) and a tank count, so that the tobacco directive's limits can
// be checked on save; the rows that exist get the kind their name, category and figures say
// (TWINS and TRIPLES are devices with one tank per "Вкус N" attribute, the 10 ml bottles are
// liquids, the cables and cases accessories). Flavour lists are named lists staff pick on a
// product instead of typing the same flavours again.
import type { Knex } from 'knex';
import { inferKind, inferTankCount } from '@domain/productKinds';

/** The app's knex maps snake_case to camelCase; a bare knex does not: read either. */
const col = (row: Record<string, unknown>, snake: string, camel: string) => (row[snake] !== undefined ? row[snake] : row[camel]);

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.string('kind', 16).notNullable().defaultTo('device');
    t.integer('tank_count').notNullable().defaultTo(1);
  });
  await fillKinds(knex);

  await knex.schema.createTable('flavour_lists', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    /** The flavours in order, a JSON array of strings. */
    t.text('flavours').notNullable().defaultTo('[]');
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
  });
}

/** Every product's kind and tank count as its name, category, figures and attributes say. */
export async function fillKinds(knex: Knex): Promise<void> {
  const categories: Array<Record<string, unknown>> = await knex('categories').select('id', 'name', 'parent_id');
  const byId = new Map(categories.map((c) => [Number(c.id), c]));
  const categoryNames = (id: unknown): string[] => {
    const names: string[] = [];
    for (let c = id === null || id === undefined ? undefined : byId.get(Number(id)); c && names.length < 20;) {
      names.push(String(c.name));
      const parent = col(c, 'parent_id', 'parentId');
      c = parent === null || parent === undefined ? undefined : byId.get(Number(parent));
    }
    return names;
  };
  for (let lastId = 0; ;) {
    const products: Array<Record<string, unknown>> = await knex('products')
      .select('id', 'name', 'category_id', 'nicotine_mg_ml', 'volume_ml')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH);
    if (!products.length) break;
    lastId = Number(products[products.length - 1].id);
    const attributes: Array<Record<string, unknown>> = await knex('product_attributes')
      .join('attributes', 'attributes.id', 'product_attributes.attribute_id')
      .whereIn(
        'product_attributes.product_id',
        products.map((p) => Number(p.id)),
      )
      .distinct('product_attributes.product_id as product_id', 'attributes.name as name');
    for (const p of products) {
      const kind = inferKind({
        name: String(p.name),
        categoryNames: categoryNames(col(p, 'category_id', 'categoryId')),
        nicotineMgMl: col(p, 'nicotine_mg_ml', 'nicotineMgMl') as number | null,
        volumeMl: col(p, 'volume_ml', 'volumeMl') as number | null,
      });
      const names = attributes.filter((a) => Number(col(a, 'product_id', 'productId')) === Number(p.id)).map((a) => String(a.name));
      await knex('products')
        .where({ id: p.id })
        .update({ kind, tank_count: inferTankCount(names) });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('flavour_lists');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('tank_count');
    t.dropColumn('kind');
  });
}
