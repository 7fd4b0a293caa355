import type { HttpHandler } from 'msw';
import { creditProfileResponseSchema, type CreditProfile } from '~/lib/contract/checkout';
import { endpoints } from '~/lib/contract/endpoints';
import { getCreditTier } from '~/lib/shared/payments/credit';
import { mockApi, type HandlerOptions } from './msw';

// GET /api/checkout/credit-profile for route tests: the shopper's soft pull (issue 3), parsed
// by the contract's schema like every other mock.

/** A valid profile for a score, pulled a day before `now`, valid 30 days from the pull. */
export function buildCreditProfile(score: number, now = new Date()): CreditProfile {
  const pulledAt = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return creditProfileResponseSchema.shape.data.unwrap().parse({
    score,
    tier: getCreditTier(score),
    pulledAt: pulledAt.toISOString(),
    expiresAt: new Date(pulledAt.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString(),
  });
}

/** The credit profile answer: a profile, or null (no valid soft pull). */
export function creditProfile(profile: CreditProfile | null, options: HandlerOptions = {}): HttpHandler {
  return mockApi(endpoints.checkout.creditProfile, { data: profile }, options);
}
