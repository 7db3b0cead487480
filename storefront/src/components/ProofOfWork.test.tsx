import { render, screen } from '@testing-library/react';
import { ApiError } from '../api/client';
import { GUEST_ORDER } from '@domain/messages';
import { ProofOfWorkStatus, withProofOfWork } from './ProofOfWork';

// The solver itself is altcha-lib's (run against the server in backend/test/guestOrderLimits);
// here: what the page does with the answer that asks for it.
jest.mock('./solveProof', () => ({ solveProof: jest.fn(async () => 'cmVzaGVubw==') }));

function askingForProof() {
  const err = new ApiError(429, GUEST_ORDER.proofNeeded);
  err.body = {
    message: GUEST_ORDER.proofNeeded,
    challenge: { algorithm: 'SHA-256', challenge: 'abc', salt: 's?expires=1', signature: 'sig', maxnumber: 10 },
  };
  return err;
}

it('solves the challenge the refusal carries and sends again with the solution, showing the check meanwhile', async () => {
  const sent: Array<string | undefined> = [];
  const checking: boolean[] = [];
  const result = await withProofOfWork(
    async (altcha) => {
      sent.push(altcha);
      if (!altcha) throw askingForProof();
      return 'поръчано';
    },
    (on) => checking.push(on),
  );
  expect(result).toBe('поръчано');
  expect(sent).toEqual([undefined, 'cmVzaGVubw==']);
  expect(checking).toEqual([true, false]);
});

it('passes on any other refusal as it is, a hard limit included', async () => {
  const hard = new ApiError(429, GUEST_ORDER.tooMany);
  await expect(
    withProofOfWork(
      async () => {
        throw hard;
      },
      () => undefined,
    ),
  ).rejects.toBe(hard);
});

it('says what runs in a live region', () => {
  const { rerender } = render(<ProofOfWorkStatus checking={false} />);
  expect(screen.getByRole('status')).toHaveTextContent('');
  rerender(<ProofOfWorkStatus checking />);
  expect(screen.getByRole('status')).toHaveTextContent(GUEST_ORDER.checking);
});
