// The migration that makes a variant's nicotine strength a field: the rows there are get, once,
// the strength their names declared; the column refuses more than 20 mg/ml; down() takes it away.
import { shopForThisFile } from './helpers';
import { Product, Variant } from '../src/models';
import { down, fillFromNames, nicotineInName, up } from '../src/platform/db/migrations/20261128190000_variant_nicotine';

const shop = shopForThisFile();

it('reads a strength as names were read: a number before "mg", a decimal comma', () => {
  expect(nicotineInName('20 mg')).toBe(20);
  expect(nicotineInName('3 mg/ml')).toBe(3);
  expect(nicotineInName('1,5 mg')).toBe(1.5);
  expect(nicotineInName('0.5MG')).toBe(0.5);
  expect(nicotineInName('Черен')).toBeNull();
  expect(nicotineInName(null)).toBeNull();
});

it('fills each variant without a strength from its name; names declaring none, or too much, leave it null', async () => {
  const p = await Product.query().insert({ name: 'Стар продукт', slug: 'star-produkt', price: 1000, status: 'active' } as Partial<Product>);
  const names = ['0 mg', '1,5 mg', '12 mg/ml', 'Черен', '25 mg'];
  const ids: number[] = [];
  for (const [i, name] of names.entries())
    ids.push((await Variant.query().insert({ productId: p.id, sku: `OLD-N-${i}`, name, stock: 0 } as Partial<Variant>)).id);
  // A variant given its strength already keeps it (its name is not read over it).
  await Variant.query()
    .patch({ nicotineMgMl: 6 } as Partial<Variant>)
    .findById(ids[2]);
  const knex = Product.knex();
  await fillFromNames(knex);
  const strengths = async () => (await Variant.query().whereIn('id', ids).orderBy('id')).map((v) => [v.name, v.nicotineMgMl]);
  expect(await strengths()).toEqual([
    ['0 mg', 0],
    ['1,5 mg', 1.5],
    ['12 mg/ml', 6],
    ['Черен', null],
    ['25 mg', null],
  ]);
});

it('gives the column a check of its own: 0 to 20 mg/ml, or none', async () => {
  const knex = shop.app.knex;
  const check = process.env.TEST_DATABASE_URL
    ? (
        await knex.raw(
          "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'variants_nicotine_range' and conrelid = 'variants'::regclass",
        )
      ).rows[0]?.def
    : (await knex.raw("select sql from sqlite_master where type = 'table' and name = 'variants'"))[0].sql;
  expect(String(check)).toMatch(/nicotine_mg_ml.*(between 0 and 20|>= \(?0\)?.*<= \(?20\)?)/is);
});

it('goes down and up again, keeping the variants and reading their names again', async () => {
  const knex = shop.app.knex;
  const before = await knex('variants').count({ n: '*' });
  await down(knex);
  expect(Object.keys(await knex('variants').columnInfo())).not.toContain('nicotineMgMl');
  expect(await knex('variants').count({ n: '*' })).toEqual(before);
  await up(knex);
  const row = await knex('variants').where({ sku: 'OLD-N-1' }).first();
  expect(row.nicotineMgMl).toBe(1.5);
});
