import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ShellSummary } from '../../app/lib/contract/shell';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { carts, favorites, prequalifications, users, vehicles } from '../db/schema';
import { reachablePrepared, tenantLimits, TENANT_LIMIT_PLACEHOLDERS } from '../inventory/cards';
import { prequalReminder } from '../prequal/service';

// GET /api/account/shell (decision 072): the header's counts and the pre-qualification toast of a
// signed-in shopper in one read, counted by the database rather than listed, and never a write.
// The storefront used to make four calls for them on every page (the whole order list to count
// a badge, the current cart, which released lapsed holds site-wide, the saved count, and the
// pre-qualification, which purged on read).

type ShellOwner = { tenant: Tenant; userId: string; sessionId: string | null };

const param = {
  tenantId: TENANT_LIMIT_PLACEHOLDERS.tenantId,
  userId: sql.placeholder('userId'),
  sessionId: sql.placeholder('sessionId'),
};

/** 1 when a cart holds a vehicle and is not being placed, else 0: what the badge counts of it. */
const cartCounts = sql<number>`case when ${carts.vehicleId} is not null and ${carts.placementStatus} = 'NOT_PLACED' then 1 else 0 end`;

/**
 * The whole summary in one statement, prepared once per database: on every signed-in page the
 * four reads were four round trips to the database and four query builds. The shopper's row
 * anchors it; the counts are scalar subqueries and the pre-qualification (one per shopper and
 * tenant, a unique index) a left join.
 */
const summaryStatement = preparedOnce((db) => {
  const open = and(eq(carts.tenantId, param.tenantId), eq(carts.status, 'open'));
  // The shopper's own open cart, else the visit's, as the cart page finds it.
  const ownCart = db
    .select({ value: cartCounts })
    .from(carts)
    .where(and(open, eq(carts.userId, param.userId)))
    .limit(1);
  const visitCart = db
    .select({ value: cartCounts })
    .from(carts)
    .where(and(open, isNull(carts.userId), eq(carts.sessionId, param.sessionId)))
    .limit(1);
  // countFavorites (server/inventory/favorites.ts): the shopper's, reachable.
  const saved = db
    .select({ value: count() })
    .from(favorites)
    .innerJoin(vehicles, eq(vehicles.id, favorites.vehicleId))
    .where(and(eq(favorites.userId, param.userId), reachablePrepared));
  return db
    .select({
      openCart: sql<number>`coalesce((${ownCart}), (${visitCart}), 0)`.mapWith(Number),
      favorites: sql<number>`(${saved})`.mapWith(Number),
      prequal: prequalifications,
    })
    .from(users)
    .leftJoin(
      prequalifications,
      and(
        eq(prequalifications.tenantId, param.tenantId),
        eq(prequalifications.userId, users.id),
        inArray(prequalifications.status, ['mq_approved', 'mf_completed']),
        isNotNull(prequalifications.expiresAt),
      ),
    )
    .where(eq(users.id, param.userId))
    .prepare('account_shell_summary');
});

export async function shellSummary(
  db: Db,
  owner: ShellOwner,
  options: { piiKey: Buffer; now: Date },
): Promise<ShellSummary> {
  const { tenant } = owner;
  const [row] = await summaryStatement(db).execute({
    ...tenantLimits(tenant, options.now),
    userId: owner.userId,
    sessionId: owner.sessionId,
  });
  if (!row) return { cart: 0, favorites: tenant.consumer.showFavorites ? 0 : null, prequal: null };
  return {
    // The badge counts the vehicles in the cart (issue 31 point 6): the seed's "in-progress
    // order" is the purchase under way in the cart; a draft or dealer order row is not in it.
    cart: row.openCart,
    favorites: tenant.consumer.showFavorites ? row.favorites : null,
    prequal: prequalReminder({ piiKey: options.piiKey, now: () => options.now }, row.prequal),
  };
}
