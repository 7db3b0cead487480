// Bringing a database to a working state: migrate, seed the demo catalogue into an empty one,
// and make sure an administrator can sign in.
import type { Knex } from 'knex';
import { User } from '../models/User';
import { createUser, updateUser } from '../services/users';
import { randomPassword } from '../services/passwords';
import { seedDemo } from '../../../seeds/demo';

export const DEFAULT_ADMIN_EMAIL = 'admin@vapsolo.bg';

export async function migrate(knex: Knex) {
  await knex.migrate.latest();
}

/** Seeds the demo catalogue when there is no product yet; its pictures go to <uploadDir>/demo/. */
export async function seedIfEmpty(knex: Knex, opts: { uploadDir: string }): Promise<boolean> {
  const [{ n }] = await knex('products').count({ n: '*' });
  if (Number(n) > 0) return false;
  await seedDemo(knex, opts);
  return true;
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: create that admin or reset its password and role.
 * Neither set and no admin yet: create admin@vapsolo.bg with a random password, printed once.
 */
export async function ensureAdmin(opts: { email?: string; password?: string }, print: (line: string) => void) {
  if (opts.email && opts.password) {
    const email = opts.email.trim().toLowerCase();
    const existing = await User.query().findOne({ email });
    if (existing) await updateUser(existing, { password: opts.password, role: 'admin' });
    else await createUser({ email, password: opts.password, role: 'admin', firstName: 'Администратор' });
    print(`Administrator: ${email} (password from ADMIN_PASSWORD)`);
    return;
  }
  if (await User.query().findOne({ role: 'admin' })) return;
  const password = randomPassword();
  await createUser({ email: DEFAULT_ADMIN_EMAIL, password, role: 'admin', firstName: 'Администратор' });
  print(`Created administrator ${DEFAULT_ADMIN_EMAIL} with password: ${password}`);
  print('This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.');
}
