import { APPLICANT_MESSAGES } from './applicant-messages';
import { US_STATES } from './address';
import { isRecord } from '../guards';

// Seed 002 §5 "State and zip": the state and the zip must match, the city and the zip must
// match, and a zip we do not serve is refused. Checked against the `zipcodes` table, which is
// about 5 MB of JavaScript, so it loads on first use (as in server/inventory/geo.ts).

type ZipPlace = { zip: string; city: string; state: string; country: string };
type ZipTable = {
  lookup(zip: string): ZipPlace | undefined;
  lookupByName(city: string, state: string): ZipPlace[];
};

let table: Promise<ZipTable> | undefined;

function loadTable(): Promise<ZipTable> {
  table ??= import('zipcodes').then((module) => module.default ?? module);
  return table;
}

export type ZipCheckProblem = { field: 'zip' | 'state' | 'city'; message: string };

/** Letters only, lower-cased, with the usual abbreviations spelled out: "St. Louis" is "saint louis". */
function normalizeCity(city: string): string {
  return city
    .toLowerCase()
    .replace(/\bst\.?\s/g, 'saint ')
    .replace(/\bft\.?\s/g, 'fort ')
    .replace(/\bmt\.?\s/g, 'mount ')
    .replace(/[^a-z]/g, '');
}

/**
 * Checks an address's zip against its state and city; null when they agree. Only a 5-digit zip
 * is looked up (a malformed one already has its message). The message goes under the zip.
 */
export async function checkAddressZip(address: {
  zip: string;
  state?: string | null;
  city?: string | null;
}): Promise<ZipCheckProblem | null> {
  if (!/^\d{5}$/.test(address.zip)) return null;
  const zips = await loadTable();
  const place = zips.lookup(address.zip);
  // Outside the 50 states and DC (territories, military mail) or unknown: not a zip we serve.
  if (!place || place.country !== 'US' || !(place.state in US_STATES)) {
    return { field: 'zip', message: APPLICANT_MESSAGES.zip.unsupported };
  }
  if (address.state && place.state !== address.state) {
    return { field: 'zip', message: APPLICANT_MESSAGES.zip.stateMismatch };
  }
  if (address.city) {
    const city = normalizeCity(address.city);
    if (normalizeCity(place.city) === city) return null;
    // A zip may serve several place names; the table lists one, so also accept any city of that state whose zips include it.
    const named = address.state ? zips.lookupByName(address.city.trim(), address.state) : [];
    if (!named.some((entry) => entry.zip === address.zip)) {
      return { field: 'zip', message: APPLICANT_MESSAGES.zip.cityMismatch };
    }
  }
  return null;
}

/**
 * The zip problems of every address in a step's answers, as conform `fieldErrors` keyed by the
 * field's name ('address.zip', 'coBuyer.address.zip', 'previousAddresses[0].zip').
 */
export async function zipFieldErrors(
  addresses: readonly {
    name: string;
    address: { zip: string; state?: string | null; city?: string | null } | null | undefined;
  }[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const checks = await Promise.all(addresses.map(({ address }) => (address ? checkAddressZip(address) : null)));
  checks.forEach((problem, index) => {
    if (problem) errors[`${addresses[index]!.name}.${problem.field}`] = [problem.message];
  });
  return errors;
}

type Address = { zip: string; state?: string | null; city?: string | null };

/** An address of parsed answers, or null where the step holds none (an optional one left out). */
function readAddress(value: unknown): Address | null {
  if (!isRecord(value) || typeof value.zip !== 'string') return null;
  const { zip, state, city } = value;
  return {
    zip,
    state: typeof state === 'string' ? state : null,
    city: typeof city === 'string' ? city : null,
  };
}

/** The addresses a step's parsed answers hold, with their conform names. */
export function addressesOf(step: string, answers: Record<string, unknown>) {
  const list: { name: string; address: Address | null | undefined }[] = [];
  if (step === 'personal') {
    list.push({ name: 'address', address: readAddress(answers.address) });
    const coBuyer = isRecord(answers.coBuyer) ? readAddress(answers.coBuyer.address) : null;
    if (coBuyer) list.push({ name: 'coBuyer.address', address: coBuyer });
  } else if (step === 'spouse') {
    list.push({ name: 'address', address: readAddress(answers.address) });
  } else if (step === 'housing') {
    const previous = Array.isArray(answers.previousAddresses) ? answers.previousAddresses : [];
    previous.forEach((address, index) =>
      list.push({ name: `previousAddresses[${index}]`, address: readAddress(address) }),
    );
  }
  return list;
}

/** Every zip check of one step's parsed answers. */
export async function checkStepZips(step: string, answers: Record<string, unknown>): Promise<Record<string, string[]>> {
  return zipFieldErrors(addressesOf(step, answers));
}
