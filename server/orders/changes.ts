import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderHistory, orders } from '../db/schema';

// Every change the built-in backend makes to an order goes through here: the row is updated
// and a history entry records the order and deal status as they are after the change, so
// /public/commerce/history shows each step the shopper took.

export type OrderRow = typeof orders.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: the change functions work in either. */
export type DbOrTx = Db | Tx;

export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'orderStatus'
    | 'dealStatus'
    | 'idVerificationStatus'
    | 'hasPaymentInfo'
    | 'paymentStatus'
    | 'deliveryAppointment'
    | 'delivery'
  >
>;

function differs(row: OrderRow, change: OrderChange): boolean {
  return (Object.keys(change) as Array<keyof OrderChange>).some((key) => {
    const next = change[key];
    const current = row[key];
    if (next instanceof Date || current instanceof Date) {
      return !(next instanceof Date && current instanceof Date && next.getTime() === current.getTime());
    }
    return JSON.stringify(next ?? null) !== JSON.stringify(current ?? null);
  });
}

/**
 * Applies the change to the order and writes its history entry; nothing when the change
 * changes nothing. `when` (SQL on the orders row) makes it conditional: of two requests
 * racing for the same move, only one applies it. Answers the updated row, or null when
 * nothing was written.
 */
export async function changeOrder(
  db: DbOrTx,
  row: OrderRow,
  change: OrderChange,
  options: { when?: SQL; at?: Date } = {},
): Promise<OrderRow | null> {
  if (!differs(row, change)) return null;
  const [updated] = await db
    .update(orders)
    .set(change)
    .where(and(eq(orders.orderNumber, row.orderNumber), options.when))
    .returning();
  if (!updated) return null;
  await db.insert(orderHistory).values({
    orderNumber: updated.orderNumber,
    orderStatus: updated.orderStatus,
    dealStatus: updated.dealStatus,
    changedAt: options.at ?? new Date(),
  });
  return updated;
}

/** The order statuses an order moves through in the built-in backend, earliest first. */
export const ORDER_STATUS_ORDER = [
  'SUBMITTED',
  'ID_VERIFICATION_COMPLETED',
  'DOCS_UPLOADED',
  'CONTRACT_PENDING',
  'SOLD',
] as const;

/**
 * The order status after a milestone: it only ever moves forward along ORDER_STATUS_ORDER, and
 * statuses outside it (OFFRAMP, DELIVERED…) are left alone.
 */
export function advanceOrderStatus(current: string, milestone: (typeof ORDER_STATUS_ORDER)[number]): string {
  const from = (ORDER_STATUS_ORDER as readonly string[]).indexOf(current);
  const to = ORDER_STATUS_ORDER.indexOf(milestone);
  if (from === -1 || to <= from) return current;
  return milestone;
}

/** SQL: the order's status is still this one (for conditional moves). */
export function statusIs(column: typeof orders.orderStatus | typeof orders.dealStatus, value: string | null): SQL {
  return value === null ? sql`${column} is null` : sql`${column} = ${value}`;
}
