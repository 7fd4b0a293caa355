// The `zipcodes` package ships no types; this covers the part server/inventory/geo.ts uses.
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
  const zipcodes: { lookup: typeof lookup; distance: typeof distance };
  export default zipcodes;
}
