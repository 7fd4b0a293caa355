import { HttpResponse, http, type HttpHandler } from 'msw';
import { creditProfileResponseSchema, type CreditProfile } from '~/lib/contract/checkout';
import { CREDIT_PROFILE_PATH } from '~/lib/checkout-credit.server';
import { getCreditTier } from '~/lib/shared/payments/credit';
import { commerceUrl, type HandlerOptions } from './msw';

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
  const payload = creditProfileResponseSchema.parse({ data: profile });
  return http.get(
    commerceUrl(CREDIT_PROFILE_PATH),
    async ({ request }) => {
      await options.onRequest?.(request);
      return HttpResponse.json(payload, { status: options.status ?? 200 });
    },
    { once: options.once },
  );
}
