// Two-factor sign-in with TOTP (otpauth) and single-use backup codes. The secret is kept once
// set up, sealed with the app keys (secretBox); two-factor is on only after a first correct
// code. Backup codes are stored hashed. A TOTP code is taken once: the time step of the last
// accepted code is kept and only a later one is accepted. Wrong codes are counted per account,
// whatever sign-in they belong to: past the limit the account answers 429 for the rest of the
// window and its owner is told by e-mail.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { User } from '../../models/User';
import { hashToken, revokeAllTokens } from './middleware';
import { badRequest, conflict, tooManyRequests } from '../../platform/http/errors';
import { afterAnswer } from '../../platform/http/afterAnswer';
import { API } from '@domain/messages';
import { TWO_FACTOR_MAX_FAILURES, TWO_FACTOR_WINDOW_MINUTES } from '@domain/limits';
import { openSecret, sealSecret, isSealed } from '../../platform/secretBox';
import { Throttle } from '../../platform/http/throttle';
import { sendMail } from '../../platform/mail/transport';
import { addressProven } from './emailVerification';

const ISSUER = 'VAP SOLO';
const BACKUP_CODES = 10;
const PERIOD = 30;

function totp(user: User, secret: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export async function setupTwoFactor(user: User, appKeys: readonly string[]): Promise<{ secret: string; otpauthUrl: string; qr: string }> {
  if (user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await User.query()
    .patch({ twoFactorSecret: sealSecret(appKeys, secret), twoFactorLastStep: null } as Partial<User>)
    .findById(user.id);
  const otpauthUrl = totp(user, secret).toString();
  return { secret, otpauthUrl, qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** The time step of a current TOTP code (one step of clock drift either way), or null. */
export function totpStep(user: User, appKeys: readonly string[], code: string, now = Date.now()): number | null {
  if (!user.twoFactorSecret || !/^\d{6}$/.test(code)) return null;
  const secret = openSecret(appKeys, user.twoFactorSecret);
  if (!secret) return null;
  const t = totp(user, secret);
  const delta = t.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/** A current TOTP code not used before: its step is recorded with a guarded update, so the same
 *  code (or an older one) is refused afterwards, even by a request racing this one. A secret
 *  still stored plain (from before sealing) is sealed on the way. */
async function takeTotp(user: User, appKeys: readonly string[], code: string): Promise<boolean> {
  const step = totpStep(user, appKeys, code);
  if (step === null) return false;
  const patch: Partial<User> = { twoFactorLastStep: step };
  if (user.twoFactorSecret && !isSealed(user.twoFactorSecret)) patch.twoFactorSecret = sealSecret(appKeys, user.twoFactorSecret);
  const taken = await User.query()
    .patch(patch)
    .where('id', user.id)
    .where((q) => q.whereNull('twoFactorLastStep').orWhere('twoFactorLastStep', '<', step));
  return taken === 1;
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODES }, () =>
    crypto
      .randomBytes(5)
      .toString('hex')
      .toUpperCase()
      .replace(/(.{5})/, '$1-'),
  );
}

const normalize = (code: string) =>
  code
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

export async function enableTwoFactor(user: User, code: string, appKeys: readonly string[]): Promise<string[]> {
  if (user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOn);
  if (!user.twoFactorSecret) throw badRequest(API.twoFactorSetupFirst);
  if (!(await takeTotp(user, appKeys, code.trim()))) throw badRequest(API.twoFactorWrongCode, { code: API.twoFactorWrongCode });
  const codes = newBackupCodes();
  await User.query()
    .patch({ twoFactorEnabled: true, backupCodes: JSON.stringify(codes.map((c) => hashToken(normalize(c)))) } as Partial<User>)
    .findById(user.id);
  return codes;
}

/** A TOTP code not used before, or a backup code (then used up). */
export async function checkSecondFactor(user: User, code: string, appKeys: readonly string[]): Promise<boolean> {
  if (await takeTotp(user, appKeys, code.trim())) return true;
  const hashes: string[] = user.backupCodes ? JSON.parse(user.backupCodes) : [];
  const hash = hashToken(normalize(code));
  if (!normalize(code) || !hashes.includes(hash)) return false;
  // Guarded on the stored list, so one backup code signs in once.
  const left = JSON.stringify(hashes.filter((h) => h !== hash));
  const used = await User.query()
    .patch({ backupCodes: left } as Partial<User>)
    .where({ id: user.id, backupCodes: user.backupCodes! });
  return used === 1;
}

const failureCount = () => new Throttle(User.knex(), TWO_FACTOR_MAX_FAILURES, TWO_FACTOR_WINDOW_MINUTES * 60_000);
const failureKey = (user: User) => [`2fa:user:${user.id}`];

/**
 * A second-factor code checked against the account's count of wrong codes: once the limit is
 * reached every code is refused (429, the right one too) until the window ends; the wrong code
 * that reaches it mails the owner, after the answer. A right code clears the count.
 */
export async function checkSecondFactorCounted(ctx: Context, user: User, code: string): Promise<boolean> {
  const count = failureCount();
  if (await count.isBlocked(failureKey(user))) throw tooManyRequests(API.twoFactorTooManyFailures);
  if (await checkSecondFactor(user, code, ctx.config.appKeys)) {
    await count.reset(failureKey(user));
    return true;
  }
  const hits = await count.hit(failureKey(user)[0]);
  if (hits >= TWO_FACTOR_MAX_FAILURES) {
    if (hits === TWO_FACTOR_MAX_FAILURES)
      afterAnswer(ctx, 'two-factor-alarm-mail-failed', () => sendMail(ctx.config, twoFactorAlarmMail(user)));
    throw tooManyRequests(API.twoFactorTooManyFailures);
  }
  return false;
}

function twoFactorAlarmMail(user: User) {
  return {
    to: user.email,
    subject: 'VAP SOLO: много грешни кодове за вход в профила Ви',
    text: [
      // To an address not proven the owner's, not the name typed with it.
      `Здравейте${user.firstName && addressProven(user) ? `, ${user.firstName}` : ''}!`,
      '',
      `Някой въведе ${TWO_FACTOR_MAX_FAILURES} грешни кода за двуфакторно удостоверяване при вход в профила Ви във VAP SOLO.`,
      `Затова входът в профила е спрян за ${TWO_FACTOR_WINDOW_MINUTES} минути.`,
      'За да стигне до кода, този човек е въвел правилната Ви парола. Ако не сте били Вие, сменете паролата си веднага',
      '(„Забравена парола“ на страницата за вход): това прекратява и всички сесии и лични API токени на профила.',
    ].join('\n'),
  };
}

/** Turning two-factor off also revokes every personal API token of the account. */
export async function disableTwoFactor(ctx: Context, user: User, code: string): Promise<void> {
  if (!user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOff);
  if (!(await checkSecondFactorCounted(ctx, user, code))) throw badRequest(API.twoFactorWrongCode, { code: API.twoFactorWrongCode });
  await User.transaction(async (trx) => {
    await User.query(trx)
      .patch({ twoFactorEnabled: false, twoFactorSecret: null, backupCodes: null, twoFactorLastStep: null } as Partial<User>)
      .findById(user.id);
    await revokeAllTokens(user.id, trx);
  });
}
