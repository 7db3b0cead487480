// Every payment records the currency its amount is in (orders already do): the shop's currency
// of account when the order was placed. Payments made before are in leva.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.string('currency', 3).notNullable().defaultTo('BGN');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('currency');
  });
}
