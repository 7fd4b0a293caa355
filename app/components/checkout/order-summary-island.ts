import { island } from '~/components/ui/island';

// The order summary as the server's HTML (issue 17, decision 054): its one form (Got it, keep
// these figures) posts as without JavaScript, and its code loads when the shopper reaches for
// the summary (decision 047's intent) or when the router is busy: a navigation or a fetcher
// brings the summary new figures, which React renders only once the part has hydrated.
export const OrderSummaryIsland = island(
  () => import('~/components/checkout/order-summary').then((module) => module.OrderSummary),
  { name: 'order-summary', start: 'intent' },
);
