import { island } from '~/components/ui/island';

// The checkout's steps as the server's HTML (decision 060): links are links until the code is
// here, which loads when the shopper reaches for the steps (a pointer over them, a focus or a
// press in them, decision 047) or when the router is busy: a navigation brings the steps their
// new states, which React renders only once the part has hydrated.
export const StepIndicatorIsland = island(
  () => import('~/components/checkout/step-indicator').then((module) => module.StepIndicator),
  { name: 'checkout-steps', start: 'intent' },
);
