import { and, eq } from 'drizzle-orm';
import type { Request } from 'express';
import type { Order } from '../../app/lib/contract/orders';
import { preparedOnce } from '../db/prepared';
import { orders } from '../db/schema';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { findOwnedOrderWithRow, ownedByPlaceholders } from './queries';

export type OwnedOrderRow = typeof orders.$inferSelect;

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/;

const ownedOrderRow = preparedOnce((db) =>
  db.select().from(orders).where(ownedByPlaceholders).limit(1).prepare('orders_owned_row'),
);

function orderNotFound(): HttpError {
  return new HttpError(404, 'error.order.notFound', 'No such order');
}

/** The signed-in caller in this tenant, or the order's 404 for anyone else. */
async function requireOrderOwner(platform: Platform, req: Request): Promise<{ tenantId: string; userId: string }> {
  const tenant = requireTenant(platform, req);
  const identity = await requireIdentity(platform, req, tenant).catch(() => null);
  if (!identity) throw orderNotFound();
  return { tenantId: tenant.id, userId: identity.userId };
}

/**
 * The order row when the caller owns it in this tenant. Everyone else, signed in or
 * not, gets the same 404 error.order.notFound: an order number leaks nothing.
 */
export async function requireOwnedOrder(
  platform: Platform,
  req: Request,
  by: { orderNumber: string } | { dealId: string },
): Promise<OwnedOrderRow> {
  const owner = await requireOrderOwner(platform, req);
  let row: OwnedOrderRow | undefined;
  if ('orderNumber' in by) {
    if (!ORDER_NUMBER.test(by.orderNumber)) throw orderNotFound();
    [row] = await ownedOrderRow(platform.db).execute({ orderNumber: by.orderNumber, ...owner });
  } else {
    [row] = await platform.db
      .select()
      .from(orders)
      .where(and(eq(orders.dealRefId, by.dealId), eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)))
      .limit(1);
  }
  if (!row) throw orderNotFound();
  return row;
}

/** `requireOwnedOrder` by order number, with the order's answer (its vehicle joined) from the same read. */
export async function requireOwnedOrderWithVehicle(
  platform: Platform,
  req: Request,
  orderNumber: string,
): Promise<{ row: OwnedOrderRow; order: Order }> {
  const owner = await requireOrderOwner(platform, req);
  const found = ORDER_NUMBER.test(orderNumber) ? await findOwnedOrderWithRow(platform.db, owner, orderNumber) : null;
  if (!found) throw orderNotFound();
  return found;
}
