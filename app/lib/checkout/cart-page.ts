import type { TermsSetup } from '~/lib/checkout/deal-terms';
import type { Cart } from '~/lib/contract/checkout';
import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';
import type { DealType } from '~/lib/contract/orders';

// The Shopping Cart (seed 002 §2): its words, forms' intents and data, shared by its route and
// the contents' island (decision 060).

export const CART_TEXTS = {
  heading: CHECKOUT_STEP_LABELS.cart,
  emptyHint: 'Find a vehicle you love and start your purchase from its page.',
  shop: 'Shop vehicles',
  price: 'Price',
  termsHeading: 'Your payment',
  update: 'Update payment',
  addOnsHeading: 'Add-ons',
  noAddOns: 'No add-ons yet. You can add vehicle protection in the next step.',
  declined: 'You declined vehicle protection.',
  remove: 'Remove',
  removeVehicle: 'Remove vehicle from cart',
  continue: `Continue to ${CHECKOUT_STEP_LABELS.coverage}`,
  seeVehicle: 'See vehicle details',
  similar: 'Shop similar vehicles',
} as const;

/** What the cart's forms post as `intent`. */
export const CART_INTENTS = ['switch-type', 'update-terms', 'continue', 'remove-plan', 'remove-vehicle'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartActionData =
  | { intent: 'switch-type'; confirmSwitch: DealType; error?: undefined; field?: undefined }
  | { intent: CartIntent; error: string; confirmSwitch?: undefined; field?: 'downPayment' };

/** The cart page's data with a vehicle in the cart (the route's loader). */
export type CartPageData = {
  state: 'unavailable' | 'ready';
  /** Why the vehicle can no longer be bought (the seed's message), or null. */
  unavailable: string | null;
  cart: Cart;
  vehicle: NonNullable<Cart['vehicle']>;
  allowed: readonly DealType[];
  setup: TermsSetup;
  /** The API cannot price this deal: the message instead of the summary, or null. */
  noSummary: string | null;
  /** The signed-in shopper's saved offers that can be applied here (none while one is applied). */
  savedOffers?: SavedOffer[];
};

/** A saved trade-in offer the cart offers to apply (issue 31). */
export type SavedOffer = { id: string; title: string; value: string };
