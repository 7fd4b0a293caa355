// What every inventory answer shares: which rows a shopper may see, the columns of a card,
// and the one place cents become the whole dollars of the contract.
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { VehicleCard, VehicleDetail } from '../../app/lib/contract/inventory';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { qualified } from '../db/qualified';
import { photoJobs, vehicles } from '../db/schema';
import { readStoredPhoto, toVehiclePhoto } from './photos/jobs';
import type { StoredPhoto } from './photos/pipeline';
import { ART_VIEW_LABELS } from '../../app/lib/shared/vehicle-art';
import { vehicleArtViews, vehicleImageUrl } from './vehicle-art';

/**
 * Available and Sale Pending vehicles are listed; Sold ones only on their own page, in
 * favourites and in compare; Deleted ones never. The literal list (not parameters) lets the
 * planner match the partial `vehicles_listed_*` indexes.
 */
export const listedStatus: SQL = sql`${vehicles.status} in ('Available', 'PendingSale')`;

/** The tenant's own inventory limits (seed 001 §9: mileage 900,000, age 50 years); in code: app/lib/shared/tenant/limits.ts. */
export function withinTenantLimits(tenant: Tenant, now: Date = new Date()): SQL {
  return and(
    lte(vehicles.mileage, tenant.inventory.mileageLimit),
    gte(vehicles.year, now.getUTCFullYear() - tenant.inventory.ageLimit),
  )!;
}

/**
 * A vehicle a shopper may reach at all (its page, favourites, compare, a cart): this tenant's,
 * not deleted (a full feed marks what it no longer lists Deleted), within the tenant's limits.
 */
export function reachableFor(tenant: Tenant, now?: Date): SQL {
  return and(eq(vehicles.tenantId, tenant.id), sql`${vehicles.status} <> 'Deleted'`, withinTenantLimits(tenant, now))!;
}

/** Where a listing query starts: this tenant, listed, within its limits. */
export function listedFor(tenant: Tenant, now?: Date): SQL {
  return and(eq(vehicles.tenantId, tenant.id), listedStatus, withinTenantLimits(tenant, now))!;
}

/**
 * The tenant and its limits as placeholders, for a prepared statement (server/db/prepared.ts):
 * reachableFor and listedFor with `tenantLimits(tenant)` as the values.
 */
export const TENANT_LIMIT_PLACEHOLDERS = {
  tenantId: sql.placeholder('tenantId'),
  mileageLimit: sql.placeholder('mileageLimit'),
  oldestYear: sql.placeholder('oldestYear'),
};

const withinPlaceholderLimits = and(
  eq(vehicles.tenantId, TENANT_LIMIT_PLACEHOLDERS.tenantId),
  lte(vehicles.mileage, TENANT_LIMIT_PLACEHOLDERS.mileageLimit),
  gte(vehicles.year, TENANT_LIMIT_PLACEHOLDERS.oldestYear),
)!;

/** reachableFor, prepared: the values are `tenantLimits(tenant)`. */
export const reachablePrepared: SQL = and(sql`${vehicles.status} <> 'Deleted'`, withinPlaceholderLimits)!;

/** listedFor, prepared: the values are `tenantLimits(tenant)`. */
export const listedPrepared: SQL = and(listedStatus, withinPlaceholderLimits)!;

/** The values of TENANT_LIMIT_PLACEHOLDERS for this tenant (withinTenantLimits's rule). */
export function tenantLimits(tenant: Tenant, now: Date = new Date()) {
  return {
    tenantId: tenant.id,
    mileageLimit: tenant.inventory.mileageLimit,
    oldestYear: now.getUTCFullYear() - tenant.inventory.ageLimit,
  };
}

export const cardColumns = {
  vin: vehicles.vin,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  trim: vehicles.trim,
  mileage: vehicles.mileage,
  type: vehicles.type,
  msrpCents: vehicles.msrpCents,
  incentivesCents: vehicles.incentivesCents,
  priceCents: vehicles.priceCents,
  status: vehicles.status,
  primaryColor: vehicles.primaryColor,
  secondaryColor: vehicles.secondaryColor,
  bodyStyle: vehicles.bodyStyle,
  priceGuide: vehicles.priceGuide,
  dealerZip: vehicles.dealerZip,
  /** The first feed photo once the pipeline stored it (photo_jobs), else null: one index read a card. */
  coverPhoto: sql<unknown>`(select p.photo from ${photoJobs} p where p.tenant_id = ${qualified(vehicles.tenantId)}
    and p.source_url = ${qualified(vehicles.photoUrls)} ->> 0 and p.status = 'done')`.as('cover_photo'),
};

