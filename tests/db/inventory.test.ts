import { describe, expect, it } from 'vitest';
import { BODY_STYLES, COLORS } from '../../app/lib/shared/vehicle-art';
import { CATALOGUE } from '../../server/db/seed-data/catalogue';
import { generateInventory, INVENTORY_MIX, shareOut } from '../../server/db/seed-data/inventory';
import { CURATED_NEARBY_ZIPS, dealerZips, zipExists } from '../../server/db/seed-data/zips';
import { isValidVin } from '../../server/db/seed-data/vin';
import { NOW, tenantById } from './fixtures';

const COUNT = 4_000;

describe('inventory generator', () => {
  const inventory = generateInventory({ tenant: tenantById('default'), count: COUNT, firstSerial: 0, now: NOW });

  it('gives the same vehicles for the same input, and others for another seed', () => {
    const again = generateInventory({ tenant: tenantById('default'), count: COUNT, firstSerial: 0, now: NOW });
    expect(again).toEqual(inventory);
    const other = generateInventory({
      tenant: tenantById('default'),
      count: 50,
      firstSerial: 0,
      now: NOW,
      seed: 'another',
    });
    expect(other.map((vehicle) => vehicle.vin)).not.toEqual(inventory.slice(0, 50).map((vehicle) => vehicle.vin));
  });

  it('writes valid, unique VINs that carry the model year', () => {
    expect(inventory.every((vehicle) => isValidVin(vehicle.vin))).toBe(true);
    expect(new Set(inventory.map((vehicle) => vehicle.vin)).size).toBe(COUNT);
    const yearCodes: Record<number, string> = { 2026: 'T', 2027: 'V', 2020: 'L' };
    for (const vehicle of inventory.filter((candidate) => yearCodes[candidate.year])) {
      expect(vehicle.vin[9]).toBe(yearCodes[vehicle.year]);
    }
  });

  it('keeps new vehicles new and every vehicle within the tenant limits', () => {
    for (const vehicle of inventory) {
      if (vehicle.type === 'NEW') {
        expect(vehicle.mileage).toBeLessThan(50);
        expect([2026, 2027]).toContain(vehicle.year);
      } else if (vehicle.type === 'CPO') {
        expect(2026 - vehicle.year).toBeGreaterThanOrEqual(1);
        expect(2026 - vehicle.year).toBeLessThanOrEqual(6);
      } else {
        expect(2026 - vehicle.year).toBeGreaterThanOrEqual(7);
      }
      expect(2026 - vehicle.year).toBeLessThanOrEqual(50);
      expect(vehicle.mileage).toBeLessThan(900_000);
    }
    const compact = generateInventory({ tenant: tenantById('compact'), count: 1_500, firstSerial: 0, now: NOW });
    for (const vehicle of compact) {
      expect(2026 - vehicle.year).toBeLessThanOrEqual(8);
      expect(vehicle.mileage).toBeLessThan(60_000);
    }
  });

  it('prices in whole cents, with incentives mostly on new vehicles and a price guide on a share', () => {
    for (const vehicle of inventory) {
      for (const cents of [vehicle.msrpCents, vehicle.incentivesCents, vehicle.priceCents])
        expect(Number.isInteger(cents)).toBe(true);
      expect(vehicle.priceCents).toBeGreaterThan(0);
      if (vehicle.type === 'USED') expect(vehicle.incentivesCents).toBe(0);
      if (vehicle.type === 'NEW') expect(vehicle.priceCents).toBeLessThanOrEqual(vehicle.msrpCents);
    }
    const share = (predicate: (vehicle: (typeof inventory)[number]) => boolean) =>
      inventory.filter(predicate).length / COUNT;
    const newOnes = inventory.filter((vehicle) => vehicle.type === 'NEW');
    const withIncentive = newOnes.filter((vehicle) => vehicle.incentivesCents > 0).length / newOnes.length;
    expect(withIncentive).toBeGreaterThan(0.5);
    expect(withIncentive).toBeLessThan(0.9);
    expect(share((vehicle) => vehicle.priceGuide !== null)).toBeGreaterThan(0.15);
    expect(share((vehicle) => vehicle.priceGuide !== null)).toBeLessThan(0.5);
    expect(share((vehicle) => vehicle.priceGuide === 'GREAT_PRICE')).toBeGreaterThan(0.01);
  });

  it('follows the intended mix of types, statuses and colours', () => {
    const share = (predicate: (vehicle: (typeof inventory)[number]) => boolean) =>
      inventory.filter(predicate).length / COUNT;
    expect(share((vehicle) => vehicle.type === 'NEW')).toBeCloseTo(INVENTORY_MIX.NEW, 1);
    expect(share((vehicle) => vehicle.type === 'CPO')).toBeCloseTo(INVENTORY_MIX.CPO, 1);
    expect(share((vehicle) => vehicle.status === 'Sold')).toBeCloseTo(0.03, 1);
    expect(share((vehicle) => vehicle.status === 'PendingSale')).toBeCloseTo(0.02, 1);
    expect(share((vehicle) => vehicle.secondaryColor !== null)).toBeCloseTo(0.15, 1);
    for (const vehicle of inventory) {
      expect(Object.keys(COLORS)).toContain(vehicle.primaryColor);
      if (vehicle.secondaryColor) {
        expect(Object.keys(COLORS)).toContain(vehicle.secondaryColor);
        expect(vehicle.secondaryColor).not.toBe(vehicle.primaryColor);
      }
      expect(BODY_STYLES).toContain(vehicle.bodyStyle);
      expect(vehicle.features.length).toBeGreaterThan(0);
      expect(vehicle.seats).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(inventory.map((vehicle) => vehicle.bodyStyle))).toEqual(new Set(BODY_STYLES));
  });

  it('lists vehicles at the dealer zip and real zips nearby', () => {
    const zips = new Set(inventory.map((vehicle) => vehicle.dealerZip));
    expect(zips.has('78701')).toBe(true);
    expect(zips.size).toBeGreaterThan(2);
    for (const zip of zips) expect(zipExists(zip)).toBe(true);
    const springfield = dealerZips('62701');
    expect(springfield[0]).toBe('62701');
    expect(springfield.length).toBeGreaterThan(2);
    for (const zip of springfield) expect(zipExists(zip)).toBe(true);
    for (const [home, nearby] of Object.entries(CURATED_NEARBY_ZIPS)) {
      for (const zip of [home, ...nearby]) expect(zipExists(zip), zip).toBe(true);
    }
  });

  it('has a sane catalogue', () => {
    for (const model of CATALOGUE) {
      expect(BODY_STYLES, `${model.make} ${model.model}`).toContain(model.bodyStyle);
      expect(model.trims.length).toBeGreaterThan(0);
      for (const trim of model.trims) {
        expect(trim.msrp[0]).toBeLessThanOrEqual(trim.msrp[1]);
        if (trim.bodyStyle) expect(BODY_STYLES).toContain(trim.bodyStyle);
      }
    }
    expect(new Set(CATALOGUE.map((model) => `${model.make} ${model.model}`)).size).toBe(CATALOGUE.length);
  });

  it('shares a total out evenly', () => {
    expect(shareOut(10, 3)).toEqual([4, 3, 3]);
    expect(shareOut(9, 3)).toEqual([3, 3, 3]);
    expect(shareOut(0, 2)).toEqual([0, 0]);
    expect(shareOut(5, 0)).toEqual([]);
  });
});
