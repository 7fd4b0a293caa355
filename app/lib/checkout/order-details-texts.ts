import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';

// The Order Details page's own texts, without zod: the route shows the heading before its form
// (an island, decision 056) has loaded; the form reads the rest.

export const ORDER_DETAILS_TEXTS = {
  heading: CHECKOUT_STEP_LABELS['order-details'],
  termsHeading: 'Your terms',
  continueTo: (label: string) => `Continue to ${label}`,
} as const;

export const FULFILLMENT_TEXTS = {
  legend: 'How would you like to get your vehicle?',
  delivery: 'Delivery',
  deliveryHint:
    'We bring the vehicle to your door. Delivery within 50 miles of the vehicle is included in the delivery fee.',
  pickup: 'Pickup',
  pickupHint: 'Pick the vehicle up at our location nearest to you.',
  zipDelivery: 'Delivery Zip code',
  zipPickup: 'Your Zip code',
  zipPlaceholder: 'Your 5-digit Zip code',
  methodRequired: 'Choose delivery or pickup.',
} as const;
