import { z } from 'zod';
import {
  BODY_STYLES,
  COLOR_NAMES,
  COMPARE_LIMIT,
  PRICE_GUIDES,
  SEARCH_SORTS,
  SIMILAR_LIMIT,
  SUGGESTIONS_LIMIT,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  ZIP_PATTERN,
} from './inventory-query';

// Inventory schemas; the constants and the search-query parser live in inventory-query.ts (no zod).
export * from './inventory-query';

export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);

/** What the query looks like once applied (the response echoes it). */
export const searchQuerySchema = z.object({
  make: z.string().optional(),
  model: z.string().optional(),
  trim: z.string().optional(),
  yearMin: z.number().int().optional(),
  yearMax: z.number().int().optional(),
  priceMin: z.number().int().min(0).optional(),
  priceMax: z.number().int().min(0).optional(),
  mileageMax: z.number().int().min(0).optional(),
  type: z.array(vehicleTypeSchema),
  bodyStyle: z.array(z.enum(BODY_STYLES)),
  color: z.array(z.enum(COLOR_NAMES)),
  zip: z.string().regex(ZIP_PATTERN).optional(),
  distance: z.number().int().min(1).optional(),
  sort: z.enum(SEARCH_SORTS),
  page: z.number().int().min(1),
  after: z.string().optional(),
  before: z.string().optional(),
});

// ---------------------------------------------------------------------------------------
// Vehicles

/**
 * A dealer photo the pipeline stored (server/inventory/photos): AVIF and WebP `srcset`s over the
 * widths kept, the middle WebP as `src`, the largest for the full-screen view, the size, and a
 * blurred placeholder as a data: URL.
 */
export const vehiclePhotoSchema = z.object({
  src: z.string(),
  avif: z.string(),
  webp: z.string(),
  full: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});
export type VehiclePhoto = z.infer<typeof vehiclePhotoSchema>;

/** The search results card (seed 001 §3 "Vehicle card", the inventory part of it). */
export const vehicleCardSchema = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  mileage: z.number().int().min(0),
  type: vehicleTypeSchema,
  msrp: z.number().int().min(0),
  incentivesTotal: z.number().int().min(0),
  price: z.number().int().min(0),
  status: z.enum(VEHICLE_STATUSES),
  primaryColor: z.string(),
  secondaryColor: z.string().nullable(),
  bodyStyle: z.string(),
  imageUrl: z.string(),
  /** The first dealer photo once stored; without one the card shows the drawn `imageUrl`. */
  photo: vehiclePhotoSchema.nullable().optional(),
  /** Miles from the shopper's zip; null without a (known) zip. */
  distance: z.number().int().min(0).nullable(),
  priceGuide: z.enum(PRICE_GUIDES).nullable(),
  dealerZip: z.string(),
});
export type VehicleCard = z.infer<typeof vehicleCardSchema>;

export const vehicleDetailSchema = vehicleCardSchema.extend({
  /** The dealer's stored photos in feed order; the drawn views when it has none. */
  gallery: z.array(z.object({ url: z.string(), alt: z.string(), photo: vehiclePhotoSchema.optional() })).min(1),
  specs: z.object({
    bodyStyle: z.string(),
    drivetrain: z.string(),
    engine: z.string(),
    transmission: z.string(),
    fuelType: z.string(),
    mpgCity: z.number().int().nullable(),
    mpgHighway: z.number().int().nullable(),
    seats: z.number().int(),
    exteriorColor: z.string(),
  }),
  features: z.array(z.string()),
  /** What makes up the price; `savings` is msrp minus price when positive (new vehicles). */
  priceDetails: z.object({
    msrp: z.number().int().min(0),
    incentivesTotal: z.number().int().min(0),
    price: z.number().int().min(0),
    savings: z.number().int().min(0),
  }),
  dealer: z.object({ zip: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  listedAt: z.iso.datetime({ offset: true }),
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

// ---------------------------------------------------------------------------------------
// Search response

const facetValueSchema = z.object({ value: z.string(), count: z.number().int().min(0) });
export type FacetValue = z.infer<typeof facetValueSchema>;
const rangeSchema = z.object({ min: z.number().int(), max: z.number().int() }).nullable();

/**
 * Counts for each filter. A facet counts the vehicles that match every other filter, so a
 * shopper sees what choosing another value would give; a chosen value is listed even at 0.
 * `model` is filled only once a make is chosen. `year` and `price` span the current results.
 */
export const searchFacetsSchema = z.object({
  make: z.array(facetValueSchema),
  model: z.array(facetValueSchema),
  bodyStyle: z.array(facetValueSchema),
  type: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  year: rangeSchema,
  price: rangeSchema,
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResponseSchema = z.object({
  data: z.object({
    vehicles: z.array(vehicleCardSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalPages: z.number().int().min(0),
    sort: z.enum(SEARCH_SORTS),
    /** The filters actually applied, after dropping what made no sense. */
    query: searchQuerySchema,
    /** Keyset cursors for the next and previous pages' links (absent at either end). */
    cursors: z.object({ next: z.string().optional(), previous: z.string().optional() }).optional(),
    facets: searchFacetsSchema,
  }),
});
export type SearchResult = z.infer<typeof searchResponseSchema>['data'];

// ---------------------------------------------------------------------------------------
// Suggestions: GET suggestions?q=…; each entry is a title plus the search query it stands for.

export const suggestionSchema = z.object({
  title: z.string(),
  make: z.string(),
  model: z.string().optional(),
  trim: z.string().optional(),
  yearMin: z.number().int().optional(),
  yearMax: z.number().int().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsResponseSchema = z.object({ data: z.array(suggestionSchema).max(SUGGESTIONS_LIMIT) });

// ---------------------------------------------------------------------------------------
// Details, similar vehicles, compare

export const vehicleResponseSchema = z.object({ data: vehicleDetailSchema });
export const similarVehiclesResponseSchema = z.object({ data: z.array(vehicleCardSchema).max(SIMILAR_LIMIT) });

/** GET compare?vin=…&vin=… (or vin=A,B): the first COMPARE_LIMIT distinct VINs, in the order given. */
export const compareResponseSchema = z.object({
  data: z.object({
    limit: z.number().int(),
    /** The vehicles that still exist, sold ones included (with status Sold). */
    vehicles: z.array(vehicleDetailSchema).max(COMPARE_LIMIT),
    /** Asked-for vehicles that can no longer be bought: sold, or gone from the inventory. */
    unavailable: z.array(z.object({ vin: z.string(), reason: z.enum(['Sold', 'NotFound']) })),
    /** VINs left out: beyond the limit, repeated or malformed. */
    ignored: z.array(z.string()),
  }),
});
export type CompareResult = z.infer<typeof compareResponseSchema>['data'];

// ---------------------------------------------------------------------------------------
// Favourites (sign-in needed): POST favorites/{vin} adds, DELETE favorites/{vin} removes.
// A sold vehicle cannot be added (409 error.favorite.sold); removing one is always allowed.

export const favoriteToggleResponseSchema = z.object({
  data: z.object({ vin: z.string(), favorite: z.boolean(), count: z.number().int().min(0) }),
});
export const favoriteVehiclesResponseSchema = z.object({ data: z.array(vehicleCardSchema) });

export const INVENTORY_ERRORS = {
  vehicleNotFound: 'error.vehicle.notFound',
  favoriteSold: 'error.favorite.sold',
  favoriteLimit: 'error.favorite.limitReached',
} as const;
