import { island } from '~/components/ui/island';

// The vehicle page's payment block (its price details and, pre-qualified, its own payment) as an
// island on intent (decision 059): the server renders it whole, its tooltips are <details> that
// open without JavaScript, and their Escape and outside-click code loads when the shopper reaches
// for the block (a pointer over it, a focus or a key in it). The cards import the block directly.
export const PaymentBlockIsland = island(() => import('./payment-block').then((module) => module.PaymentBlock), {
  name: 'payment-block',
  start: 'intent',
});
