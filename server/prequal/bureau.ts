import type { PrequalOutcome } from '../../app/lib/contract/prequal';
import { getCreditTier } from '../../app/lib/shared/payments/credit';
import { softPull } from '../checkout/bureau';

// The pre-qualification's bureau: a soft pull (seed 002 §9: it does not affect the credit
// score) behind an interface, so a real bureau can replace the sandbox. The sandbox answers
// from the input alone, so every outcome of seed 002 §4 can be reached (docs/sandbox-partners.md):
// it is the checkout's bureau (server/checkout/bureau.ts: the score from the SSN's last four
// digits, or a file on record by birth year) with two names that stand for a bureau problem.
//
//   last name Frozen      → the credit file is frozen
//   last name Unverified  → the identity could not be verified
//   SSN given             → found; 9000-9999 and 0000 score 600: declined; else approved at its tier
//   no SSN, born < 2000   → found with the SSN on file (720): approved
//   no SSN, born ≥ 2000   → not found: the bureau asks for more details (the SSN)

export type PrequalPullInput = {
  firstName: string;
  lastName: string;
  /** MM/DD/YYYY. */
  dateOfBirth: string;
  ssn: string | null;
  zip: string;
};

export type PrequalPull = { outcome: PrequalOutcome; score: number | null };

export interface PrequalBureau {
  softPull(input: PrequalPullInput, now: Date): Promise<PrequalPull>;
}

export const FROZEN_LAST_NAME = 'frozen';
export const UNVERIFIED_LAST_NAME = 'unverified';

export const sandboxPrequalBureau: PrequalBureau = {
  async softPull(input, now) {
    const lastName = input.lastName.trim().toLowerCase();
    if (lastName === FROZEN_LAST_NAME) return { outcome: 'frozen', score: null };
    if (lastName === UNVERIFIED_LAST_NAME) return { outcome: 'identityFailed', score: null };
    const file = softPull(
      { ssn: input.ssn, dateOfBirth: input.dateOfBirth, lastName: input.lastName, zip: input.zip },
      now,
    );
    if (!file.found || file.score === null) return { outcome: 'notFound', score: null };
    return { outcome: getCreditTier(file.score) ? 'approved' : 'declined', score: file.score };
  },
};
