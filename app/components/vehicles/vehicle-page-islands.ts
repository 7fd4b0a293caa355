import { island } from '~/components/ui/island';

// Parts of the vehicle page below its first screen that hydrate from their own chunk (decisions
// 044 and 047): the server renders them whole, and until the chunk arrives the calculator is its
// GET form and the similar vehicles' cards are links and forms, as without JavaScript. Each chunk
// starts when its part comes near the screen or the shopper reaches for it.

export const PaymentCalculatorIsland = island(
  () => import('./payment-calculator').then((module) => module.PaymentCalculator),
  { name: 'payment-calculator', start: 'visible' },
);

export const SimilarVehiclesIsland = island(() => import('./vehicle-grid').then((module) => module.VehicleGrid), {
  name: 'similar-vehicles',
  start: 'visible',
  holdPresses: true,
});

export const VehicleActionsIsland = island(() => import('./vehicle-actions').then((module) => module.VehicleActions), {
  name: 'vehicle-actions',
  start: 'intent',
  holdPresses: true,
});
