// A small inventory with known counts for the inventory API tests. Years are absolute except
// the new vehicle's (this model year), so the tests read like the table below.
import { expect } from 'vitest';
import { tokensResponseSchema } from '~/lib/contract/identity';
import type { Database } from '#server/db/client';
import { vehicles } from '#server/db/schema';
import { clearInventoryCaches } from '#server/inventory/cache';
import { apiHeaders, type Harness } from './harness';

export const THIS_YEAR = new Date().getUTCFullYear();

type VehicleInput = Partial<typeof vehicles.$inferInsert> & { make: string; model: string; priceCents: number };

let serial = 0;

/** A valid-looking, unique VIN (17 characters, no I, O or Q). */
export function nextVin(prefix = '1FTEW1EP5'): string {
  serial += 1;
  return `${prefix}${String(serial).padStart(17 - prefix.length, '0')}`;
}

export async function insertVehicle(database: Database, input: VehicleInput & { tenantId?: string }) {
  const [row] = await database.db
    .insert(vehicles)
    .values({
      tenantId: 'default',
      vin: nextVin(),
      year: 2022,
      trim: 'Base',
      bodyStyle: 'sedan',
      primaryColor: 'white',
      mileage: 25_000,
      type: 'USED',
      msrpCents: input.priceCents + 500_000,
      dealerZip: '78701',
      drivetrain: 'FWD',
      engine: '2.5L I4',
      transmission: 'Automatic',
      fuelType: 'Gasoline',
      seats: 5,
      ...input,
    })
    .returning();
  clearInventoryCaches();
  return row!;
}

/**
 * The default tenant's stock. Listed (8): the first eight. Never listed: a sold Civic, a
 * deleted Corolla, a 1970 Bronco (older than the 50-year limit) and a Tacoma past the
 * 900,000-mile limit. Dealer zips: 78701 Austin, 78758 north Austin, 78664 Round Rock,
 * 77002 Houston, 75201 Dallas.
 */
export async function insertDefaultStock(database: Database) {
  const add = (input: VehicleInput) => insertVehicle(database, input);
  const stock = {
    camryLe: await add({
      make: 'Toyota',
      model: 'Camry',
      trim: 'LE',
      year: 2022,
      mileage: 30_000,
      priceCents: 2_400_000,
      primaryColor: 'white',
    }),
    camryXse: await add({
      make: 'Toyota',
      model: 'Camry',
      trim: 'XSE',
      year: 2024,
      type: 'CPO',
      mileage: 12_000,
      priceCents: 3_100_000,
      primaryColor: 'black',
    }),
    rav4Xle: await add({
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      year: 2023,
      bodyStyle: 'suv',
      mileage: 20_000,
      priceCents: 2_950_000,
      primaryColor: 'blue',
      dealerZip: '78758',
      priceGuide: 'GREAT_PRICE',
    }),
    rav4Limited: await add({
      make: 'Toyota',
      model: 'RAV4',
      trim: 'Limited',
      year: THIS_YEAR,
      bodyStyle: 'suv',
      type: 'NEW',
      mileage: 10,
      msrpCents: 4_000_000,
      incentivesCents: 100_000,
      priceCents: 3_800_000,
      primaryColor: 'red',
      secondaryColor: 'black',
      status: 'PendingSale',
    }),
    accord: await add({
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      year: 2021,
      mileage: 45_000,
      priceCents: 2_200_000,
      primaryColor: 'silver',
    }),
    crv: await add({
      make: 'Honda',
      model: 'CR-V',
      trim: 'Touring',
      year: 2022,
      bodyStyle: 'suv',
      mileage: 28_000,
      priceCents: 3_000_000,
      primaryColor: 'white',
      dealerZip: '75201',
    }),
    f150: await add({
      make: 'Ford',
      model: 'F-150',
      trim: 'XLT',
      year: 2020,
      bodyStyle: 'truck',
      mileage: 60_000,
      priceCents: 3_500_000,
      primaryColor: 'gray',
      dealerZip: '77002',
    }),
    mustang: await add({
      make: 'Ford',
      model: 'Mustang',
      trim: 'GT',
      year: 2019,
      bodyStyle: 'coupe',
      mileage: 40_000,
      priceCents: 3_300_000,
      primaryColor: 'red',
      dealerZip: '78664',
    }),
    civicSold: await add({
      make: 'Honda',
      model: 'Civic',
      trim: 'Sport',
      year: 2023,
      mileage: 9_000,
      priceCents: 2_100_000,
      status: 'Sold',
    }),
    corollaDeleted: await add({
      make: 'Toyota',
      model: 'Corolla',
      trim: 'LE',
      year: 2021,
      priceCents: 1_900_000,
      status: 'Deleted',
    }),
    broncoTooOld: await add({
      make: 'Ford',
      model: 'Bronco',
      trim: 'Classic',
      year: 1970,
      bodyStyle: 'suv',
      mileage: 120_000,
      priceCents: 6_500_000,
    }),
    tacomaTooFar: await add({
      make: 'Toyota',
      model: 'Tacoma',
      trim: 'SR',
      year: 2012,
      bodyStyle: 'truck',
      mileage: 950_000,
      priceCents: 900_000,
    }),
  };
  return stock;
}

export async function insertNorthsideStock(database: Database) {
  return {
    outback: await insertVehicle(database, {
      tenantId: 'northside',
      make: 'Subaru',
      model: 'Outback',
      trim: 'Premium',
      bodyStyle: 'wagon',
      priceCents: 2_700_000,
      dealerZip: '55401',
    }),
  };
}

export async function getJson(harness: Harness, path: string, tenantId = 'default', token?: string) {
  const response = await fetch(`${harness.url}${path}`, { headers: apiHeaders(tenantId, token) });
  return { status: response.status, body: (await response.json()) as unknown };
}

export async function signIn(harness: Harness, tenantId: string, email: string): Promise<string> {
  const response = await fetch(`${harness.url}/api/identity/sign-in`, {
    method: 'POST',
    headers: apiHeaders(tenantId),
    body: JSON.stringify({ email, password: 'Sup3r-secret!' }),
  });
  expect(response.status).toBe(200);
  return tokensResponseSchema.parse(await response.json()).data.identityToken;
}
