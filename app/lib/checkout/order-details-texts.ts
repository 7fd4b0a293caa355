import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';

// The Order Details page's own texts, without zod: the route shows the heading before its form
// (an island, decision 056) has loaded; the form reads the rest.

export const ORDER_DETAILS_TEXTS = {
  heading: CHECKOUT_STEP_LABELS['order-details'],
  termsHeading: 'Your terms',
  continueTo: (label: string) => `Continue to ${label}`,
} as const;
