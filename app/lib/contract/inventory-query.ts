import { BODY_STYLES, COLORS, type BodyStyle, type ColorName } from '../shared/vehicle-art';
import { keysOf } from '../shared/guards';

// Inventory, the part without zod (so pages that only build search links ship no schema code):
// constants and the lenient search-query parser. `inventory.ts` re-exports all of it.
//
// Inventory: search, suggestions, vehicle details, similar vehicles, compare and favourites.
// Money is in whole US dollars here (the storefront shows prices without cents, seed 001 §5);
// the backend keeps cents and rounds once, when it answers.
//
// The search query comes from a URL the shopper can edit, so it is parsed leniently: a value
// that does not make sense is dropped (never an error), numbers are clamped, unknown enum
// values are ignored. Both the storefront (to build links) and the backend (which never
// trusts the storefront) run the same parser.

export const INVENTORY_PATHS = {
  search: '/api/inventory/search',
  suggestions: '/api/inventory/suggestions',
  vehicle: (vin: string) => `/api/inventory/vehicles/${encodeURIComponent(vin)}`,
  similar: (vin: string) => `/api/inventory/vehicles/${encodeURIComponent(vin)}/similar`,
  compare: '/api/inventory/compare',
  favoriteVehicles: '/api/favorites/vehicles',
  favorite: (vin: string) => `/api/favorites/${encodeURIComponent(vin)}`,
} as const;

export const SEARCH_PAGE_SIZE = 24;
/** Seed 001 §9: search suggestions shown, at most 10. */
export const SUGGESTIONS_LIMIT = 10;
export const SUGGESTION_QUERY_MAX_LENGTH = 100;
/** The compare view shows at most this many vehicles side by side. */
export const COMPARE_LIMIT = 4;
export const SIMILAR_LIMIT = 8;
/** A shopper can keep this many favourites; the badge shows 9+ above nine anyway. */
export const FAVORITES_LIMIT = 100;

