import { island } from '~/components/ui/island';

// Parts of the vehicle page below its first screen that hydrate from their own chunk (decision
// 044): the server renders them whole, and until the chunk arrives the calculator is its GET
// form and the similar vehicles' cards are links and forms, as without JavaScript.

export const PaymentCalculatorIsland = island(() =>
  import('./payment-calculator').then((module) => module.PaymentCalculator),
);

export const SimilarVehiclesIsland = island(() => import('./vehicle-grid').then((module) => module.VehicleGrid));
