// The `zipcodes` package ships no types; this covers the part server/inventory/geo.ts and the
// storefront's zip checks (app/lib/search/zip.server.ts, app/lib/shared/validation/zip-check.server.ts) use.
declare module 'zipcodes' {
  export type ZipCode = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  export function lookup(zip: string | number): ZipCode | undefined;
  export function distance(zipA: string | number, zipB: string | number): number | null;
  export function lookupByName(city: string, state: string): ZipCode[];
  const zipcodes: { lookup: typeof lookup; distance: typeof distance; lookupByName: typeof lookupByName };
  export default zipcodes;
}
