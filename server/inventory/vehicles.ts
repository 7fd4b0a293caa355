// One vehicle's page, its similar vehicles, and the compare view.
import { and, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  COMPARE_LIMIT,
  SIMILAR_LIMIT,
  normalizeVin,
  type CompareResult,
  type VehicleCard,
  type VehicleDetail,
} from '../../app/lib/contract/inventory';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { vehicles } from '../db/schema';
import { storedPhotosOf } from './photos/jobs';
import {
  cardColumns,
  listedPrepared,
  reachableFor,
  reachablePrepared,
  tenantLimits,
  toCard,
  toDetail,
  type DetailRow,
  type Distances,
} from './cards';
import { distancesFrom, lookupZip } from './geo';

/** Similar vehicles cost within this share of the vehicle's price, either way. */
const SIMILAR_PRICE_BAND = 0.25;
/** At most this many VIN values are read from a compare request; the rest is not looked at. */
const COMPARE_MAX_INPUT = 50;

/**
 * The vehicle unless it is deleted, another tenant's or outside the tenant's inventory limits;
 * sold ones are found (their page says so).
 */
export async function findVehicle(db: Db, tenant: Tenant, vin: string): Promise<DetailRow | null> {
  const [row] = await vehicleByVin(db).execute({ ...tenantLimits(tenant), vin });
  return row ?? null;
}

const byVin = and(reachablePrepared, eq(vehicles.vin, sql.placeholder('vin')));

const vehicleByVin = preparedOnce((db) =>
  db.select().from(vehicles).where(byVin).limit(1).prepare('inventory_vehicle_by_vin'),
);

const similarAnchor = preparedOnce((db) =>
  db
    .select({ bodyStyle: vehicles.bodyStyle, priceCents: vehicles.priceCents })
    .from(vehicles)
    .where(byVin)
    .limit(1)
    .prepare('inventory_similar_anchor'),
);

// Listed, the same body style, not the vehicle itself; `price`, `low` and `high` bound the band.
const similarAround = and(
  listedPrepared,
  eq(vehicles.bodyStyle, sql.placeholder('bodyStyle')),
  ne(vehicles.vin, sql.placeholder('vin')),
);

/** One walk of the body-style index from the vehicle's price: down to `low`, or up to `high`. */
function similarWalk(direction: 'below' | 'above') {
  const band =
    direction === 'below'
      ? and(lte(vehicles.priceCents, sql.placeholder('price')), gte(vehicles.priceCents, sql.placeholder('low')))
      : and(gt(vehicles.priceCents, sql.placeholder('price')), lte(vehicles.priceCents, sql.placeholder('high')));
  const order =
    direction === 'below' ? sql`${vehicles.priceCents} desc nulls last` : sql`${vehicles.priceCents} asc nulls first`;
  return preparedOnce((db) =>
    db
      .select(cardColumns)
      .from(vehicles)
      .where(and(similarAround, band))
      .orderBy(order)
      .limit(SIMILAR_LIMIT)
      .prepare(`inventory_similar_${direction}`),
  );
}

const similarBelow = similarWalk('below');
const similarAbove = similarWalk('above');

export async function shopperDistances(shopperZip: string | undefined, dealerZips: string[]): Promise<Distances> {
  const place = shopperZip ? await lookupZip(shopperZip) : null;
  return place ? distancesFrom(place, dealerZips) : new Map();
}

async function dealerOf(zip: string): Promise<VehicleDetail['dealer']> {
  const place = await lookupZip(zip);
  return { zip, city: place?.city ?? null, state: place?.state ?? null };
}

export async function getVehicleDetail(
  db: Db,
  tenant: Tenant,
  rawVin: string,
  shopperZip?: string,
): Promise<VehicleDetail | null> {
  const vin = normalizeVin(rawVin);
  if (!vin) return null;
  const row = await findVehicle(db, tenant, vin);
  if (!row) return null;
  const [distances, dealer, photos] = await Promise.all([
    shopperDistances(shopperZip, [row.dealerZip]),
    dealerOf(row.dealerZip),
    storedPhotosOf(db, tenant.id, row.photoUrls),
  ]);
  return toDetail(row, distances, dealer, photos);
}

