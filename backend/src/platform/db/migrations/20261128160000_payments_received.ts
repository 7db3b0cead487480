// Money received as records of their own, allocated to the documents they pay. A payment so far
// was an order's (one per order); now it may also be money from a company or a customer with no
// order of its own (a bank transfer paying three invoices), so its order becomes optional and it
// names its payer. What a payment pays is in its allocations; what it does not is its
// `unallocated` part, the payer's credit. Bank statements keep each line they brought, so the
// same booking read again is recognised by its hash; the dunning reminders keep which reminder of
// which order was sent, once.
import type { Knex } from 'knex';

/** The methods a payment may have once money is recorded by hand too (cash at the office). */
const METHODS = ['cod', 'bank_transfer', 'cash'];
const OLD_METHODS = ['cod', 'bank_transfer'];

function isSqlite(knex: Knex): boolean {
  return String(knex.client.config.client).includes('sqlite');
}

/**
 * SQLite cannot change a column's NOT NULL or CHECK in place: the table is made again with its
 * new definition, its rows copied, and its indexes made again (SQLite's documented procedure).
 * Nothing references the payments table, so its foreign keys stay as they are.
 */
async function remakeSqlitePayments(knex: Knex, methods: string[], orderRequired: boolean): Promise<void> {
  const rows = (await knex.raw("select type, name, sql from sqlite_master where tbl_name = 'payments' and sql is not null")) as Array<{
    type: string;
    name: string;
    sql: string;
  }>;
  const table = rows.find((r) => r.type === 'table')!;
  const indexes = rows.filter((r) => r.type === 'index');
  const check = `CHECK (\`method\` in (${methods.map((m) => `'${m}'`).join(', ')}))`;
  let sql = table.sql
    .replace(/^CREATE TABLE\s+[`"]?payments[`"]?/i, 'CREATE TABLE `payments_remade`')
    .replace(/check\s*\(\s*`method`\s+in\s*\([^)]*\)\s*\)/i, check);
  sql = orderRequired
    ? sql.replace(/(`order_id`\s+integer)(?!\s+not null)/i, '$1 NOT NULL')
    : sql.replace(/(`order_id`\s+integer)\s+not null/i, '$1');
  await knex.raw(sql);
  const columns = ((await knex.raw('pragma table_info(payments)')) as Array<{ name: string }>).map((c) => `\`${c.name}\``).join(', ');
  await knex.raw(`insert into payments_remade (${columns}) select ${columns} from payments`);
  await knex.raw('drop table payments');
  await knex.raw('alter table payments_remade rename to payments');
  for (const index of indexes) await knex.raw(index.sql);
}

async function changePaymentColumns(knex: Knex, methods: string[], orderRequired: boolean): Promise<void> {
  if (isSqlite(knex)) return remakeSqlitePayments(knex, methods, orderRequired);
  await knex.raw(`alter table payments alter column order_id ${orderRequired ? 'set' : 'drop'} not null`);
  await knex.raw('alter table payments drop constraint if exists payments_method_check');
  await knex.raw(
    `alter table payments add constraint payments_method_check check (method in (${methods.map((m) => `'${m}'`).join(', ')}))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await changePaymentColumns(knex, METHODS, false);
  await knex.schema.alterTable('payments', (t) => {
    // Who paid: a company, or a customer by e-mail (an order's payment names its order instead).
    t.integer('company_id').unsigned().references('companies.id').onDelete('SET NULL');
    t.string('customer_email', 254).notNullable().defaultTo('');
    // As the bank gave them, for the staff to recognise the payer.
    t.string('payer_name', 200).notNullable().defaultTo('');
    t.string('payer_iban', 34).notNullable().defaultTo('');
    // The day the money came (YYYY-MM-DD); an order's payment has its paid_at instead.
    t.string('received_on', 10);
    // Minor units not allocated to any document: the payer's credit.
    t.integer('unallocated').notNullable().defaultTo(0);
    // 'order': the order's own payment; 'manual': recorded by staff; 'bank': from a statement line.
    t.string('source', 8).notNullable().defaultTo('order');
    t.string('recorded_by', 254).notNullable().defaultTo('');
    t.index(['company_id']);
    t.index(['customer_email']);
  });
  await knex.schema.createTable('payment_allocations', (t) => {
    t.increments('id');
    t.integer('payment_id').unsigned().notNullable().references('payments.id').onDelete('CASCADE');
    t.integer('invoice_id').unsigned().notNullable().references('invoices.id').onDelete('CASCADE');
    // Minor units of the payment's currency.
    t.integer('amount').notNullable();
    t.string('created_at', 32).notNullable();
    t.index(['payment_id']);
    t.index(['invoice_id']);
  });
  await knex.schema.createTable('bank_statements', (t) => {
    t.increments('id');
    t.string('format', 8).notNullable();
    t.string('account_iban', 34).notNullable().defaultTo('');
    t.string('statement_ref', 100).notNullable().defaultTo('');
    t.string('file_name', 200).notNullable().defaultTo('');
    t.string('file_sha256', 64).notNullable();
    t.string('created_by', 254).notNullable().defaultTo('');
    t.string('created_at', 32).notNullable();
  });
  await knex.schema.createTable('bank_statement_lines', (t) => {
    t.increments('id');
    t.integer('bank_statement_id').unsigned().notNullable().references('bank_statements.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('line_hash', 64).notNullable();
    t.string('booked_on', 10).notNullable();
    t.string('direction', 6).notNullable();
    // Minor units of the shop's currency (a leva line of 2025 at the fixed rate) and as booked.
    t.integer('amount').notNullable();
    t.integer('booked_amount').notNullable();
    t.string('booked_currency', 3).notNullable();
    t.text('reference').notNullable().defaultTo('');
    t.string('payer_name', 200).notNullable().defaultTo('');
    t.string('payer_iban', 34).notNullable().defaultTo('');
    t.string('bank_reference', 100).notNullable().defaultTo('');
    // suggested | unmatched | already_imported | debit | recorded
    t.string('status', 20).notNullable();
    t.integer('company_id').unsigned().references('companies.id').onDelete('SET NULL');
    t.string('customer_email', 254).notNullable().defaultTo('');
    // JSON array of invoice ids the line is suggested to pay.
    t.text('invoice_ids').notNullable().defaultTo('[]');
    t.integer('payment_id').unsigned().references('payments.id').onDelete('SET NULL');
    t.index(['bank_statement_id', 'position']);
    t.index(['line_hash']);
  });
  // One booking is brought once: a line seen before is kept only as 'already_imported'.
  await knex.raw(
    "create unique index bank_statement_lines_first_hash on bank_statement_lines (line_hash) where status <> 'already_imported'",
  );
  await knex.schema.createTable('dunning_reminders', (t) => {
    t.increments('id');
    // The order owed (its invoice's, or itself while it has none).
    t.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
    // Days from the due date (negative: before it).
    t.integer('day').notNullable();
    t.string('sent_at', 32).notNullable();
    t.unique(['order_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dunning_reminders');
  await knex.schema.dropTable('bank_statement_lines');
  await knex.schema.dropTable('bank_statements');
  await knex.schema.dropTable('payment_allocations');
  await knex('payments').whereNull('order_id').del();
  await knex('payments').where({ method: 'cash' }).update({ method: 'cod' });
  await knex.schema.alterTable('payments', (t) => {
    t.dropIndex(['company_id']);
    t.dropIndex(['customer_email']);
    t.dropForeign(['company_id']);
    for (const c of ['company_id', 'customer_email', 'payer_name', 'payer_iban', 'received_on', 'unallocated', 'source', 'recorded_by'])
      t.dropColumn(c);
  });
  await changePaymentColumns(knex, OLD_METHODS, true);
}
