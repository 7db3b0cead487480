// The proof of work's solver, loaded only when the server asks for one (a guest past a soft
// limit): altcha-lib's classic solver in the page (SubtleCrypto), kept out of the first load.
import { solveChallenge } from 'altcha-lib/v1';

export interface ProofChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** ALTCHA's payload for the solved challenge (base64 JSON), or null when no number solves it. */
export async function solveProof(c: ProofChallenge): Promise<string | null> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) return null;
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
    took: solution.took,
  };
  return btoa(JSON.stringify(payload));
}
