import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ShellSummary } from '../../app/lib/contract/shell';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { carts, prequalifications } from '../db/schema';
import { countFavorites } from '../inventory/favorites';
import { prequalReminder } from '../prequal/service';

// GET /api/account/shell (decision 072): the header's counts and the pre-qualification toast of a
// signed-in shopper in one read, counted by the database rather than listed, and never a write.
// The storefront used to make four calls for them on every page (the whole order list to count
// a badge, the current cart, which released lapsed holds site-wide, the saved count, and the
// pre-qualification, which purged on read).

type ShellOwner = { tenant: Tenant; userId: string; sessionId: string | null };

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
  const [openCart, favorites, prequal] = await Promise.all([
    countOpenCart(db, owner),
    owner.tenant.consumer.showFavorites ? countFavorites(db, owner) : Promise.resolve(null),
    findReminder(db, owner, options.piiKey, options.now),
  ]);
  // The badge counts the vehicles in the cart (issue 31 point 6): the seed's "in-progress
  // order" is the purchase under way in the cart; a draft or dealer order row is not in it.
  return { cart: openCart, favorites, prequal };
}
