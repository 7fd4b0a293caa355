// One row of a dealer's inventory feed: the columns dealers export from their inventory
// systems, read from CSV (every cell a string) or JSON (numbers and arrays allowed too), checked
// with zod, and turned into the columns of `vehicles`. Each problem names its column, so the
// report can say "row 12, column price: must be a price in dollars".
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { normalizeVin } from '../../../app/lib/contract/inventory';
import { vinCheckDigit } from '../../../app/lib/shared/vin';
import { LOCAL_PHOTO_REFERENCE } from './local-photo-reference';
import { BODY_STYLES, type BodyStyle } from '../../../app/lib/shared/vehicle-art';
import { colourFamily } from './colour-families';

/** The columns a feed has (CSV header names; JSON keys), in the order of the sample feed. */
export const FEED_COLUMNS = [
  'vin',
  'stock_number',
  'year',
  'make',
  'model',
  'trim',
  'body',
  'colors',
  'mileage',
  'type',
  'msrp',
  'price',
  'incentives',
  'options',
  'photo_urls',
  'dealer_zip',
  'status',
  // Optional: what the vehicle page lists under Specifications.
  'drivetrain',
  'engine',
  'transmission',
  'fuel_type',
  'seats',
  'mpg_city',
  'mpg_highway',
] as const;
export type FeedColumn = (typeof FEED_COLUMNS)[number];

/** Other names dealers' systems give these columns. */
const ALIASES: Record<string, FeedColumn> = {
  stock: 'stock_number',
  stock_no: 'stock_number',
  stocknumber: 'stock_number',
  model_year: 'year',
  body_style: 'body',
  bodystyle: 'body',
  color: 'colors',
  colours: 'colors',
  colour: 'colors',
  exterior_color: 'colors',
  exterior_colour: 'colors',
  odometer: 'mileage',
  miles: 'mileage',
  condition: 'type',
  new_used: 'type',
  list_price: 'msrp',
  sale_price: 'price',
  selling_price: 'price',
  rebates: 'incentives',
  features: 'options',
  photos: 'photo_urls',
  images: 'photo_urls',
  image_urls: 'photo_urls',
  zip: 'dealer_zip',
  dealer_postal_code: 'dealer_zip',
  fuel: 'fuel_type',
};

/** A header cell as a column name: lower case, words joined by underscores, aliases resolved. */
export function columnOf(header: string): FeedColumn | null {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  if ((FEED_COLUMNS as readonly string[]).includes(key)) return key as FeedColumn;
  return ALIASES[key] ?? null;
}

export const MAX_PHOTOS = 40;
export const MAX_OPTIONS = 100;

const BODY_SYNONYMS: Record<string, BodyStyle> = {
  pickup: 'truck',
  'pickup truck': 'truck',
  crew_cab: 'truck',
  'sport utility': 'suv',
  crossover: 'suv',
  van: 'minivan',
  'passenger van': 'minivan',
  hatch: 'hatchback',
  cabriolet: 'convertible',
  estate: 'wagon',
};

const SEATS_BY_BODY: Record<BodyStyle, number> = {
  sedan: 5,
  suv: 5,
  truck: 5,
  coupe: 4,
  hatchback: 5,
  minivan: 7,
  convertible: 4,
  wagon: 5,
};
const NOT_LISTED = 'Not listed';

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const requiredText = (max: number) =>
  z.preprocess(
    trimmed,
    z.string({ error: 'is required' }).min(1, 'is required').max(max, `must be at most ${max} characters`),
  );
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : trimmed(value)),
    z.string().max(max, `must be at most ${max} characters`).optional(),
  );

const toNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.replace(/,/g, '').trim())) : value;

