import { and, eq, gte, isNotNull, lt, lte, ne, not, or, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '../../app/lib/contract/checkout';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { DbOrTx } from '../orders/changes';
import { carts, vehicles } from '../db/schema';

// The vehicle hold (seed 002 §2, §4: "Sale Pending means another customer is ordering it. It
// is released if that customer does not continue"). The hold lives on the vehicle row:
// status PendingSale, held_by = the cart, hold_until = when it lapses. Taking it is one
// conditional UPDATE, so of two shoppers racing for one vehicle exactly one row update
// succeeds (PostgreSQL re-checks the WHERE clause on the locked row; PGlite runs one
// statement at a time). An ordered vehicle keeps held_by with hold_until null: it never lapses.

export const HOLD_MS = HOLD_MINUTES * 60_000;

/**
 * The holding cart is being charged (decision 011): its hold does not lapse until the placement
 * is completed or reconciled, so the vehicle stays with the shopper who paid.
 */
const holderCharging = sql`exists (select 1 from ${carts} where ${carts.id} = ${vehicles.heldBy} and ${carts.placementStatus} = 'CHARGING')`;

export type HoldOutcome = { held: true; until: Date } | { held: false; reason: 'notFound' | 'held' | 'unavailable' };

/**
 * Holds the vehicle for the cart until now + HOLD_MINUTES: when it is Available, already held
 * by this cart (an extension, even after it lapsed), or held by another cart whose hold lapsed
 * without an order; and, given the tenant's inventory limits, only a vehicle within them.
 */
export async function holdVehicle(
  db: DbOrTx,
  input: { tenantId: string; vehicleId: string; cartId: string; now: Date; limits?: Tenant['inventory'] },
): Promise<HoldOutcome> {
  const until = new Date(input.now.getTime() + HOLD_MS);
  const limits = input.limits;
  const [row] = await db
    .update(vehicles)
    .set({ status: 'PendingSale', heldBy: input.cartId, holdUntil: until })
    .where(
      and(
        eq(vehicles.id, input.vehicleId),
        eq(vehicles.tenantId, input.tenantId),
        limits ? lte(vehicles.mileage, limits.mileageLimit) : undefined,
        limits ? gte(vehicles.year, input.now.getUTCFullYear() - limits.ageLimit) : undefined,
        or(
          eq(vehicles.status, 'Available'),
          and(eq(vehicles.status, 'PendingSale'), eq(vehicles.heldBy, input.cartId), isNotNull(vehicles.holdUntil)),
          and(
            eq(vehicles.status, 'PendingSale'),
            isNotNull(vehicles.heldBy),
            lt(vehicles.holdUntil, input.now),
            not(holderCharging),
          ),
        ),
      ),
    )
    .returning({ id: vehicles.id });
  if (row) return { held: true, until };
  const [vehicle] = await db
    .select({ status: vehicles.status })
    .from(vehicles)
    .where(eq(vehicles.id, input.vehicleId))
    .limit(1);
  if (!vehicle) return { held: false, reason: 'notFound' };
  return { held: false, reason: vehicle.status === 'PendingSale' ? 'held' : 'unavailable' };
}

/** Gives back every vehicle this cart holds (but the one it keeps), unless it was ordered. */
export async function releaseCartHolds(db: DbOrTx, cartId: string, keepVehicleId?: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ status: 'Available', heldBy: null, holdUntil: null })
    .where(
      and(
        eq(vehicles.heldBy, cartId),
        eq(vehicles.status, 'PendingSale'),
        isNotNull(vehicles.holdUntil),
        keepVehicleId ? ne(vehicles.id, keepVehicleId) : undefined,
      ),
    );
}

/** Releases every hold that lapsed without an order; answers how many vehicles came back. */
export async function releaseLapsedHolds(db: DbOrTx, now: Date): Promise<number> {
  const released = await db
    .update(vehicles)
    .set({ status: 'Available', heldBy: null, holdUntil: null })
    .where(
      and(
        eq(vehicles.status, 'PendingSale'),
        isNotNull(vehicles.holdUntil),
        lt(vehicles.holdUntil, now),
        not(holderCharging),
      ),
    )
    .returning({ id: vehicles.id });
  return released.length;
}

/** Marks an ordered vehicle: it stays PendingSale for this cart and its hold no longer lapses. */
export async function keepForOrder(db: DbOrTx, cartId: string, vehicleId: string): Promise<boolean> {
  const kept = await db
    .update(vehicles)
    .set({ status: 'PendingSale', heldBy: cartId, holdUntil: null })
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.heldBy, cartId), sql`${vehicles.status} = 'PendingSale'`))
    .returning({ id: vehicles.id });
  return kept.length === 1;
}
