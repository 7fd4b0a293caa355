import type { PrequalView } from './contract/prequal';

// Texts and small helpers of the pre-qualification pages shared by the browser and the server.

import { PREQUAL_REFRESH_BUTTON } from './prequal-refresh';

export { PREQUAL_PATH, prequalHrefFor } from './prequal-refresh';
export const PREQUAL_RESULT_PATH = '/financing/pre-qualify/result';

export const TIER_LABELS: Record<NonNullable<PrequalView['tier']>, string> = {
  excellent: 'Excellent',
  veryGood: 'Very good',
  good: 'Good',
  fair: 'Fair',
};

export const PREQUAL_TEXTS = {
  notFound:
    "We couldn't find your credit file with these details. Please add your Social Security number so we can find it.",
  /** Seed 002 §8 "Pre-qualification failure": continue shopping, or try again if progress could not be saved. */
  saveFailed: "We couldn't save your pre-qualification. Please try again, or continue shopping.",
  expiring: (date: string) =>
    `Your pre-qualification expires on ${date}. Refresh it to keep seeing your personalized payments.`,
  expired: 'Your pre-qualification has expired. Refresh it to see your personalized payments again.',
  refreshed: 'Your pre-qualification was refreshed.',
  /** Issue 14 point 4: on the credit application, an expired pre-qualification fills nothing. */
  expiredApplication:
    'Your pre-qualification has expired, so we could not use it for this application. Refresh it and we fill in what it knows, with no second credit check.',
  refreshButton: PREQUAL_REFRESH_BUTTON,
  noScoreImpact: 'Checking your rate is a soft inquiry: it does not affect your credit score.',
} as const;
