// Two-factor sign-in with TOTP (otpauth) and single-use backup codes. The secret is kept once
// set up; two-factor is on only after a first correct code. Backup codes are stored hashed.
import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { User } from '../models/User';
import { hashToken } from '../http/auth';
import { badRequest, conflict } from '../http/errors';
import { API } from '../../../domain/messages';

const ISSUER = 'VAP SOLO';
const BACKUP_CODES = 10;

function totp(user: User, secret: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label: user.email, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

export async function setupTwoFactor(user: User): Promise<{ secret: string; otpauthUrl: string; qr: string }> {
  if (user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await User.query().patch({ twoFactorSecret: secret } as Partial<User>).findById(user.id);
  const otpauthUrl = totp(user, secret).toString();
  return { secret, otpauthUrl, qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** A current TOTP code (one step of clock drift either way). */
export function totpValid(user: User, code: string): boolean {
  if (!user.twoFactorSecret || !/^\d{6}$/.test(code)) return false;
  return totp(user, user.twoFactorSecret).validate({ token: code, window: 1 }) !== null;
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODES }, () => crypto.randomBytes(5).toString('hex').toUpperCase().replace(/(.{5})/, '$1-'));
}

const normalize = (code: string) => code.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');

export async function enableTwoFactor(user: User, code: string): Promise<string[]> {
  if (user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOn);
  if (!user.twoFactorSecret) throw badRequest(API.twoFactorSetupFirst);
  if (!totpValid(user, code)) throw badRequest(API.twoFactorWrongCode, { code: API.twoFactorWrongCode });
  const codes = newBackupCodes();
  await User.query().patch({ twoFactorEnabled: true, backupCodes: JSON.stringify(codes.map((c) => hashToken(normalize(c)))) } as Partial<User>).findById(user.id);
  return codes;
}

/** A TOTP code, or a backup code (then used up). */
export async function checkSecondFactor(user: User, code: string): Promise<boolean> {
  if (totpValid(user, code.trim())) return true;
  const hashes: string[] = user.backupCodes ? JSON.parse(user.backupCodes) : [];
  const hash = hashToken(normalize(code));
  if (!normalize(code) || !hashes.includes(hash)) return false;
  // Guarded on the stored list, so one backup code signs in once.
  const left = JSON.stringify(hashes.filter((h) => h !== hash));
  const used = await User.query().patch({ backupCodes: left } as Partial<User>).where({ id: user.id, backupCodes: user.backupCodes! });
  return used === 1;
}

export async function disableTwoFactor(user: User, code: string): Promise<void> {
  if (!user.twoFactorEnabled) throw conflict(API.twoFactorAlreadyOff);
  if (!(await checkSecondFactor(user, code))) throw badRequest(API.twoFactorWrongCode, { code: API.twoFactorWrongCode });
  await User.query().patch({ twoFactorEnabled: false, twoFactorSecret: null, backupCodes: null } as Partial<User>).findById(user.id);
}