/** A whole number, "12,345" allowed. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(toNumber, z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The same, or an empty cell. */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (value === null ? undefined : toNumber(value)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** Dollars ("$31,995", "31995.00" or a JSON number) to integer cents. */
const dollars = (message: string, optional: boolean) =>
  z.preprocess(
    (value) => {
      if (blank(value)) return optional ? 0 : undefined;
      if (typeof value === 'number') return value;
      if (typeof value !== 'string') return value;
      const cleaned = value.replace(/[$,\s]/g, '');
      return /^-?\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    },
    z
      .number({ error: message })
      .min(0, { error: (issue) => `cannot be negative (${String(issue.input)}): a price is $0 or more` })
      .max(10_000_000, message)
      .refine(Number.isFinite, message)
      .transform((value) => Math.round(value * 100)),
  );

/** A list in one cell separated by `|` (or a JSON array). */
const list = (max: number, item: z.ZodType<string>, message: string) =>
  z.preprocess(
    (value) => {
      if (blank(value)) return [];
      if (Array.isArray(value)) return value.map(trimmed);
      return typeof value === 'string'
        ? value
            .split('|')
            .map((part) => part.trim())
            .filter(Boolean)
        : value;
    },
    z.array(item, { error: message }).max(max, `at most ${max} entries`),
  );

const isRemote = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An http(s) URL; with `localPhotos`, also a photo the command line stored from a file. */
const photoUrl = (localPhotos: boolean) =>
  z
    .string()
    .refine(
      (value) => isRemote(value) || (localPhotos && LOCAL_PHOTO_REFERENCE.test(value)),
      localPhotos
        ? 'each photo must be an http or https URL or a file path'
        : 'each photo must be an http or https URL',
    );

export function feedRowSchema(now: Date = new Date(), { localPhotos = false }: { localPhotos?: boolean } = {}) {
  const newestYear = now.getUTCFullYear() + 1;
  return z
    .object({
      vin: z.preprocess(
        (value) => (typeof value === 'string' ? (normalizeVin(value) ?? value) : value),
        z
          .string({ error: 'is required' })
          .refine((value) => normalizeVin(value) === value, 'must be a 17-character VIN (no I, O or Q)')
          .refine(
            (value) => normalizeVin(value) !== value || !/^[1-5]/.test(value) || vinCheckDigit(value) === value[8],
            'has a wrong check digit (position 9) for a North American VIN: check it for a typo',
          ),
      ),
      stock_number: optionalText(40),
      year: wholeNumber(1900, newestYear, `must be a model year from 1900 to ${newestYear}`),
      make: requiredText(60),
      model: requiredText(60),
      trim: requiredText(60),
      body: z.preprocess(
        (value) => {
          if (typeof value !== 'string') return value;
          const key = value.trim().toLowerCase();
          return BODY_SYNONYMS[key] ?? key;
        },
        z.enum(BODY_STYLES, { error: `must be one of ${BODY_STYLES.join(', ')}` }),
      ),
      // The dealer's own paint names, one or two separated by /: kept for display, each mapped to
      // its colour family for the filters ("other" when the dictionary does not know it).
      colors: z.preprocess(
        (value) =>
          typeof value === 'string'
            ? value
                .split('/')
                .map((part) => part.trim())
                .filter(Boolean)
            : value,
        z
          .array(z.string().trim().min(1).max(60, 'must be a colour name of at most 60 characters'), {
            error: 'must name the colour (two separated by /)',
          })
          .min(1, 'is required')
          .max(2, 'at most two colours, separated by /')
          .transform((names) => ({ name: names.join(' / '), families: names.map(colourFamily) })),
      ),
      mileage: wholeNumber(0, 2_000_000, 'must be a whole number of miles'),
      type: z.preprocess(
        (value) => {
          if (typeof value !== 'string') return value;
          const key = value.trim().toUpperCase();
          return key === 'CERTIFIED' || key === 'CERTIFIED PRE-OWNED' ? 'CPO' : key === 'PRE-OWNED' ? 'USED' : key;
        },
        z.enum(['NEW', 'USED', 'CPO'], { error: 'must be NEW, USED or CPO' }),
      ),
      msrp: dollars('must be a price in dollars', true),
      price: dollars('must be a price in dollars', false).refine((cents) => cents > 0, 'must be more than $0'),
      incentives: dollars('must be an amount in dollars', true),
      options: list(MAX_OPTIONS, z.string().min(1).max(120), 'must be options separated by |'),
      photo_urls: list(MAX_PHOTOS, photoUrl(localPhotos), 'must be photo URLs separated by |'),
      dealer_zip: z.preprocess(
        trimmed,
        z.string({ error: 'is required' }).regex(/^\d{5}$/, 'must be a five-digit zip code'),
      ),
      status: z.preprocess(
        (value) => {
          if (blank(value)) return 'Available';
          if (typeof value !== 'string') return value;
          const key = value
            .trim()
            .toLowerCase()
            .replace(/[\s_-]+/g, '');
          return key === 'available' || key === 'instock'
            ? 'Available'
            : key === 'salepending' || key === 'pendingsale' || key === 'pending'
              ? 'PendingSale'
              : key === 'sold'
                ? 'Sold'
                : value;
        },
        z.enum(['Available', 'PendingSale', 'Sold'], { error: 'must be Available, Sale Pending or Sold' }),
      ),
      drivetrain: optionalText(40),
      engine: optionalText(80),
      transmission: optionalText(60),
      fuel_type: optionalText(40),
      seats: optionalWholeNumber(1, 20, 'must be a number of seats'),
      mpg_city: optionalWholeNumber(1, 300, 'must be a whole number'),
      mpg_highway: optionalWholeNumber(1, 300, 'must be a whole number'),
    })
    .superRefine((row, ctx) => {
      if (row.incentives > row.price && row.msrp === 0)
        ctx.addIssue({ code: 'custom', path: ['incentives'], message: 'cannot be more than the price' });
    });
}

export type FeedRow = z.output<ReturnType<typeof feedRowSchema>>;

/** What the report says about a row it could not take, or about one it took that looks wrong. */
export type RowProblem = { row: number; column: string; reason: string };

/** More miles than delivery and dealer moves put on a new car: the row is taken and flagged. */
export const NEW_VEHICLE_MAX_MILES = 1_000;

/** What looks wrong in a row that is valid (issue 35 point 5): taken, and said in the report. */
export function rowWarnings(row: FeedRow): Array<Omit<RowProblem, 'row'>> {
  const warnings: Array<Omit<RowProblem, 'row'>> = [];
  if (row.type === 'NEW' && row.mileage > NEW_VEHICLE_MAX_MILES)
    warnings.push({
      column: 'mileage',
      reason: `a NEW vehicle with ${row.mileage.toLocaleString('en-US')} miles: is it USED or CPO, or is the mileage a typo?`,
    });
  return warnings;
}

/** The `vehicles` columns a feed row sets (not the tenant, the hold or created_at). */
export function toVehicleValues(row: FeedRow) {
  return {
    vin: row.vin,
    stockNumber: row.stock_number ?? null,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    bodyStyle: row.body,
    primaryColor: row.colors.families[0]!,
    secondaryColor: row.colors.families[1] ?? null,
    colorName: row.colors.name,
    mileage: row.mileage,
    type: row.type,
    msrpCents: row.msrp,
    incentivesCents: row.incentives,
    priceCents: row.price,
    status: row.status,
    drivetrain: row.drivetrain ?? NOT_LISTED,
    engine: row.engine ?? NOT_LISTED,
    transmission: row.transmission ?? NOT_LISTED,
    fuelType: row.fuel_type ?? NOT_LISTED,
    seats: row.seats ?? SEATS_BY_BODY[row.body],
    mpgCity: row.mpg_city ?? null,
    mpgHighway: row.mpg_highway ?? null,
    features: row.options,
    photoUrls: row.photo_urls,
    dealerZip: row.dealer_zip,
  };
}

export type VehicleValues = ReturnType<typeof toVehicleValues> & { feedHash: string };

/** The row's values with a hash of them: the same row imported again is recognised as unchanged. */
export function withHash(values: ReturnType<typeof toVehicleValues>): VehicleValues {
  const feedHash = createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 32);
  return { ...values, feedHash };
}
