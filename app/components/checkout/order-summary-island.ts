import { island } from '~/components/ui/island';

// The order summary as the server's HTML (issue 17, decision 054): its one form (Got it, keep
// these figures) posts as without JavaScript, and its code loads only when the shopper reaches
// for that form, or when a client navigation renders the summary anew. Its props must be stable
// (loader data, strings).
export const OrderSummaryIsland = island(
  () => import('~/components/checkout/order-summary').then((module) => module.OrderSummary),
  { hydrateOn: '[data-testid="summary-changes-acknowledge"]' },
);
