// Limits on orders without an account: a flood from one address, phone or mailbox is
// stopped without stopping a crowd behind one NAT. Each guest order counts once per source
// address (IPv6 by its /64: platform/http/clientAddress), per phone and per e-mail (both
// normalised), written with the order's records (one statement on PostgreSQL; a refused order
// counts nothing). Past a soft limit the order asks for a proof of work instead of refusing: a
// self-hosted ALTCHA challenge (altcha-lib, HMAC key derived from the app's keys) the checkout
// page solves by itself and sends back with the order; a solution is used once (its signature is
// kept in `throttles` for as long as a challenge lives). Past a hard limit: 429. Staff set the limits
// in Settings (the `guestOrders` group).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Config } from '../../config';
import { Throttle } from '../../platform/http/throttle';
import { addressLimitKey } from '../../platform/http/clientAddress';
import { HttpError, tooManyRequests } from '../../platform/http/errors';
import { normalizeEmailKey } from '@domain/email';
import { normalizePhoneKey } from '@domain/phone';
import { GUEST_ORDER } from '@domain/messages';
import { GUEST_ORDER_PROOF_MAX_NUMBER, GUEST_ORDER_PROOF_MINUTES, type GuestOrderLimits } from '@domain/limits';

/** Who placed a guest order, as its limits count it. */
export interface GuestOrderSource {
  ip: string;
  /** The solved challenge the checkout page sent back (ALTCHA's base64 payload), if any. */
  proof?: string | null;
}

/** The HMAC key of the challenges: derived from the app's first key (the same on every instance). */
function proofKey(config: Config): string {
  return createHash('sha256')
    .update(`guest-order-proof:${config.appKeys[0] ?? ''}`)
    .digest('hex');
}

/** A new challenge, as the 429 that asks for it carries it. */
export async function proofChallenge(config: Config) {
  return createChallenge({
    hmacKey: proofKey(config),
    maxnumber: GUEST_ORDER_PROOF_MAX_NUMBER,
    expires: new Date(Date.now() + GUEST_ORDER_PROOF_MINUTES * 60_000),
  });
}

/** The refusal that asks for a proof of work: the checkout page solves `challenge` and re-sends. */
export async function proofNeeded(config: Config): Promise<HttpError> {
  const err = tooManyRequests(GUEST_ORDER.proofNeeded);
  err.extra = { challenge: await proofChallenge(config) };
  return err;
}

interface VerifiedProof {
  signature: string;
}

/** A solution that is right and not expired (used or not: that is judged with the order). */
export async function verifiedProof(config: Config, proof: string | null | undefined): Promise<VerifiedProof | null> {
  if (!proof) return null;
  try {
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
    if (!payload || typeof payload !== 'object' || typeof payload.signature !== 'string') return null;
    if (!(await verifySolution(payload, proofKey(config), true))) return null;
    // A challenge always says when it expires: one that does not is not ours.
    const expires = Number(extractParams(payload).expires);
    return Number.isFinite(expires) ? { signature: payload.signature } : null;
  } catch {
    return null;
  }
}

/** The order's counts, to write with its records (`trx`), and the judgement of what they answered. */
export function guestOrderCounts(
  trx: Knex,
  limits: GuestOrderLimits,
  source: GuestOrderSource,
  customer: { email: string; phone: string },
  proof: VerifiedProof | null,
) {
  const windowMs = limits.windowMinutes * 60_000;
  const counted = [
    { key: `guest-order:ip:${addressLimitKey(source.ip)}`, soft: limits.perAddressSoft, hard: limits.perAddressHard },
    { key: `guest-order:phone:${normalizePhoneKey(customer.phone)}`, soft: limits.perPhoneSoft, hard: limits.perPhoneHard },
    { key: `guest-order:email:${normalizeEmailKey(customer.email)}`, soft: limits.perEmailSoft, hard: limits.perEmailHard },
  ];
  const throttle = new Throttle(trx, 0, windowMs);
  const keys = counted.map((c) => c.key);
  // The three counts share a window: one statement counts them all.
  const writes = [throttle.hitsWrite(keys)];
  // A solution is single use: its signature counted for as long as a challenge lives (its own
  // expiry is never further from its use).
  const uses = new Throttle(trx, 1, GUEST_ORDER_PROOF_MINUTES * 60_000);
  if (proof) writes.push(uses.hitWrite(`guest-order-proof:${proof.signature}`));
  return {
    writes,
    /** Past a hard limit 429; past a soft one without an unused solution, 429 with a challenge. */
    async judge(config: Config, rows: unknown[][]): Promise<void> {
      const counts = throttle.hitCounts(rows[0], keys);
      if (counted.some((c, i) => counts[i] > c.hard)) throw tooManyRequests(GUEST_ORDER.tooMany);
      if (!counted.some((c, i) => counts[i] > c.soft)) return;
      if (proof && uses.allows(uses.hitCount(rows[1]))) return;
      throw await proofNeeded(config);
    },
  };
}

/** The stock share one guest order may take: the larger of the units and the percentage. */
export function guestShareAllowed(limits: GuestOrderLimits, stock: number): number {
  return Math.max(limits.maxUnits, Math.floor((stock * limits.maxStockPercent) / 100));
}