export const VEHICLE_TYPES = ['NEW', 'CPO', 'USED'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Deleted vehicles never leave the backend, so the storefront only ever sees these three. */
export const VEHICLE_STATUSES = ['Available', 'PendingSale', 'Sold'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const PRICE_GUIDES = ['GOOD_PRICE', 'GREAT_PRICE'] as const;

export const COLOR_NAMES = keysOf(COLORS);
export { BODY_STYLES, type BodyStyle, type ColorName };

/** Price (High to Low) is the default (seed 001 §5, §9); distance needs the shopper's zip. */
export const SEARCH_SORTS = ['price-desc', 'price-asc', 'mileage-asc', 'year-desc', 'distance-asc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'price-desc';

/** The bounds numbers are clamped to. Years follow the inventory age limit (seed 001 §9: 50). */
export const SEARCH_LIMITS = {
  text: 60,
  priceMax: 10_000_000,
  mileageMax: 900_000,
  distanceMax: 3_000,
  page: 10_000,
  listValues: 12,
  ageYears: 50,
} as const;

const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const ZIP_PATTERN = /^\d{5}$/;

/** A VIN as the shopper may type it (any case, surrounding spaces); null when it cannot be one. */
export function normalizeVin(value: string): string | null {
  const vin = value.trim().toUpperCase();
  return VIN_PATTERN.test(vin) ? vin : null;
}

// ---------------------------------------------------------------------------------------
// Search request

export type SearchQuery = {
  make?: string;
  model?: string;
  trim?: string;
  yearMin?: number;
  yearMax?: number;
  /** Whole dollars. */
  priceMin?: number;
  priceMax?: number;
  mileageMax?: number;
  type: VehicleType[];
  bodyStyle: BodyStyle[];
  color: ColorName[];
  /** The shopper's zip: adds distances to the cards and allows the distance filter and sort. */
  zip?: string;
  /** Miles from `zip`; ignored without a zip. */
  distance?: number;
  sort: SearchSort;
  page: number;
  /**
   * Keyset cursors (issue 17 point 6): the page starts after (or ends before) the row the cursor
   * names, in `sort`. The next and previous links carry them; the server ignores one it cannot read.
   */
  after?: string;
  before?: string;
};

const CURSOR_PATTERN = /^[A-Za-z0-9_-]{8,400}$/;

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function readAll(input: QueryInput, key: string): string[] {
  if (input instanceof URLSearchParams) return input.getAll(key);
  const value = input[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function readText(input: QueryInput, key: string): string | undefined {
  const raw = readAll(input, key)[0];
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim().replace(/\s+/g, ' ');
  // Letters, digits, spaces and the punctuation model names use (F-150, 3 Series, Mercedes-Benz).
  if (!text || text.length > SEARCH_LIMITS.text || !/^[\p{L}\p{N} .&'/+-]+$/u.test(text)) return undefined;
  return text;
}

/**
 * A whole number within [min, max] ("$40,000" reads as 40000, a too-large one as max); a
 * negative number or anything else is dropped.
 */
function readInt(input: QueryInput, key: string, min: number, max: number): number | undefined {
  const raw = readAll(input, key)[0];
  if (typeof raw !== 'string') return undefined;
  const cleaned = raw.trim().replace(/[$,\s]/g, '');
  if (!/^\d{1,12}(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Math.floor(Number(cleaned));
  if (!Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, value));
}

/** Repeated (`type=NEW&type=CPO`) or comma-separated (`type=NEW,CPO`) values of one enum, case-insensitive. */
function readList<T extends string>(input: QueryInput, key: string, allowed: readonly T[]): T[] {
  const byLower = new Map(allowed.map((value) => [value.toLowerCase(), value]));
  const out: T[] = [];
  for (const raw of readAll(input, key).slice(0, SEARCH_LIMITS.listValues)) {
    if (typeof raw !== 'string') continue;
    for (const part of raw.split(',')) {
      const value = byLower.get(part.trim().toLowerCase());
      if (value && !out.includes(value)) out.push(value);
    }
  }
  return out;
}

function readEnum<T extends string>(input: QueryInput, key: string, allowed: readonly T[]): T | undefined {
  return readList(input, key, allowed)[0];
}

/**
 * Reads a search query from URL parameters without ever failing: whatever is not valid is
 * left out. `now` fixes the year bounds (the current model year plus one is allowed).
 */
export function parseSearchQuery(input: QueryInput, now: Date = new Date()): SearchQuery {
  const thisYear = now.getUTCFullYear();
  const oldest = thisYear - SEARCH_LIMITS.ageYears;
  const newest = thisYear + 1;
  let yearMin = readInt(input, 'yearMin', oldest, newest);
  let yearMax = readInt(input, 'yearMax', oldest, newest);
  if (yearMin !== undefined && yearMax !== undefined && yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  let priceMin = readInt(input, 'priceMin', 0, SEARCH_LIMITS.priceMax);
  let priceMax = readInt(input, 'priceMax', 0, SEARCH_LIMITS.priceMax);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  // A minimum of zero filters nothing; leave it out so links stay short.
  if (priceMin === 0) priceMin = undefined;

  const zipText = readAll(input, 'zip')[0]?.trim();
  const zip = zipText && ZIP_PATTERN.test(zipText) ? zipText : undefined;
  const distance = zip ? readInt(input, 'distance', 1, SEARCH_LIMITS.distanceMax) : undefined;
  let sort = readEnum(input, 'sort', SEARCH_SORTS) ?? DEFAULT_SEARCH_SORT;
  if (sort === 'distance-asc' && !zip) sort = DEFAULT_SEARCH_SORT;

  const make = readText(input, 'make');
  const query: SearchQuery = {
    make,
    // A trim means nothing without its model, nor a model without its make.
    model: make ? readText(input, 'model') : undefined,
    trim: undefined,
    yearMin,
    yearMax,
    priceMin,
    priceMax,
    mileageMax: readInt(input, 'mileageMax', 0, SEARCH_LIMITS.mileageMax),
    type: readList(input, 'type', VEHICLE_TYPES),
    bodyStyle: readList(input, 'bodyStyle', BODY_STYLES),
    color: readList(input, 'color', COLOR_NAMES),
    zip,
    distance,
    sort,
    page: readInt(input, 'page', 1, SEARCH_LIMITS.page) ?? 1,
  };
  const after = readAll(input, 'after')[0];
  const before = readAll(input, 'before')[0];
  if (after && CURSOR_PATTERN.test(after)) query.after = after;
  else if (before && CURSOR_PATTERN.test(before)) query.before = before;
  if (query.model) query.trim = readText(input, 'trim');
  return dropUndefined(query);
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of keysOf(value)) if (value[key] === undefined) delete value[key];
  return value;
}

/**
 * The query as URL parameters, leaving out defaults (sort price-desc, page 1) so links are
 * canonical. Pass `{ page }` or other overrides to build pagination and filter links.
 */
export function searchQueryToParams(query: SearchQuery, overrides: Partial<SearchQuery> = {}): URLSearchParams {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  const scalars = [
    'make',
    'model',
    'trim',
    'yearMin',
    'yearMax',
    'priceMin',
    'priceMax',
    'mileageMax',
    'zip',
    'distance',
  ] as const;
  for (const key of scalars) {
    const value = merged[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  for (const key of ['type', 'bodyStyle', 'color'] as const)
    for (const value of merged[key] ?? []) params.append(key, value);
  if (merged.sort && merged.sort !== DEFAULT_SEARCH_SORT) params.set('sort', merged.sort);
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  if (merged.after) params.set('after', merged.after);
  else if (merged.before) params.set('before', merged.before);
  return params;
}

/** The same parameters in the shape `callApi`'s `query` option takes. */
export function searchQueryToRecord(query: SearchQuery): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of searchQueryToParams(query)) {
    const existing = record[key];
    if (existing === undefined) record[key] = value;
    else record[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return record;
}
