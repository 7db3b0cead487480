// A company's members get a role and an order limit: an owner sees and decides everything, a
// buyer sees the orders they placed, and a buyer's order above their limit (net goods, minor
// units) waits for an owner's approval as an order of its own status, `awaiting_approval`, which
// has taken no stock. Everyone who is a member today is an owner. Owners invite people by e-mail:
// an invitation keeps only its token's hash (the token is in the mail) and is accepted once.
//
// The order's status is checked by a CHECK constraint. PostgreSQL changes it in place; SQLite
// cannot, so the table is made again (SQLite's documented procedure), which needs its foreign keys
// off — a setting a transaction cannot change — so this migration runs its own transaction
// between turning them off and on, and checks them before they are on again.
import type { Knex } from 'knex';

export const config = { transaction: false };

const STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'];
const WITH_APPROVAL = ['awaiting_approval', ...STATUSES];

function isSqlite(knex: Knex): boolean {
  return String(knex.client.config.client).includes('sqlite');
}

const checkOf = (statuses: string[]) => `CHECK (\`status\` in (${statuses.map((s) => `'${s}'`).join(', ')}))`;

/** The orders table made again with the status check allowing `statuses` (SQLite). */
async function remakeSqliteOrders(trx: Knex.Transaction, statuses: string[]): Promise<void> {
  const rows = (await trx.raw("select type, name, sql from sqlite_master where tbl_name = 'orders' and sql is not null")) as Array<{
    type: string;
    name: string;
    sql: string;
  }>;
  const table = rows.find((r) => r.type === 'table')!;
  const others = rows.filter((r) => r.type !== 'table');
  const sql = table.sql
    .replace(/^CREATE TABLE\s+[`"]?orders[`"]?/i, 'CREATE TABLE `orders_remade`')
    .replace(/check\s*\(\s*`status`\s+in\s*\([^)]*\)\s*\)/i, checkOf(statuses));
  if (sql === table.sql) throw new Error('orders: the status check was not found');
  await trx.raw(sql);
  const columns = ((await trx.raw('pragma table_info(orders)')) as Array<{ name: string }>).map((c) => `\`${c.name}\``).join(', ');
  await trx.raw(`insert into orders_remade (${columns}) select ${columns} from orders`);
  await trx.raw('drop table orders');
  await trx.raw('alter table orders_remade rename to orders');
  for (const other of others) await trx.raw(other.sql);
}

async function changeStatuses(knex: Knex, statuses: string[], alsoInside: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  if (!isSqlite(knex)) {
    await knex.transaction(async (trx) => {
      await alsoInside(trx);
      // The history names statuses too, and 'awaiting_approval' is longer than its 16 characters
      // (SQLite does not hold a string to its length).
      await trx.raw('alter table order_events alter column from_status type varchar(24), alter column to_status type varchar(24)');
      await trx.raw('alter table orders drop constraint if exists orders_status_check');
      await trx.raw(
        `alter table orders add constraint orders_status_check check (status in (${statuses.map((s) => `'${s}'`).join(', ')}))`,
      );
    });
    return;
  }
  await knex.raw('pragma foreign_keys = off');
  try {
    await knex.transaction(async (trx) => {
      await alsoInside(trx);
      await remakeSqliteOrders(trx, statuses);
      const broken = (await trx.raw('pragma foreign_key_check')) as unknown[];
      if (broken.length) throw new Error(`orders: ${broken.length} foreign keys broken by the remake`);
    });
  } finally {
    await knex.raw('pragma foreign_keys = on');
  }
}

export async function up(knex: Knex): Promise<void> {
  await changeStatuses(knex, WITH_APPROVAL, async (trx) => {
    await trx.schema.alterTable('users', (t) => {
      t.string('company_role', 8).notNullable().defaultTo('owner');
      // Minor units of the shop's currency, net goods per order; null: no limit.
      t.integer('order_limit');
    });
    await trx.schema.alterTable('orders', (t) => {
      // A held order's lines as the buyer chose them (JSON: product, variant, attribute values,
      // quantity; and whether paid in advance): its approval quotes them again.
      t.text('held_request');
    });
    await trx.schema.createTable('company_invitations', (t) => {
      t.increments('id');
      t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
      t.string('email', 254).notNullable();
      t.string('role', 8).notNullable();
      t.integer('order_limit');
      // sha256 of the token in the mail (hex).
      t.string('token_hash', 64).notNullable().unique();
      t.integer('invited_by').unsigned().references('users.id').onDelete('SET NULL');
      t.string('created_at', 32).notNullable();
      t.string('expires_at', 32).notNullable();
      t.string('accepted_at', 32);
      t.integer('accepted_by').unsigned().references('users.id').onDelete('SET NULL');
      t.index(['company_id']);
    });
  });
}

export async function down(knex: Knex): Promise<void> {
  await changeStatuses(knex, STATUSES, async (trx) => {
    // Held orders never took stock: going back, they are cancelled.
    await trx('orders').where({ status: 'awaiting_approval' }).update({ status: 'cancelled' });
    await trx.schema.dropTable('company_invitations');
    await trx.schema.alterTable('orders', (t) => t.dropColumn('held_request'));
    await trx.schema.alterTable('users', (t) => {
      t.dropColumn('company_role');
      t.dropColumn('order_limit');
    });
  });
}
