// Security round two: API tokens expire; a second-factor code is taken once (the last time
// step used is kept); TOTP secrets are sealed with the app keys (platform/secretBox: existing
// plain ones are sealed here when the keys are known, and read as they are until then);
// per-customer discount limits count uses per customer key (the account, or a normalised
// e-mail) on one row each, so that a guarded update makes them race-safe.
import type { Knex } from 'knex';
import { API_TOKEN_EXPIRY_DEFAULT_DAYS } from '@domain/limits';
import { normalizeEmailKey } from '@domain/email';
import { isSealed, sealSecret } from '../../secretBox';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_tokens', (t) => {
    t.string('expires_at', 32);
  });
  // Tokens made before expiry existed get the default lifetime from now.
  await knex('api_tokens').update({ expiresAt: new Date(Date.now() + API_TOKEN_EXPIRY_DEFAULT_DAYS * 86_400_000).toISOString() });

  await knex.schema.alterTable('users', (t) => {
    t.integer('two_factor_last_step');
  });
  // createKnex passes the app keys (knex userParams); without them (a bare knex) the secrets
  // stay plain here and are sealed by the app the next time they are written.
  const appKeys: string[] | undefined = (knex as Knex & { userParams?: { appKeys?: string[] } }).userParams?.appKeys;
  if (appKeys?.length) {
    const users: Array<{ id: number; twoFactorSecret: string }> = await knex('users')
      .whereNotNull('twoFactorSecret')
      .select('id', 'twoFactorSecret');
    for (const u of users) {
      if (!isSealed(u.twoFactorSecret))
        await knex('users')
          .where({ id: u.id })
          .update({ twoFactorSecret: sealSecret(appKeys, u.twoFactorSecret) });
    }
  }

  await knex.schema.alterTable('discount_redemptions', (t) => {
    t.string('customer_key', 300).notNullable().defaultTo('');
  });
  await knex.schema.createTable('discount_customer_uses', (t) => {
    t.integer('discount_id').unsigned().notNullable().references('discounts.id').onDelete('CASCADE');
    t.string('customer_key', 300).notNullable();
    t.integer('uses').notNullable().defaultTo(0);
    t.primary(['discount_id', 'customer_key']);
  });
  // What was used so far: per account for orders of signed-in customers (and their account's
  // e-mail), per normalised e-mail for guests.
  const used: Array<{ id: number; discountId: number; email: string; userId: number | null; accountEmail: string | null }> = await knex(
    'discount_redemptions as r',
  )
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select('r.id', 'r.discount_id', 'r.email', 'o.user_id', 'u.email as account_email');
  const uses = new Map<string, { discountId: number; customerKey: string; uses: number }>();
  for (const r of used) {
    const keys = r.userId
      ? [`user:${r.userId}`, ...(r.accountEmail ? [`email:${normalizeEmailKey(r.accountEmail)}`] : [])]
      : [`email:${normalizeEmailKey(r.email)}`];
    await knex('discount_redemptions').where({ id: r.id }).update({ customerKey: keys[0] });
    for (const customerKey of keys) {
      const id = `${r.discountId}|${customerKey}`;
      const seen = uses.get(id);
      if (seen) seen.uses++;
      else uses.set(id, { discountId: r.discountId, customerKey, uses: 1 });
    }
  }
  for (const row of uses.values()) await knex('discount_customer_uses').insert(row);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('discount_customer_uses');
  await knex.schema.alterTable('discount_redemptions', (t) => t.dropColumn('customer_key'));
  await knex.schema.alterTable('users', (t) => t.dropColumn('two_factor_last_step'));
  await knex.schema.alterTable('api_tokens', (t) => t.dropColumn('expires_at'));
}