/**
 * Same body style, price within ±25 %, listed, not the vehicle itself; closest price first.
 * Sold vehicles have similar vehicles too: their card links here ("See Similar Vehicles").
 */
export async function findSimilarVehicles(
  db: Db,
  tenant: Tenant,
  rawVin: string,
  shopperZip?: string,
): Promise<VehicleCard[] | null> {
  const vin = normalizeVin(rawVin);
  if (!vin) return null;
  const limits = tenantLimits(tenant);
  const [vehicle] = await similarAnchor(db).execute({ ...limits, vin });
  if (!vehicle) return null;
  const band = {
    ...limits,
    vin,
    bodyStyle: vehicle.bodyStyle,
    price: vehicle.priceCents,
    low: Math.floor(vehicle.priceCents * (1 - SIMILAR_PRICE_BAND)),
    high: Math.ceil(vehicle.priceCents * (1 + SIMILAR_PRICE_BAND)),
  };
  // Walk the body-style index from the vehicle's price down and up, a page each way, and keep
  // the closest: two short index reads however many vehicles share the body style.
  const [below, above] = await Promise.all([similarBelow(db).execute(band), similarAbove(db).execute(band)]);
  const rows = [...below, ...above]
    .sort(
      (a, b) =>
        Math.abs(a.priceCents - vehicle.priceCents) - Math.abs(b.priceCents - vehicle.priceCents) ||
        a.vin.localeCompare(b.vin),
    )
    .slice(0, SIMILAR_LIMIT);
  const distances = await shopperDistances(shopperZip, [...new Set(rows.map((row) => row.dealerZip))]);
  return rows.map((row) => toCard(row, distances));
}

/** The VINs to compare: distinct, well-formed, in the order given, at most COMPARE_LIMIT. */
export function pickCompareVins(values: readonly string[]): { vins: string[]; ignored: string[] } {
  const vins: string[] = [];
  const ignored: string[] = [];
  const parts = values
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts.slice(0, COMPARE_MAX_INPUT)) {
    const vin = normalizeVin(part);
    if (!vin || vins.includes(vin) || vins.length >= COMPARE_LIMIT) ignored.push(part.slice(0, 32));
    else vins.push(vin);
  }
  return { vins, ignored };
}

export async function compareVehicles(
  db: Db,
  tenant: Tenant,
  values: readonly string[],
  shopperZip?: string,
): Promise<CompareResult> {
  const { vins, ignored } = pickCompareVins(values);
  const rows =
    vins.length === 0
      ? []
      : await db
          .select()
          .from(vehicles)
          .where(and(reachableFor(tenant), inArray(vehicles.vin, vins)));
  const byVin = new Map(rows.map((row) => [row.vin, row]));
  const dealerZips = [...new Set(rows.map((row) => row.dealerZip))];
  const [distances, dealers, photos] = await Promise.all([
    shopperDistances(shopperZip, dealerZips),
    Promise.all(dealerZips.map(async (zip) => [zip, await dealerOf(zip)] as const)).then((entries) => new Map(entries)),
    storedPhotosOf(db, tenant.id, [...new Set(rows.flatMap((row) => row.photoUrls))]),
  ]);
  const result: CompareResult = { limit: COMPARE_LIMIT, vehicles: [], unavailable: [], ignored };
  for (const vin of vins) {
    const row = byVin.get(vin);
    if (!row) {
      result.unavailable.push({ vin, reason: 'NotFound' });
      continue;
    }
    if (row.status === 'Sold') result.unavailable.push({ vin, reason: 'Sold' });
    result.vehicles.push(toDetail(row, distances, dealers.get(row.dealerZip)!, photos));
  }
  return result;
}
