import type { BodyStyle, VehicleType } from '~/lib/contract/inventory-query';

// The labels a card, the vehicle page and the comparison show, apart from the filters' module
// (filters.ts) so that a page with cards and no filters does not load the filters' code
// (issue 17, decision 051).

/** Seed 001 §3: the vehicle condition labels. */
export const TYPE_LABELS: Record<VehicleType, string> = { NEW: 'New', CPO: 'Certified', USED: 'Used' };

export const BODY_STYLE_LABELS: Record<BodyStyle, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  truck: 'Truck',
  coupe: 'Coupe',
  hatchback: 'Hatchback',
  minivan: 'Minivan',
  convertible: 'Convertible',
  wagon: 'Wagon',
};
