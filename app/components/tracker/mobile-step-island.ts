import { island } from '~/components/ui/island';

// The step menu below 960 px (MobileStepMenu) hydrates from its own chunk when it comes near the
// screen or the shopper reaches for it (decision 047): from 960 px it is hidden, so a laptop never
// loads it (decision 052). Until then it is the server's <details>, which opens without JavaScript.

export const MobileStepMenuIsland = island(() => import('./mobile-step-menu').then((module) => module.MobileStepMenu), {
  name: 'tracker-mobile-steps',
  start: 'visible',
});