export type CardRow = {
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  mileage: number;
  type: VehicleCard['type'];
  msrpCents: number;
  incentivesCents: number;
  priceCents: number;
  status: 'Available' | 'PendingSale' | 'Sold' | 'Deleted';
  primaryColor: string;
  secondaryColor: string | null;
  bodyStyle: string;
  priceGuide: VehicleCard['priceGuide'];
  dealerZip: string;
  /** jsonb as the driver gives it back; absent where a query did not ask for it. */
  coverPhoto?: unknown;
};

export function dollars(cents: number): number {
  return Math.round(cents / 100);
}

/** Miles from the shopper to each dealer zip; empty without a shopper zip. */
export type Distances = ReadonlyMap<string, number>;

function coverPhotoOf(value: unknown): VehicleCard['photo'] {
  const stored = value === null || value === undefined ? null : readStoredPhoto(value);
  return stored ? toVehiclePhoto(stored) : null;
}

export function toCard(row: CardRow, distances: Distances): VehicleCard {
  return {
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    mileage: row.mileage,
    type: row.type,
    msrp: dollars(row.msrpCents),
    incentivesTotal: dollars(row.incentivesCents),
    price: dollars(row.priceCents),
    // Callers never pass Deleted rows; if one slipped through it reads as sold, never buyable.
    status: row.status === 'Deleted' ? 'Sold' : row.status,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    bodyStyle: row.bodyStyle,
    imageUrl: vehicleImageUrl(row),
    photo: coverPhotoOf(row.coverPhoto),
    distance: distances.get(row.dealerZip) ?? null,
    priceGuide: row.priceGuide,
    dealerZip: row.dealerZip,
  };
}

export type DetailRow = typeof vehicles.$inferSelect;

/** The dealer's own colour name when its feed gave one ("Gun Metallic"), else the families. */
function colourOf(row: Pick<DetailRow, 'colorName' | 'primaryColor' | 'secondaryColor'>): string {
  if (row.colorName) return row.colorName;
  return row.secondaryColor ? `${row.primaryColor} with ${row.secondaryColor}` : row.primaryColor;
}

/**
 * The vehicle page's pictures: the dealer's stored photos in feed order (ones not stored yet, or
 * refused, are left out), else the drawn views (side, front three-quarter, rear, interior).
 */
function galleryOf(row: DetailRow, photos: ReadonlyMap<string, StoredPhoto>): VehicleDetail['gallery'] {
  const colour = colourOf(row);
  const name = `${row.year} ${row.make} ${row.model} ${row.trim}`;
  const stored = row.photoUrls.flatMap((url) => {
    const photo = photos.get(url);
    return photo ? [toVehiclePhoto(photo)] : [];
  });
  if (stored.length === 0)
    return vehicleArtViews(row).map(({ view, url }) => ({
      url,
      alt: view === 'interior' ? `${name}, interior, drawing` : `${name}, ${colour}, ${ART_VIEW_LABELS[view]}, drawing`,
    }));
  return stored.map((photo, index) => ({
    url: photo.full,
    alt: `${name}, photo ${index + 1} of ${stored.length}`,
    photo,
  }));
}

export function toDetail(
  row: DetailRow,
  distances: Distances,
  dealer: VehicleDetail['dealer'],
  photos: ReadonlyMap<string, StoredPhoto> = new Map(),
): VehicleDetail {
  const stored = row.photoUrls[0] ? photos.get(row.photoUrls[0]) : undefined;
  const card = toCard({ ...row, coverPhoto: stored ?? null }, distances);
  const colour = colourOf(row);
  return {
    ...card,
    gallery: galleryOf(row, photos),
    specs: {
      bodyStyle: row.bodyStyle,
      drivetrain: row.drivetrain,
      engine: row.engine,
      transmission: row.transmission,
      fuelType: row.fuelType,
      mpgCity: row.mpgCity,
      mpgHighway: row.mpgHighway,
      seats: row.seats,
      exteriorColor: colour,
    },
    features: row.features,
    priceDetails: {
      msrp: card.msrp,
      incentivesTotal: card.incentivesTotal,
      price: card.price,
      savings: Math.max(0, card.msrp - card.price),
    },
    dealer,
    listedAt: row.createdAt.toISOString(),
  };
}
