// How a demo vehicle loses value and gathers miles, by market segment: the curve the inventory
// generator prices used vehicles with, and the bands the tests hold every generated price to.
// The figures are rounded from general knowledge of the US used-car market (a new car loses
// 15-25% in its first year and about half its value in five; pickups and compact SUVs keep
// the most, luxury cars and EVs the least; Americans drive about 12,000 miles a year, pickup
// owners more, sports-car owners much less, and everyone less in a car's second decade). See docs/decisions/036-plausible-demo-inventory.md.

import type { Segment } from './catalogue';

type DepreciationCurve = {
  /** Share of the sticker price a one-year-old vehicle is worth. */
  firstYear: number;
  /** What each further year keeps, up to ten years old. */
  yearly: number;
  /** What each year keeps after ten years. */
  late: number;
  /** The least share of the sticker price a running vehicle keeps. */
  floor: number;
  /** Miles a year a typical owner drives. */
  annualMiles: number;
};

export const DEPRECIATION: Record<Segment, DepreciationCurve> = {
  'economy car': { firstYear: 0.8, yearly: 0.895, late: 0.93, floor: 0.06, annualMiles: 12_000 },
  'midsize car': { firstYear: 0.78, yearly: 0.885, late: 0.93, floor: 0.06, annualMiles: 12_500 },
  'compact SUV': { firstYear: 0.83, yearly: 0.9, late: 0.93, floor: 0.07, annualMiles: 12_000 },
  'midsize SUV': { firstYear: 0.82, yearly: 0.895, late: 0.93, floor: 0.07, annualMiles: 12_500 },
  'full-size SUV': { firstYear: 0.82, yearly: 0.895, late: 0.93, floor: 0.07, annualMiles: 13_000 },
  minivan: { firstYear: 0.78, yearly: 0.885, late: 0.93, floor: 0.06, annualMiles: 13_000 },
  pickup: { firstYear: 0.85, yearly: 0.91, late: 0.94, floor: 0.1, annualMiles: 14_000 },
  'luxury car': { firstYear: 0.74, yearly: 0.86, late: 0.92, floor: 0.05, annualMiles: 11_000 },
  'luxury SUV': { firstYear: 0.76, yearly: 0.865, late: 0.92, floor: 0.05, annualMiles: 11_500 },
  'sports car': { firstYear: 0.84, yearly: 0.905, late: 0.95, floor: 0.12, annualMiles: 7_000 },
  EV: { firstYear: 0.72, yearly: 0.91, late: 0.93, floor: 0.08, annualMiles: 11_000 },
};

/** From this age a collectible (a sports car people keep) stops losing value. */
const COLLECTIBLE_AGE = 15;

/**
 * How far a model's own value retention moves it from its segment's curve, and how far a
 * vehicle's mileage and its dealer's pricing move it: each a factor within these bounds.
 */
export const PRICE_SPREAD = {
  model: [0.85, 1.15],
  mileage: [0.85, 1.1],
  dealer: [0.92, 1.08],
} as const;

/** A used vehicle is never listed above this share of its sticker price. */
export const USED_CEILING = 0.95;
/** The least a running vehicle is listed at, in dollars. */
export const LOWEST_PRICE = 2_500;

/** Yearly mileage varies by owner: this share of the segment's miles at least, and at most. */
export const ANNUAL_MILES_SPREAD = [0.45, 1.6] as const;
/** Certified pre-owned programs take vehicles up to this mileage. */
export const CPO_MILEAGE_LIMIT = 75_000;
/** The most miles a listed vehicle has. */
export const HIGHEST_MILEAGE = 350_000;

/** Older vehicles are driven less: each year past ten counts half towards the expected miles. */
export function mileageYears(age: number): number {
  return Math.min(age, 10) + Math.max(age - 10, 0) * 0.5;
}

/** The share of its sticker price a vehicle of the segment is worth at `age` years (0: new). */
export function residualValue(segment: Segment, age: number, collectible = false): number {
  if (age <= 0) return 1;
  const curve = DEPRECIATION[segment];
  const valueAge = collectible ? Math.min(age, COLLECTIBLE_AGE) : age;
  const value =
    curve.firstYear * curve.yearly ** (Math.min(valueAge, 10) - 1) * curve.late ** Math.max(valueAge - 10, 0);
  return Math.max(curve.floor, value);
}

/** The lowest and highest listing price in dollars for a used vehicle of this sticker, segment and age. */
export function usedPriceBand(
  segment: Segment,
  age: number,
  msrpDollars: number,
  collectible = false,
): { low: number; high: number } {
  const value = msrpDollars * residualValue(segment, age, collectible);
  const low = value * PRICE_SPREAD.model[0] * PRICE_SPREAD.mileage[0] * PRICE_SPREAD.dealer[0];
  const high = value * PRICE_SPREAD.model[1] * PRICE_SPREAD.mileage[1] * PRICE_SPREAD.dealer[1];
  return {
    low: Math.max(LOWEST_PRICE, Math.min(low, msrpDollars * USED_CEILING)),
    // The cheapest still vary by the dealer's pricing above the lowest price.
    high: Math.max(LOWEST_PRICE * PRICE_SPREAD.dealer[1], Math.min(high, msrpDollars * USED_CEILING)),
  };
}
