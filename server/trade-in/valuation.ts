import {
  CATALOGUE,
  modelSoldIn,
  trimOfferedIn,
  type CatalogueModel,
  type CatalogueTrim,
} from '../db/seed-data/catalogue';
import { descriptorFor } from '../db/seed-data/inventory';

// The sandbox appraiser's valuation model (decision 014). It values a car from the catalogue
// the demo inventory is generated from (server/db/seed-data/catalogue.ts), with the same
// retail curve the generator prices used cars with, then turns retail into a wholesale offer:
//
//   sticker  = middle of the trim's price range today × 1.025^(year - current model year)
//   retail   = sticker × 0.82 × 0.885^(age - 1) × model retention × mileage factor
//              (collectibles 20+ years old keep at least 60% of their sticker)
//   mileage  = 1 - 0.18 × (miles - expected) / expected, between 0.75 and 1.12,
//              expected = 12,000 miles a year of age (at least one year)
//   offer    = retail × condition factor × region factor × 0.88 (reconditioning and margin),
//              rounded down to $25
//
// Nothing is random: the same car, miles, condition, state and day give the same offer.

export const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Rough'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** How much of the retail value each condition keeps. */
export const CONDITION_FACTOR: Record<Condition, number> = { Excellent: 1, Good: 0.94, Fair: 0.85, Rough: 0.7 };

/**
 * Regional demand, by registration state: road salt shortens a car's life in the snow belt;
 * dry sun-belt states pay a little more. States not listed are 1.
 */
const SNOW_BELT = [
  'ME',
  'NH',
  'VT',
  'MA',
  'RI',
  'CT',
  'NY',
  'NJ',
  'PA',
  'OH',
  'MI',
  'IN',
  'IL',
  'WI',
  'MN',
  'IA',
  'ND',
  'SD',
];
const SUN_BELT = ['AZ', 'NV', 'NM', 'TX', 'CA', 'FL', 'GA', 'UT'];
export function regionFactor(state: string): number {
  if (SNOW_BELT.includes(state)) return 0.97;
  if (SUN_BELT.includes(state)) return 1.02;
  return 1;
}

/** The share of retail a dealer pays for a car it must recondition and resell. */
export const WHOLESALE_SHARE = 0.88;
const EXPECTED_MILES_PER_YEAR = 12_000;
const ROUND_TO_DOLLARS = 25;

export type Valued = {
  year: number;
  make: string;
  model: string;
  trim: string;
  mileage: number;
  condition: Condition;
  state: string;
};

export function findModel(make: string, model: string): CatalogueModel | undefined {
  const m = make.toLowerCase();
  const n = model.toLowerCase();
  return CATALOGUE.find((entry) => entry.make.toLowerCase() === m && entry.model.toLowerCase() === n);
}

export function findTrim(model: CatalogueModel, trim: string): CatalogueTrim | undefined {
  const t = trim.toLowerCase();
  return model.trims.find((entry) => entry.name.toLowerCase() === t);
}

export function mileageFactor(mileage: number, age: number): number {
  const expected = Math.max(age, 1) * EXPECTED_MILES_PER_YEAR;
  return Math.min(1.12, Math.max(0.75, 1 - (0.18 * (mileage - expected)) / expected));
}

/** Retail value in dollars of a catalogued car in average condition, before region. */
export function retailDollars(
  model: CatalogueModel,
  trim: CatalogueTrim,
  year: number,
  mileage: number,
  currentYear: number,
): number {
  const sticker = ((trim.msrp[0] + trim.msrp[1]) / 2) * 1.025 ** (year - currentYear);
  const age = Math.max(currentYear - year, 0);
  let value = sticker * 0.82 * 0.885 ** Math.max(age - 1, 0) * model.retention * mileageFactor(mileage, age);
  if (model.collectible && age >= 20) value = Math.max(value, sticker * 0.6);
  return value;
}

/** The offer in cents, or null when the catalogue does not know the car. */
export function offerCents(car: Valued, currentYear: number): number | null {
  const model = findModel(car.make, car.model);
  const trim = model && findTrim(model, car.trim);
  if (!model || !trim) return null;
  const dollars =
    retailDollars(model, trim, car.year, car.mileage, currentYear) *
    CONDITION_FACTOR[car.condition] *
    regionFactor(car.state) *
    WHOLESALE_SHARE;
  return Math.max(0, Math.floor(dollars / ROUND_TO_DOLLARS) * ROUND_TO_DOLLARS) * 100;
}

/** The catalogued makes by world manufacturer identifier (VIN characters 1-3). */
const MAKES_BY_WMI = new Map<string, string>();
for (const entry of CATALOGUE) if (!MAKES_BY_WMI.has(entry.wmi)) MAKES_BY_WMI.set(entry.wmi, entry.make);

export function makeForWmi(wmi: string): string | null {
  return MAKES_BY_WMI.get(wmi) ?? null;
}

/** A model with the trims it was offered with in a model year (the catalogue's own rule, as the seed uses it). */
function soldTrims(model: CatalogueModel, year: number): { model: string; trims: string[] } {
  return {
    model: model.model,
    trims: model.trims.filter((trim) => trimOfferedIn(model, trim, year)).map((trim) => trim.name),
  };
}

/** Models of a make that were sold in a model year, with their trims, for the shopper to pick. */
export function modelsFor(make: string, year: number): Array<{ model: string; trims: string[] }> {
  return CATALOGUE.filter((entry) => entry.make === make && modelSoldIn(entry, year)).map((entry) =>
    soldTrims(entry, year),
  );
}

/**
 * Models of a VIN's manufacturer code (several models can share one), else of its make. When the
 * VIN's descriptor (characters 4-8) is the one this demo world gives a model and trim (the
 * seeded inventory's and the sandbox registry's VINs), the VIN decodes to that model alone, as a
 * manufacturer's decoder would.
 */
export function modelsForVin(
  wmi: string,
  make: string,
  year: number,
  descriptor?: string,
): Array<{ model: string; trims: string[] }> {
  const byWmi = CATALOGUE.filter((entry) => entry.wmi === wmi && modelSoldIn(entry, year));
  const decoded =
    descriptor === undefined
      ? undefined
      : byWmi.find((entry) =>
          entry.trims.some(
            (trim) => trimOfferedIn(entry, trim, year) && descriptorFor(entry, trim.name) === descriptor,
          ),
        );
  if (decoded) return [soldTrims(decoded, year)];
  if (byWmi.length > 0) return byWmi.map((entry) => soldTrims(entry, year));
  return modelsFor(make, year);
}
