import { zipFormSchema, ZIP_MESSAGES } from './zip';

// The server's half of the zip schema: a zip must also name a place, or distances cannot be
// measured from it (seed 002 §8, "Geocode"). The zip table is large, so it loads on first use.

type ZipTable = { lookup(zip: string): { country: string } | undefined };

let table: Promise<ZipTable> | undefined;

function loadTable(): Promise<ZipTable> {
  table ??= import('zipcodes').then((module) => module.default ?? module);
  return table;
}

export async function isKnownZip(zip: string): Promise<boolean> {
  const place = (await loadTable()).lookup(zip);
  return place !== undefined && place.country === 'US';
}

export const serverZipFormSchema = zipFormSchema.superRefine(async ({ zip }, ctx) => {
  // Only a well-formed zip is looked up; a malformed one already has its message.
  if (typeof zip !== 'string' || !/^\d{5}$/.test(zip)) return;
  if (!(await isKnownZip(zip))) ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_MESSAGES.unknown });
});
