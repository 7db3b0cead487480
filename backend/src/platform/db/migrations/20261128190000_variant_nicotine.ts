// A variant's nicotine strength (mg/ml) as a field of its own. Until now the shop read it from
// the variant's name ("10 mg", "1,5 mg/ml"), so renaming a variant changed what the health
// warning said and what the save allowed. The rows already there get, once, the strength their name
// declares; a name declaring none (or more than the law allows, which the save never let in)
// leaves it null: the product's strength.
import type { Knex } from 'knex';

/** The most nicotine a variant may hold; the products' own range is the same. */
const MAX_MG_ML = 20;

/** The strength a name declares, read as the shop read names until now (kept here, as it was:
 *  the rules no longer read names). */
export function nicotineInName(name: string | null | undefined): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*mg/i.exec(name ?? '');
  return m ? Number(m[1].replace(',', '.')) : null;
}

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    // A column's own check: SQLite takes it with the column, and it goes away with it in down().
    t.float('nicotine_mg_ml').checkBetween([0, MAX_MG_ML], 'variants_nicotine_range');
  });
  await fillFromNames(knex);
}

/** Every variant without a strength gets the one its name declares; names declaring none (or
 *  more than allowed) leave it null. A strength already given is never read over. */
export async function fillFromNames(knex: Knex): Promise<void> {
  for (let lastId = 0; ;) {
    const rows: Array<{ id: number; name: string }> = await knex('variants')
      .select('id', 'name')
      .whereNull('nicotine_mg_ml')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH);
    if (!rows.length) break;
    lastId = Number(rows[rows.length - 1].id);
    for (const row of rows) {
      const mg = nicotineInName(row.name);
      if (mg === null || !Number.isFinite(mg) || mg > MAX_MG_ML) continue;
      await knex('variants').where({ id: row.id }).update({ nicotine_mg_ml: mg });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => t.dropColumn('nicotine_mg_ml'));
}
