import { ApiError, callApi, type ApiContext } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { logger } from '~/lib/shared/logger.server';

// The shopper's credit score for personalised card payments (issue 3): the score of their soft
// pull at checkout, while the pre-qualification is valid (GET /api/checkout/credit-profile).
// Optional data: the cards fall back to estimates ('Est.') whenever it cannot be had.

/** What the shopping pages know of the request (getShoppingContext in app/lib/search/inventory.server.ts). */
export type CreditScoreContext = { signedIn: boolean; api: ApiContext };

/**
 * The signed-in shopper's credit score, or null: signed out (no call is made), no valid soft
 * pull, the shopper left, or any failure of the call (logged; the page never fails for it).
 */
export async function getCreditScore(request: Request, context: CreditScoreContext): Promise<number | null> {
  if (!context.signedIn || !context.api.token) return null;
  try {
    const answer = await callApi(
      { ...context.api, signal: context.api.signal ?? request.signal },
      endpoints.checkout.creditProfile,
    );
    return answer?.data?.score ?? null;
  } catch (error) {
    // 401: the identity token lapsed; the shopper sees estimates until they sign in again.
    if (!(error instanceof ApiError && error.status === 401))
      logger.warn({ err: error }, 'personalised payments left out: the credit profile call failed');
    return null;
  }
}
