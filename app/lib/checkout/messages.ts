import { MESSAGES, fillMessage } from '~/lib/messages';
import { formatPhone } from '~/lib/shared/tenant/text';

// Checkout texts of seed 002 §8 (and §4 for Sale Pending), in one place for the checkout routes
// and their tests. Texts the seed only sketches ('Unable to switch, try later, call') are
// written out in its voice; {phone} is filled with the tenant's dealer phone.

export const CHECKOUT_MESSAGES = {
  general: MESSAGES.general,
  submitFailure: MESSAGES.submitFailure,
  purchaseSwitch: "We're unable to switch your purchase type right now. Please try again later or call {phone}.",
  /** Seed 002 §4, as the vehicle page's Sale Pending explanation says it. */
  vehicleHeld: 'Another customer is ordering this vehicle. It is released if they do not continue.',
  vehicleUnavailable: 'Sorry, this vehicle is no longer available.',
  vehicleNotFound: "Sorry, we couldn't find this vehicle.",
  emptyCart: 'Your cart is empty.',
  cartLoadFailure: "Sorry, we couldn't load your cart. Please try again or call {phone}.",
  holdExpired: 'Your hold on this vehicle has ended.',
  holdLost: 'Your hold ended and another customer is now ordering this vehicle.',
  protectionUnavailable: "Sorry, we're unable to show protection plan pricing right now. Please try again.",
  protectionUnavailableAgain:
    'Sorry, protection plan pricing is still unavailable. You can continue to checkout and add coverage later by calling {phone}.',
  protectionSignedOut: 'Sign in to see protection plans for this vehicle.',
  protectionNone: 'There are no protection plans for this vehicle.',
  leaseUnavailable: "A lease isn't available for this vehicle. Please choose another purchase type, or call {phone}.",
  paymentsUnavailable: "Sorry, we're unable to show personalized payments. Please try again.",
  orderSave: 'There was an error saving your order. Please try again.',
} as const;

export type CheckoutMessageKey = keyof typeof CHECKOUT_MESSAGES;

/** A checkout message with the tenant's phone filled in. */
export function checkoutMessage(key: CheckoutMessageKey, tenant: { dealerPhone: { number: string } }): string {
  return fillMessage(CHECKOUT_MESSAGES[key], { phone: formatPhone(tenant.dealerPhone.number) });
}
