// An account's e-mail address is its owner's only once a link mailed to it was opened: until then
// the account reaches only what it did itself, never what others gave with that address (guest
// orders, messages). Accounts that exist now stay unverified: what they did signed in is theirs
// either way, and their owners can ask for a link from their profile. The links (single use,
// expiring, stored hashed) also carry a new address, which replaces the old one only when opened.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('email_verified_at', 32).nullable();
  });
  await knex.schema.createTable('email_verifications', (t) => {
    t.increments('id');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    // The address the link proves: the account's own, or the one it is to change to.
    t.string('email', 254).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('expires_at', 32).notNullable();
    t.string('used_at', 32).nullable();
    t.string('created_at', 32).notNullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_verifications');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
  });
}
