// The consent the shopper gives before we ask their insurer for the policy (seed 001 §7, §9:
// terms version 1). The page shows exactly this text and sends exactly this text.

export function insuranceConsentLanguage(brandName: string): string {
  return `I authorize ${brandName} to retrieve my auto insurance policy details to verify coverage for this purchase.`;
}

export const INSURANCE_MESSAGES = {
  consentRequired: 'Check the box to give your consent.',
  failed: 'We could not start the check with your insurer. Please try again, or upload your insurance card instead.',
  notVerified: 'We could not verify your insurance.',
  uploadLater: 'You can upload your insurance card later on the documents step.',
  slow: 'This is taking longer than usual.',
} as const;

/** After this long without an answer the page offers to try again or upload the card instead. */
export const SLOW_PULL_MS = 60_000;
