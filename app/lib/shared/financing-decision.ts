import type { LenderDecision } from '~/lib/contract/checkout';

/**
 * The financing ended in a no: the lender declined, or the shopper declined the approval. The
 * backend refuses to place such a cart and released its hold; the storefront stops showing the
 * hold and the application as completed (issue 18).
 */
export function isFinancingDeclined(cart: {
  decision?: Pick<LenderDecision, 'status' | 'shopperAnswer'> | null;
}): boolean {
  const decision = cart.decision;
  return Boolean(decision && (decision.status === 'DECLINED' || decision.shopperAnswer === 'declined'));
}
