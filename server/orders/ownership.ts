import { and, eq } from 'drizzle-orm';
import type { Request } from 'express';
import { orders } from '../db/schema';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';

export type OwnedOrderRow = typeof orders.$inferSelect;

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/;

/**
 * The order row when the caller owns it in this tenant. Everyone else, signed in or
 * not, gets the same 404 error.order.notFound: an order number leaks nothing.
 */
export async function requireOwnedOrder(
  platform: Platform,
  req: Request,
  by: { orderNumber: string } | { dealId: string },
): Promise<OwnedOrderRow> {
  const tenant = requireTenant(platform, req);
  const identity = await requireIdentity(platform, req, tenant).catch(() => null);
  const notFound = new HttpError(404, 'error.order.notFound', 'No such order');
  if (!identity) throw notFound;
  const match =
    'orderNumber' in by
      ? ORDER_NUMBER.test(by.orderNumber)
        ? eq(orders.orderNumber, by.orderNumber)
        : null
      : eq(orders.dealRefId, by.dealId);
  if (!match) throw notFound;
  const [row] = await platform.db
    .select()
    .from(orders)
    .where(and(match, eq(orders.tenantId, tenant.id), eq(orders.userId, identity.userId)))
    .limit(1);
  if (!row) throw notFound;
  return row;
}
