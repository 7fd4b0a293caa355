import { and, count, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { PLACED_ORDER_STATUSES } from '../../app/lib/contract/orders';
import type { ShellSummary } from '../../app/lib/contract/shell';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { carts, orders, prequalifications, vehicles } from '../db/schema';
import { countFavorites } from '../inventory/favorites';
import { prequalReminder } from '../prequal/service';

// GET /api/account/shell (decision 072): the header's counts and the pre-qualification toast of a
// signed-in shopper in one read, counted by the database rather than listed, and never a write.
// The storefront used to make four calls for them on every page (the whole order list to count
// a badge, the current cart, which released lapsed holds site-wide, the saved count, and the
// pre-qualification, which purged on read).

type ShellOwner = { tenant: Tenant; userId: string; sessionId: string | null };

/** Orders that are neither placed nor cancelled (a DRAFT): what the cart badge counts (seed 001 §4). */
const NOT_IN_PROGRESS = [...PLACED_ORDER_STATUSES, 'CANCELED'];

async function countInProgressOrders(db: Db, owner: ShellOwner): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(
      and(
        eq(orders.tenantId, owner.tenant.id),
        eq(orders.userId, owner.userId),
        notInArray(orders.orderStatus, NOT_IN_PROGRESS),
      ),
    );
  return row?.value ?? 0;
}

/**
 * 1 when the shopper's current open cart (their own, else the visit's, as the cart page finds it)
 * holds a vehicle and is not being placed, else 0.
 */
async function countOpenCart(db: Db, owner: ShellOwner): Promise<number> {
  const open = and(eq(carts.tenantId, owner.tenant.id), eq(carts.status, 'open'));
  const [mine] = await db
    .select({ vehicleId: carts.vehicleId, placementStatus: carts.placementStatus })
    .from(carts)
    .where(and(open, eq(carts.userId, owner.userId)))
    .limit(1);
  let cart = mine;
  if (!cart && owner.sessionId) {
    [cart] = await db
      .select({ vehicleId: carts.vehicleId, placementStatus: carts.placementStatus })
      .from(carts)
      .where(and(open, isNull(carts.userId), eq(carts.sessionId, owner.sessionId)))
      .limit(1);
  }
  return cart?.vehicleId && cart.placementStatus === 'NOT_PLACED' ? 1 : 0;
}

async function findReminder(db: Db, owner: ShellOwner, piiKey: Buffer, now: Date): Promise<ShellSummary['prequal']> {
  const [row] = await db
    .select()
    .from(prequalifications)
    .where(
      and(
        eq(prequalifications.tenantId, owner.tenant.id),
        eq(prequalifications.userId, owner.userId),
        inArray(prequalifications.status, ['mq_approved', 'mf_completed']),
        isNotNull(prequalifications.expiresAt),
      ),
    )
    .limit(1);
  return prequalReminder({ piiKey, now: () => now }, row ?? null);
}

export async function shellSummary(
  db: Db,
  owner: ShellOwner,
  options: { piiKey: Buffer; now: Date },
): Promise<ShellSummary> {
  const [inProgress, openCart, favorites, prequal] = await Promise.all([
    countInProgressOrders(db, owner),
    countOpenCart(db, owner),
    owner.tenant.consumer.showFavorites ? countFavorites(db, owner) : Promise.resolve(null),
    findReminder(db, owner, options.piiKey, options.now),
  ]);
  return { cart: inProgress + openCart, favorites, prequal };
}
