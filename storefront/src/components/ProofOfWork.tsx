// A guest past a soft limit on orders is asked for a proof of work instead of being refused
// (server: modules/checkout/guestOrders): the order answers 429 with `{ message, challenge }`,
// the page solves the challenge by itself (a few seconds; the solver is loaded only then) and
// sends the order again with the solution. While it runs a live region says so.
import { ApiError } from '../api/client';
import { GUEST_ORDER } from '@domain/messages';
import type { ProofChallenge } from './solveProof';

/** The challenge a refusal carries, if it asks for a proof of work. */
function challengeOf(err: unknown): ProofChallenge | null {
  if (!(err instanceof ApiError) || err.status !== 429) return null;
  const c = err.body?.challenge as ProofChallenge | undefined;
  return c && typeof c.challenge === 'string' && typeof c.salt === 'string' ? c : null;
}

/** Send, and when the answer asks for a proof of work solve it and send again with it (twice at
 *  most: a challenge that cannot be solved is the server's refusal). `onChecking` shows the check. */
export async function withProofOfWork<T>(send: (altcha?: string) => Promise<T>, onChecking: (checking: boolean) => void): Promise<T> {
  let altcha: string | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(altcha);
    } catch (err) {
      const challenge = challengeOf(err);
      if (!challenge || attempt >= 2) throw err;
      onChecking(true);
      try {
        const { solveProof } = await import('./solveProof');
        const solved = await solveProof(challenge);
        if (!solved) throw new ApiError(429, GUEST_ORDER.checkFailed);
        altcha = solved;
      } catch (failure) {
        throw failure instanceof ApiError ? failure : new ApiError(429, GUEST_ORDER.checkFailed);
      } finally {
        onChecking(false);
      }
    }
  }
}

/** The check's status, in a live region that is always there (so that the change is announced). */
export function ProofOfWorkStatus({ checking }: { checking: boolean }) {
  return (
    <p className="proof-status" role="status" aria-live="polite">
      {checking && (
        <>
          <span className="proof-spinner" aria-hidden="true" />
          {GUEST_ORDER.checking}
        </>
      )}
    </p>
  );
}
