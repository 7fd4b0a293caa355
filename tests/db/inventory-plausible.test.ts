import { describe, expect, it } from 'vitest';
import { CATALOGUE, modelSoldIn, SEGMENTS, trimOfferedIn } from '../../server/db/seed-data/catalogue';
import {
  CPO_MILEAGE_LIMIT,
  HIGHEST_MILEAGE,
  mileageYears,
  residualValue,
  usedPriceBand,
} from '../../server/db/seed-data/depreciation';
import { generateInventory, trimsFor, type SeedVehicle } from '../../server/db/seed-data/inventory';
import { NOW, tenantById } from './fixtures';

// Issue 16 point 3: "the demo data has a 1988 F-150 King Ranch and a 2017 Model 3 at $7,395".
// Every vehicle the generator makes, over a whole inventory, is held to the catalogue's model
// years and trims, its segment's price band for its age, and a plausible mileage for its age.
// The facts below are general knowledge written here on their own, not read from the catalogue.

const CURRENT_YEAR = 2026;
const FIRST_YEARS: Record<string, number> = {
  'Tesla Model 3': 2017,
  'Tesla Model Y': 2020,
  'Tesla Cybertruck': 2024,
  'Ford Mustang Mach-E': 2021,
  'Ford Bronco': 2021,
  'Toyota GR86': 2022,
  'Rivian R1T': 2022,
};
const FIRST_TRIM_YEARS: Record<string, Record<string, number>> = {
  'Ford F-150': { 'King Ranch': 2001, Platinum: 2009, Raptor: 2010, Tremor: 2021 },
  'Chevrolet Silverado 1500': { 'High Country': 2014, ZR2: 2022 },
  'Toyota Tacoma': { 'TRD Off-Road': 2005 },
  'Jeep Wrangler': { Rubicon: 2003, 'Rubicon 392': 2021 },
};
/** Model years that were never built. */
const SKIPPED: Record<string, number[]> = {
  'Ford F-150': [],
  'Chevrolet Colorado': [2013, 2014],
  'Mazda MX-5 Miata': [1998],
  'Subaru BRZ': [2021],
  'Dodge Durango': [2010],
};

function name(vehicle: Pick<SeedVehicle, 'make' | 'model'>): string {
  return `${vehicle.make} ${vehicle.model}`;
}

const byName = new Map(CATALOGUE.map((model) => [name(model), model]));

function catalogueModel(vehicle: SeedVehicle) {
  const model = byName.get(name(vehicle));
  if (!model) throw new Error(`${name(vehicle)} is not in the catalogue`);
  return model;
}

function describeVehicle(vehicle: SeedVehicle): string {
  return `${vehicle.type} ${vehicle.year} ${name(vehicle)} ${vehicle.trim}, ${vehicle.mileage} mi, $${vehicle.priceCents / 100} (MSRP $${vehicle.msrpCents / 100})`;
}

/** Everything the issue asks of one vehicle; returns what is wrong with it, if anything. */
function problems(vehicle: SeedVehicle): string[] {
  const found: string[] = [];
  const model = catalogueModel(vehicle);
  const age = Math.max(CURRENT_YEAR - vehicle.year, 0);
  if (!modelSoldIn(model, vehicle.year)) found.push('model not sold that year');
  const trim = model.trims.find((candidate) => candidate.name === vehicle.trim);
  if (!trim) found.push('trim not in the catalogue');
  else if (!trimOfferedIn(model, trim, vehicle.year)) found.push('trim not offered that year');
  if ((FIRST_YEARS[name(vehicle)] ?? 0) > vehicle.year) found.push('before the model existed');
  if ((FIRST_TRIM_YEARS[name(vehicle)]?.[vehicle.trim] ?? 0) > vehicle.year) found.push('before the trim existed');
  if (SKIPPED[name(vehicle)]?.includes(vehicle.year)) found.push('a model year never built');

  const price = vehicle.priceCents / 100;
  const msrp = vehicle.msrpCents / 100;
  if (vehicle.type === 'NEW') {
    if (price > msrp) found.push('new above its sticker');
    if (price < msrp * 0.85) found.push('new far below its sticker');
    if (vehicle.mileage >= 50) found.push('new with miles');
  } else {
    if (price >= msrp) found.push('used at or above its sticker new');
    const band = usedPriceBand(model.segment, age, msrp, model.collectible);
    // Listing prices are rounded to the next $100 less $5; certified ones can carry up to $1,000 of incentives.
    const incentives = vehicle.incentivesCents / 100;
    if (price < band.low - incentives - 100) found.push(`below its band (${Math.round(band.low)})`);
    if (price > band.high + 100) found.push(`above its band (${Math.round(band.high)})`);
    const years = mileageYears(age);
    const limit = vehicle.type === 'CPO' ? CPO_MILEAGE_LIMIT : HIGHEST_MILEAGE;
    // At least 3,000 miles a year (or 70% of the lot's limit), at most 23,000 a year.
    if (vehicle.mileage < Math.min(years * 3_000, limit * 0.7)) found.push('too few miles for its age');
    if (vehicle.mileage > Math.max(years * 23_000, 1_500) || vehicle.mileage > limit)
      found.push('too many miles for its age');
  }
  return found;
}

