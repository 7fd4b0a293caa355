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

// The pictures, at the top of the page, on intent (decision 062): the server's row, numbered
// links and controls until the shopper reaches for them; a press of a control is held and made
// again once the code has come.
export const VehicleGalleryIsland = island(() => import('./vehicle-gallery').then((module) => module.VehicleGallery), {
  name: 'vehicle-gallery',
  start: 'intent',
  holdPresses: true,
});

// The phones' buy bar (decision 064): the route puts it in a fixed box at the bottom of the
// screen, shown below laptop width only. Its code does one thing, hiding the bar while the
// purchase box's own button is in sight, and that can only change when the page moves: it starts
// on the first scroll or resize (a link to the purchase box scrolls too) or when the shopper
// reaches for the bar. Until then the bar shows, as without JavaScript; a wider screen, which
// never shows it, loads its code only if resized.
export const BuyBarIsland = island(() => import('./buy-bar').then((module) => module.BuyBar), {
  name: 'buy-bar',
  start: 'scroll',
});
