import type { CalculatorEstimate } from './payment-calculator';

// What the storefront's small POST endpoints answer a fetcher (with JavaScript). Without
// JavaScript the same forms carry a redirectTo field and get a redirect back instead, with
// any message left as a notice for the next page.

/** The search page: its own constant here, so the search box does not pull in the filter labels. */
export const SEARCH_PATH = '/search';

export const RESOURCE_PATHS = {
  favorites: '/resources/favorites',
  compare: '/resources/compare',
  zip: '/resources/zip',
  suggestions: '/resources/suggestions',
  paymentEstimate: '/resources/payment-estimate',
} as const;

/** The vehicle page calculator's answer (/resources/payment-estimate): its question's number and the figures. */
export type PaymentEstimateData = { asked: number; estimate: CalculatorEstimate | null };

export type FavoriteActionData =
  | { ok: true; vin: string; favorite: boolean; count: number }
  | { ok: false; reason: 'signIn' | 'sold' | 'limit' | 'notFound' | 'unavailable'; message: string };

export type CompareActionData =
  { ok: true; vins: string[] } | { ok: false; reason: 'limit' | 'invalid'; message: string; vins: string[] };

export const FAVORITE_MESSAGES = {
  signIn: 'Sign in to save vehicles.',
  sold: 'This vehicle has been sold and can no longer be saved.',
  limit: 'You have saved as many vehicles as you can. Remove one to save another.',
  notFound: 'This vehicle is no longer available.',
  unavailable: "Sorry, we couldn't update your saved vehicles. Please try again.",
} as const;

/** Seed 001 §4: a sold vehicle's card message. */
export const SOLD_MESSAGE = 'This vehicle has been sold.';

/**
 * A vehicle taken off a list on the page that shows that list (saved vehicles, the comparison):
 * the page confirms it with the kit's snackbar (seed 000 §8-9), with Undo when it can be put back.
 */
export type Removal = { list: 'favorite' | 'compare'; vin: string; undo: boolean };

/** The field a remove form sends (without JavaScript) when its page confirms the removal. */
export const REMOVAL_FIELD = 'removalNotice';

export const REMOVAL_MESSAGES = {
  favorite: 'Vehicle removed from your saved vehicles.',
  compare: 'Vehicle removed from your comparison.',
  undo: 'Undo',
} as const;

/** A message a form posted without JavaScript leaves for the page it comes back to. */
export type Notice = { kind: 'success' | 'error' | 'info'; message: string; removal?: Removal };
