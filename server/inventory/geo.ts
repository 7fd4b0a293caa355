// Zip codes to places and distances. The `zipcodes` table is about 5 MB of JavaScript, so it
// is loaded on first use, not when the process starts.
import type { ZipCode } from 'zipcodes';

type ZipTable = { lookup(zip: string): ZipCode | undefined };

let table: Promise<ZipTable> | undefined;

function loadTable(): Promise<ZipTable> {
  table ??= import('zipcodes').then((module) => (module.default ?? module) as ZipTable);
  return table;
}

export type Place = { zip: string; latitude: number; longitude: number; city: string; state: string };

/** The place of a 5-digit US zip code, or null when the code is unknown. */
export async function lookupZip(zip: string): Promise<Place | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const found = (await loadTable()).lookup(zip);
  if (!found || found.country !== 'US') return null;
  return { zip, latitude: found.latitude, longitude: found.longitude, city: found.city, state: found.state };
}

const EARTH_RADIUS_MILES = 3958.7613;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in miles (haversine), rounded to a whole mile. */
export function milesBetween(
  a: Pick<Place, 'latitude' | 'longitude'>,
  b: Pick<Place, 'latitude' | 'longitude'>,
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h))));
}

/**
 * Miles from the shopper's zip to each dealer zip. A tenant has a handful of dealer zips, so
 * the distance filter and sort become `dealer_zip IN (…)` and a CASE over these few values.
 * Dealer zips the table does not know are left out (their vehicles show no distance).
 */
export async function distancesFrom(shopper: Place, dealerZips: readonly string[]): Promise<Map<string, number>> {
  const distances = new Map<string, number>();
  for (const dealerZip of dealerZips) {
    const dealer = await lookupZip(dealerZip);
    if (dealer) distances.set(dealerZip, milesBetween(shopper, dealer));
  }
  return distances;
}
