// Bringing a database to a working state: migrate (one instance at a time), seed the demo
// catalogue only into an empty database, and make sure an administrator can sign in.
import type { Knex } from 'knex';
import { User } from './models/User';
import { createUser, updateUser } from './modules/auth/users';
import { randomPassword } from './modules/auth/passwords';
import { seedDemo } from '../../seeds/demo';
import { isPostgres } from './platform/db/knex';
import { tellRunningInstances } from './platform/cache/broadcast';
import { ADMIN_PASSWORD_MIN, PASSWORD_MIN } from '@domain/limits';
import { adminPasswordWeakness } from '@domain/adminPassword';

export const DEFAULT_ADMIN_EMAIL = 'admin@vapsolo.bg';

/** pg_advisory_lock key for migrations ("VSOL"), the same on every instance. */
export const MIGRATION_LOCK_KEY = 0x56534f4c;

/**
 * Migrate to the newest schema. On PostgreSQL several instances may start at once on an empty
 * database: an advisory lock (held by a transaction on its own connection) lets one migrate while
 * the others wait, then find nothing left to do. knex's own lock table cannot do it: it is itself
 * created by the first migration run, and two runs racing to create it crash one of them.
 */
export async function migrate(knex: Knex) {
  if (!isPostgres(knex)) {
    await knex.migrate.latest();
    return;
  }
  const holder = await knex.transaction();
  try {
    await holder.raw('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    await knex.migrate.latest();
  } finally {
    await holder.commit();
  }
}

/** Why a database is not for demo data: it holds real orders, customers or products. */
export async function realDataIn(knex: Knex): Promise<string | undefined> {
  const count = async (table: string, where?: Record<string, string>) => {
    const q = knex(table);
    if (where) q.where(where);
    const [{ n }] = await q.count({ n: '*' });
    return Number(n);
  };
  const orders = await count('orders');
  if (orders) return `${orders} orders`;
  const customers = await count('users', { role: 'customer' });
  if (customers) return `${customers} customers`;
  const products = await count('products');
  if (products) return `${products} products`;
  return undefined;
}

/** Seeds the demo catalogue only into a database with no order, customer or product; its
 *  pictures go to <uploadDir>/demo/. */
export async function seedIfEmpty(knex: Knex, opts: { uploadDir: string }): Promise<boolean> {
  if (await realDataIn(knex)) return false;
  await seedDemo(knex, opts);
  return true;
}

/** The demo customers' addresses (seeds/): found in a production database, worth a warning. */
export async function demoDataPresent(knex: Knex): Promise<boolean> {
  const demo = await knex('users').where('email', 'like', '%@example.bg').first('id');
  return Boolean(demo);
}

/** Why a password is too weak for the first administrator, or undefined when it will do. */
export function weakAdminPassword(email: string, password: string, production: boolean): string | undefined {
  const min = production ? ADMIN_PASSWORD_MIN : PASSWORD_MIN;
  const weakness = adminPasswordWeakness(email, password, min);
  if (weakness === 'short') return `ADMIN_PASSWORD must have at least ${min} characters${production ? ' in production' : ''}.`;
  if (weakness === 'email') return 'ADMIN_PASSWORD must not be the e-mail address.';
  if (weakness === 'common') return 'ADMIN_PASSWORD is a common password: choose a long one of your own (e.g. four random words).';
  return undefined;
}

export class WeakPasswordError extends Error {}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: create that admin or reset its password and role (refused, with the
 * reason, when the password is weak). Neither set and no admin yet: outside production create
 * admin@vapsolo.bg with a random password, printed once; in production print how to create one
 * (a password in the service's log would be a secret in the logs).
 */
export async function ensureAdmin(opts: { email?: string; password?: string; production?: boolean }, print: (line: string) => void) {
  if (opts.email && opts.password) {
    const email = opts.email.trim().toLowerCase();
    const weak = weakAdminPassword(email, opts.password, Boolean(opts.production));
    if (weak) throw new WeakPasswordError(weak);
    const existing = await User.query().findOne({ email });
    if (existing) {
      await updateUser(existing, { password: opts.password, role: 'admin' });
      // The shop's owner named this address in its environment: it is theirs.
      if (!existing.emailVerifiedAt)
        await User.query()
          .patch({ emailVerifiedAt: new Date().toISOString() } as Partial<User>)
          .findById(existing.id);
    } else await createUser({ email, password: opts.password, role: 'admin', firstName: 'Администратор' });
    print(`Administrator: ${email} (password from ADMIN_PASSWORD)`);
    return;
  }
  if (await User.query().findOne({ role: 'admin' })) return;
  if (opts.production) {
    print(
      'Warning: there is no administrator. Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 12 characters) in the environment file and restart.',
    );
    return;
  }
  const password = randomPassword();
  await createUser({ email: DEFAULT_ADMIN_EMAIL, password, role: 'admin', firstName: 'Администратор' });
  print(`Created administrator ${DEFAULT_ADMIN_EMAIL} with password: ${password}`);
  print('This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.');
}

/** The command line's way back in for an admin who lost the phone: second factor off. */
export async function resetTwoFactor(email: string): Promise<User> {
  const user = await User.query().findOne({ email: email.trim().toLowerCase() });
  if (!user) throw new Error(`No user with the e-mail ${email}.`);
  await User.query()
    .patch({ twoFactorEnabled: false, twoFactorSecret: null, backupCodes: null } as Partial<User>)
    .findById(user.id);
  // Every session of that account ends: whoever held a half-signed-in session starts over.
  await User.knex()('sessions').where({ userId: user.id }).delete();
  // Run from the command line: the shop's running instances keep the account and its sessions in
  // memory, and hear of it only this way.
  await tellRunningInstances(User.knex(), ['users', 'sessions']);
  return user;
}
