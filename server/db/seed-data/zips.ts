import { createRequire } from 'node:module';

// zipcodes ships no types; declare the three calls we use.
type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
type Zipcodes = {
  lookup(zip: string): ZipRecord | undefined;
  radius(zip: string, miles: number): string[];
  distance(from: string, to: string): number | null;
};

let loaded: Zipcodes | undefined;
/** Loaded on first use: the package parses a large table, and a started server rarely seeds. */
function zipcodes(): Zipcodes {
  loaded ??= createRequire(import.meta.url)('zipcodes') as Zipcodes;
  return loaded;
}

/**
 * Neighbourhood and suburb zips near the demo dealers, chosen by hand so they are residential
 * (the package also lists PO-box-only and single-company zips). Each one is in `zipcodes`;
 * a test checks that.
 */
export const CURATED_NEARBY_ZIPS: Readonly<Record<string, readonly string[]>> = {
  // Austin, TX: South Congress, South Austin, Hyde Park, Pflugerville, Round Rock
  '78701': ['78704', '78745', '78751', '78660', '78664'],
  // Minneapolis, MN: Seward, Northeast, Bryn Mawr, Hopkins, Saint Paul (Roseville)
  '55401': ['55405', '55413', '55416', '55305', '55113'],
  // Madison, WI: East Side, West Side, Middleton, Verona, Sun Prairie
  '53703': ['53704', '53711', '53562', '53593', '53590'],
};

export function zipExists(zip: string): boolean {
  return zipcodes().lookup(zip)?.country === 'US';
}

/**
 * The dealer's own zip first, then a few real zips nearby. For a zip we have not curated,
 * the nearest zips of the same state within 25 miles, nearest first (ties by number).
 */
export function dealerZips(homeZip: string, count = 5): string[] {
  const curated = CURATED_NEARBY_ZIPS[homeZip];
  if (curated) return [homeZip, ...curated.slice(0, count)];
  const home = zipcodes().lookup(homeZip);
  if (!home) return [homeZip];
  const table = zipcodes();
  const nearby = table
    .radius(homeZip, 25)
    .filter((zip) => zip !== homeZip && table.lookup(zip)?.state === home.state)
    .map((zip) => ({ zip, miles: table.distance(homeZip, zip) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.miles - b.miles || a.zip.localeCompare(b.zip))
    .slice(0, count)
    .map((entry) => entry.zip);
  return [homeZip, ...nearby];
}
