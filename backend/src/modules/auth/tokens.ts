// Personal API tokens: listed (never the hash), made (shown once; an expiry chosen then, never
// beyond the token that makes it; none for an admin who lacks a mandatory second factor), revoked.
import { ApiToken } from '../../models/ApiToken';
import type { User } from '../../models/User';
import { adminLacksRequiredTwoFactor, hashToken, newApiToken, tokenExpired } from './middleware';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { API } from '@domain/messages';
import { API_TOKEN_EXPIRY_DAYS } from '@domain/limits';

const DAY_MS = 86_400_000;

/** What the settings page shows: never the hash; whether it has expired. */
function tokenView(row: ApiToken) {
  return { ...row.toJSON(), expired: tokenExpired(row) };
}

export async function tokensOf(user: Pick<User, 'id'>) {
  return (await ApiToken.query().where({ userId: user.id }).orderBy('id', 'desc')).map(tokenView);
}

/** A new token for the user; `parent` is the token this call came with, if any. */
export async function makeToken(user: User, name: string, expiresInDays: number, parent: ApiToken | null) {
  if (!(API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(expiresInDays)) {
    throw badRequest(API.oneOf(API_TOKEN_EXPIRY_DAYS.map(String)), { expiresInDays: API.oneOf(API_TOKEN_EXPIRY_DAYS.map(String)) });
  }
  if (await adminLacksRequiredTwoFactor(user)) throw forbidden(API.tokenNeedsTwoFactor);
  let expiresAt = Date.now() + expiresInDays * DAY_MS;
  // A token may make another, but not one that outlives it (no endless renewal by a stolen one).
  if (parent?.expiresAt) expiresAt = Math.min(expiresAt, Date.parse(parent.expiresAt));
  const token = newApiToken();
  const row = await ApiToken.query().insertAndFetch({
    userId: user.id,
    name,
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, 10),
    expiresAt: new Date(expiresAt).toISOString(),
  } as Partial<ApiToken>);
  return { ...tokenView(row), token };
}

export async function revokeToken(user: Pick<User, 'id'>, id: number): Promise<void> {
  const deleted = await ApiToken.query().delete().where({ id, userId: user.id });
  if (!deleted) throw notFound();
}
