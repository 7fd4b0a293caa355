import { COMPARE_LIMIT, normalizeVin } from './contract/inventory-query';

// The vehicles a shopper is comparing. The storefront keeps no state of its own, so the list
// lives in a cookie (compare.server.ts) and, for a shared link, in the URL (/compare?vin=…).
// Everything here is pure: the list in, the list out.

export { COMPARE_LIMIT };

export const COMPARE_PATH = '/compare';

export const COMPARE_MESSAGES = {
  limit: `You can compare up to ${COMPARE_LIMIT} vehicles. Remove one to add another.`,
  /** Seed 002 §8, "Comparison". */
  unavailable: 'One or more vehicles are no longer available.',
  requestError: "Sorry, we couldn't load your comparison. Please try again.",
} as const;

/** VINs from a cookie value or query values: valid ones only, each once, at most the limit. */
export function readCompareList(values: readonly string[] | string | null | undefined): string[] {
  const raw = values == null ? [] : typeof values === 'string' ? [values] : values;
  const vins: string[] = [];
  for (const value of raw) {
    for (const part of value.split(/[.,]/)) {
      const vin = normalizeVin(part);
      if (vin && !vins.includes(vin)) vins.push(vin);
      if (vins.length === COMPARE_LIMIT) return vins;
    }
  }
  return vins;
}

export function writeCompareList(vins: readonly string[]): string {
  return vins.join('.');
}

export type CompareChange = { ok: true; vins: string[] } | { ok: false; reason: 'limit' | 'invalid'; vins: string[] };

/** Adds a vehicle at the end; a full list is left as it is and says so. */
export function addToCompare(vins: readonly string[], rawVin: string): CompareChange {
  const vin = normalizeVin(rawVin);
  if (!vin) return { ok: false, reason: 'invalid', vins: [...vins] };
  if (vins.includes(vin)) return { ok: true, vins: [...vins] };
  if (vins.length >= COMPARE_LIMIT) return { ok: false, reason: 'limit', vins: [...vins] };
  return { ok: true, vins: [...vins, vin] };
}

export function removeFromCompare(vins: readonly string[], rawVin: string): CompareChange {
  const vin = normalizeVin(rawVin);
  if (!vin) return { ok: false, reason: 'invalid', vins: [...vins] };
  return { ok: true, vins: vins.filter((item) => item !== vin) };
}

/** The shareable link of a comparison. */
export function compareHref(vins: readonly string[]): string {
  if (vins.length === 0) return COMPARE_PATH;
  const params = new URLSearchParams();
  for (const vin of vins) params.append('vin', vin);
  return `${COMPARE_PATH}?${params}`;
}
