import { and, asc, eq, sql } from 'drizzle-orm';
import type { Order, OrderHistory } from '../../app/lib/contract/orders';
import type { CartTradeIn } from '../../app/lib/contract/trade-in';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { carts, orderHistory, orders, vehicles } from '../db/schema';
import { vehicleImageUrl } from '../inventory/vehicle-art';

type Owner = { tenantId: string; userId: string };

function toOrder(row: typeof orders.$inferSelect, vehicle: typeof vehicles.$inferSelect): Order {
  return {
    orderNumber: row.orderNumber,
    tenantId: row.tenantId,
    createdAt: row.createdAt.toISOString(),
    orderStatus: row.orderStatus as Order['orderStatus'],
    isOrderStatusReset: row.isOrderStatusReset,
    deal: {
      dealRefId: row.dealRefId,
      type: row.dealType,
      source: row.dealSource,
      status: (row.dealStatus as Order['deal']['status']) ?? null,
    },
    paymentInfo: row.hasPaymentInfo
      ? { status: (row.paymentStatus as NonNullable<Order['paymentInfo']>['status']) ?? null }
      : null,
    delivery:
      row.delivery || row.deliveryAppointment
        ? { appointmentTime: row.deliveryAppointment?.toISOString() ?? null }
        : null,
    idVerification: row.idVerificationStatus ? { status: row.idVerificationStatus } : null,
    vehicle: {
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      imageUrl: vehicleImageUrl(vehicle),
    },
  };
}

/** Owned by: `orderNumber`, `tenantId` and `userId` as placeholders of a prepared statement. */
export const ownedByPlaceholders = and(
  eq(orders.orderNumber, sql.placeholder('orderNumber')),
  eq(orders.tenantId, sql.placeholder('tenantId')),
  eq(orders.userId, sql.placeholder('userId')),
);

const ownedOrderWithVehicle = preparedOnce((db) =>
  db
    .select({ order: orders, vehicle: vehicles })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .where(ownedByPlaceholders)
    .limit(1)
    .prepare('orders_owned_with_vehicle'),
);

/** The order's row and its answer in one read, when it belongs to this shopper in this tenant. */
export async function findOwnedOrderWithRow(
  db: Db,
  owner: Owner,
  orderNumber: string,
): Promise<{ row: typeof orders.$inferSelect; order: Order } | null> {
  const [found] = await ownedOrderWithVehicle(db).execute({ orderNumber, ...owner });
  return found ? { row: found.order, order: toOrder(found.order, found.vehicle) } : null;
}

/** The order when it belongs to this shopper in this tenant; otherwise nothing. */
export async function findOwnedOrder(db: Db, owner: Owner, orderNumber: string): Promise<Order | null> {
  return (await findOwnedOrderWithRow(db, owner, orderNumber))?.order ?? null;
}

/** An order of the list, with the trade-in its cart applied (null when none, or for dealer and demo orders without a cart). */
export type ListedOrder = Order & { tradeIn: CartTradeIn | null; handover: 'DELIVERY' | 'PICKUP' | null };

export async function listOwnedOrders(db: Db, owner: Owner): Promise<ListedOrder[]> {
  const rows = await db
    .select({ order: orders, vehicle: vehicles, tradeIn: carts.tradeIn })
    .from(orders)
    .innerJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .leftJoin(carts, and(eq(carts.orderNumber, orders.orderNumber), eq(carts.tenantId, orders.tenantId)))
    .where(and(eq(orders.tenantId, owner.tenantId), eq(orders.userId, owner.userId)))
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => ({
    ...toOrder(row.order, row.vehicle),
    tradeIn: row.tradeIn ?? null,
    // Booked means an appointment time: a requested method alone is not a handover yet.
    handover: row.order.deliveryAppointment && row.order.delivery ? row.order.delivery.method : null,
  }));
}

const ownedOrderNumber = preparedOnce((db) =>
  db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(ownedByPlaceholders)
    .limit(1)
    .prepare('orders_owned'),
);

// Changes made at the same moment (one request's moves) keep the order they were written in.
const historyOfOrder = preparedOnce((db) =>
  db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderNumber, sql.placeholder('orderNumber')))
    .orderBy(asc(orderHistory.changedAt), asc(orderHistory.id))
    .prepare('orders_history'),
);

export async function findOwnedOrderHistory(db: Db, owner: Owner, orderNumber: string): Promise<OrderHistory | null> {
  const order = await ownedOrderNumber(db).execute({ orderNumber, ...owner });
  if (order.length === 0) return null;
  return readOrderHistory(db, orderNumber);
}

/** An order's history, for a caller that already holds the owned order (`requireOwnedOrder`). */
export async function readOrderHistory(db: Db, orderNumber: string): Promise<OrderHistory> {
  const rows = await historyOfOrder(db).execute({ orderNumber });
  return rows.map((row) => ({
    changedAt: row.changedAt.toISOString(),
    values: {
      orderStatus: row.orderStatus as OrderHistory[number]['values']['orderStatus'],
      deal: { status: (row.dealStatus as OrderHistory[number]['values']['deal']['status']) ?? null },
    },
  }));
}
