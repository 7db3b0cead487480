// The administrator's password rule, one for every way an admin's password is set: ADMIN_PASSWORD
// at start (backend/src/setup.ts, with its English texts), the account page, a reset link, an
// admin created by staff and a customer promoted to admin (the API's Bulgarian texts).
import { ADMIN_PASSWORD_MIN } from './limits';
import { SAFETY } from './messages';

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  '123456789012',
  'qwerty',
  'qwertyuiop',
  'qwerty123456',
  'asdfghjkl',
  'iloveyou',
  'admin',
  'admin123',
  'administrator',
  'letmein',
  'welcome',
  'welcome123',
  'changeme',
  'changeme123',
  'secret',
  'vapsolo',
  'vapsolo123',
  'vapsolo2026',
  'parola',
  'parola123',
  'mypassword',
  'trustno1',
  'abc123',
  'abcdefghijkl',
  'football',
  'monkey',
  'dragon',
  'sunshine',
]);

export type AdminPasswordWeakness = 'short' | 'email' | 'common';

/** Why a password will not do for an administrator, or undefined when it will. `min`: the length
 *  asked (ADMIN_PASSWORD_MIN; a development start asks less). */
export function adminPasswordWeakness(email: string, password: string, min = ADMIN_PASSWORD_MIN): AdminPasswordWeakness | undefined {
  if (password.length < min) return 'short';
  const plain = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0];
  if (plain === address || plain === local) return 'email';
  if (
    COMMON_PASSWORDS.has(plain) ||
    COMMON_PASSWORDS.has(plain.replace(/[\d!.]+$/, '')) ||
    /^(.)\1+$/.test(plain) ||
    /^(0123456789|1234567890)+/.test(plain)
  ) {
    return 'common';
  }
  return undefined;
}

const TEXTS: Record<AdminPasswordWeakness, string> = {
  short: SAFETY.adminPasswordTooShort,
  email: SAFETY.adminPasswordIsEmail,
  common: SAFETY.adminPasswordCommon,
};

/** The Bulgarian reason an administrator's new password is refused, or undefined. */
export function adminPasswordProblem(email: string, password: string): string | undefined {
  const weakness = adminPasswordWeakness(email, password);
  return weakness && TEXTS[weakness];
}
