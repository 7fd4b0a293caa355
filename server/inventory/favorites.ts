import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { favorites, vehicles } from '../db/schema';

type Owner = { tenantId: string; userId: string };

export async function countFavorites(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(and(eq(favorites.userId, owner.userId), eq(vehicles.tenantId, owner.tenantId)));
  return row?.value ?? 0;
}

export async function listFavoriteVins(db: Db, owner: Owner): Promise<string[]> {
  const rows = await db
    .select({ vin: vehicles.vin })
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(and(eq(favorites.userId, owner.userId), eq(vehicles.tenantId, owner.tenantId)))
    .orderBy(favorites.createdAt);
  return rows.map((row) => row.vin);
}
