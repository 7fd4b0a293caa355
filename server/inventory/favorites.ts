import { and, count, desc, eq, sql } from 'drizzle-orm';
import { FAVORITES_LIMIT, INVENTORY_ERRORS, normalizeVin, type VehicleCard } from '../../app/lib/contract/inventory';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { favorites, vehicles } from '../db/schema';
import { HttpError } from '../platform/http';
import { cardColumns, reachableFor, reachablePrepared, tenantLimits, toCard } from './cards';
import { shopperDistances } from './vehicles';

// A shopper's favourites. Deleted vehicles drop out of the list and the count (they are never
// shown); sold ones stay, shown as sold, and can be removed but not added (seed 001 §4).
// Vehicles outside the tenant's inventory limits are treated like deleted ones.

type Owner = { tenant: Tenant; userId: string };

const visibleFavorite = (owner: Owner) => and(eq(favorites.userId, owner.userId), reachableFor(owner.tenant));

export async function countFavorites(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(visibleFavorite(owner));
  return row?.value ?? 0;
}

// listFavoriteVins's read on every signed-in search and vehicle page, prepared (decision 083).
const favoriteVinsOf = preparedOnce((db) =>
  db
    .select({ vin: vehicles.vin })
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(and(eq(favorites.userId, sql.placeholder('userId')), reachablePrepared))
    .orderBy(favorites.createdAt)
    .prepare('inventory_favorite_vins'),
);

export async function listFavoriteVins(db: Db, owner: Owner): Promise<string[]> {
  const rows = await favoriteVinsOf(db).execute({ ...tenantLimits(owner.tenant), userId: owner.userId });
  return rows.map((row) => row.vin);
}

/** The favourites as cards, most recently saved first. */
export async function listFavoriteVehicles(db: Db, owner: Owner, shopperZip?: string): Promise<VehicleCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(visibleFavorite(owner))
    .orderBy(desc(favorites.createdAt), vehicles.vin);
  // Saved cards show the distance from the shopper's zip, like every other card (issue 18).
  const distances = await shopperDistances(shopperZip, [...new Set(rows.map((row) => row.dealerZip))]);
  return rows.map((row) => toCard(row, distances));
}

function notFound(): HttpError {
  return new HttpError(404, INVENTORY_ERRORS.vehicleNotFound, 'No such vehicle');
}

async function requireVehicle(db: Db, owner: Owner, rawVin: string, includeDeleted: boolean) {
  const vin = normalizeVin(rawVin);
  if (!vin) throw notFound();
  const [vehicle] = await db
    .select({ id: vehicles.id, vin: vehicles.vin, status: vehicles.status })
    .from(vehicles)
    .where(
      includeDeleted
        ? and(eq(vehicles.tenantId, owner.tenant.id), eq(vehicles.vin, vin))
        : and(reachableFor(owner.tenant), eq(vehicles.vin, vin)),
    )
    .limit(1);
  if (!vehicle) throw notFound();
  return vehicle;
}

/** Saves a favourite (saving it twice is fine). Sold: 409 error.favorite.sold. */
export async function addFavorite(
  db: Db,
  owner: Owner,
  rawVin: string,
): Promise<{ vin: string; favorite: true; count: number }> {
  const vehicle = await requireVehicle(db, owner, rawVin, false);
  if (vehicle.status === 'Sold')
    throw new HttpError(409, INVENTORY_ERRORS.favoriteSold, 'A sold vehicle cannot be saved as a favourite');
  const already = await db
    .select({ vehicleId: favorites.vehicleId })
    .from(favorites)
    .where(and(eq(favorites.userId, owner.userId), eq(favorites.vehicleId, vehicle.id)))
    .limit(1);
  if (already.length === 0) {
    if ((await countFavorites(db, owner)) >= FAVORITES_LIMIT) {
      throw new HttpError(409, INVENTORY_ERRORS.favoriteLimit, `At most ${FAVORITES_LIMIT} favourites can be saved`);
    }
    await db.insert(favorites).values({ userId: owner.userId, vehicleId: vehicle.id }).onConflictDoNothing();
  }
  return { vin: vehicle.vin, favorite: true, count: await countFavorites(db, owner) };
}

/** Removes a favourite; removing one that is not saved (or whose vehicle was deleted) is fine. */
export async function removeFavorite(
  db: Db,
  owner: Owner,
  rawVin: string,
): Promise<{ vin: string; favorite: false; count: number }> {
  const vehicle = await requireVehicle(db, owner, rawVin, true);
  await db.delete(favorites).where(and(eq(favorites.userId, owner.userId), eq(favorites.vehicleId, vehicle.id)));
  return { vin: vehicle.vin, favorite: false, count: await countFavorites(db, owner) };
}
