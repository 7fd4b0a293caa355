import { island } from '~/components/ui/island';

// The cards of the search results, the comparison and the saved vehicles (decision 058): the
// server renders them whole, and their code (the grid, the card, the picture, the payment block,
// the heart, Compare and the tooltips) starts when the shopper reaches for the list (a pointer
// over it, a press, a focus or a key in it) or when the router is busy (a page, a filter, the
// sort, back or forward: React holds that update until the cards have hydrated, then renders the
// new ones). Until then each card is its links and forms; a button pressed before the code is
// here is held and pressed again once the cards have hydrated.

export const VehicleGridIsland = island(() => import('./vehicle-grid').then((module) => module.VehicleGrid), {
  name: 'vehicle-cards',
  start: 'intent',
  holdPresses: true,
});

const CARDS = '[data-island="vehicle-cards"]';

// A picture that fails to load is replaced by its placeholder (seed 001 §8), which needs the
// card's code: a failure in a card that has not hydrated starts it. The first pictures load at
// once and may have failed before this module ran; the others fail later, for the listener.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.closest(CARDS)) {
        VehicleGridIsland.preload().catch(() => {});
      }
    },
    true,
  );
  const failed = Array.from(document.querySelectorAll(`${CARDS} img[loading="eager"]`)).some(
    (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 0,
  );
  if (failed) VehicleGridIsland.preload().catch(() => {});
}