describe.each([2_000, 100_000])('a generated inventory of %i vehicles', (count) => {
  const inventory = generateInventory({ tenant: tenantById('default'), count, firstSerial: 0, now: NOW });

  it('is the same for the same seed', () => {
    const again = generateInventory({ tenant: tenantById('default'), count: 500, firstSerial: 0, now: NOW });
    expect(again).toEqual(inventory.slice(0, 500));
  });

  it('keeps year, make, model, trim, price and mileage plausible for every vehicle', () => {
    const wrong = inventory
      .map((vehicle) => ({ vehicle, found: problems(vehicle) }))
      .filter(({ found }) => found.length > 0)
      .map(({ vehicle, found }) => `${describeVehicle(vehicle)}: ${found.join(', ')}`);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('has no F-150 King Ranch before 2001 and no Model 3 before 2017 or under $10,000', () => {
    const kingRanch = inventory.filter((vehicle) => vehicle.model === 'F-150' && vehicle.trim === 'King Ranch');
    const model3 = inventory.filter((vehicle) => vehicle.model === 'Model 3');
    expect(kingRanch.length).toBeGreaterThan(0);
    expect(model3.length).toBeGreaterThan(0);
    expect(Math.min(...kingRanch.map((vehicle) => vehicle.year))).toBeGreaterThanOrEqual(2001);
    expect(Math.min(...model3.map((vehicle) => vehicle.year))).toBeGreaterThanOrEqual(2017);
    expect(Math.min(...model3.map((vehicle) => vehicle.priceCents))).toBeGreaterThanOrEqual(10_000_00);
  });
});

describe('the catalogue and the curves', () => {
  it('has models for every model year since 1981, and trims for every year a model was sold', () => {
    for (let year = 1981; year <= CURRENT_YEAR + 1; year++) {
      const models = CATALOGUE.filter((model) => trimsFor(model, year).length > 0);
      expect(models.length, String(year)).toBeGreaterThan(year < 1995 ? 5 : 20);
    }
    for (const model of CATALOGUE) {
      for (let year = model.years[0]; year <= (model.years[1] ?? CURRENT_YEAR + 1); year++) {
        if (modelSoldIn(model, year)) expect(trimsFor(model, year).length, `${name(model)} ${year}`).toBeGreaterThan(0);
      }
      for (const trim of model.trims) {
        if (trim.since !== undefined)
          expect(trim.since, `${name(model)} ${trim.name}`).toBeGreaterThanOrEqual(model.years[0]);
        if (trim.until !== undefined) expect(trim.until).toBeGreaterThanOrEqual(trim.since ?? model.years[0]);
      }
      expect(SEGMENTS).toContain(model.segment);
    }
  });

  it('loses value the way the market does: half or so in five years, pickups keep more than luxury cars', () => {
    for (const segment of SEGMENTS) {
      expect(residualValue(segment, 0)).toBe(1);
      expect(residualValue(segment, 1)).toBeGreaterThan(0.7);
      expect(residualValue(segment, 1)).toBeLessThan(0.9);
      expect(residualValue(segment, 5)).toBeGreaterThan(0.35);
      expect(residualValue(segment, 5)).toBeLessThan(0.65);
      for (let age = 1; age < 45; age++) {
        expect(residualValue(segment, age + 1)).toBeLessThanOrEqual(residualValue(segment, age));
      }
      expect(residualValue(segment, 45)).toBeGreaterThan(0);
    }
    expect(residualValue('pickup', 5)).toBeGreaterThan(residualValue('luxury car', 5));
    expect(residualValue('compact SUV', 5)).toBeGreaterThan(residualValue('EV', 5));
    // A collectible sports car stops losing value once it is old.
    expect(residualValue('sports car', 30, true)).toBe(residualValue('sports car', 15, true));
  });

  it('prices a new vehicle near its sticker and never lists a used one above it', () => {
    const inventory = generateInventory({ tenant: tenantById('north'), count: 3_000, firstSerial: 0, now: NOW });
    const newOnes = inventory.filter((vehicle) => vehicle.type === 'NEW');
    const ratio = newOnes.map((vehicle) => vehicle.priceCents / vehicle.msrpCents).sort((a, b) => a - b);
    expect(ratio[Math.floor(ratio.length / 2)]).toBeGreaterThan(0.95);
    for (const vehicle of inventory.filter((candidate) => candidate.type !== 'NEW')) {
      expect(vehicle.priceCents, describeVehicle(vehicle)).toBeLessThan(vehicle.msrpCents);
    }
  });
});
