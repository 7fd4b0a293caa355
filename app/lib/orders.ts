import { PLACED_ORDER_STATUSES, type OrderStatus } from './contract/orders';

type WithStatus = { orderStatus: OrderStatus };

const PLACED = new Set<OrderStatus>(PLACED_ORDER_STATUSES);

/** Placed orders are the ones the tracker follows (seed 001 §4). */
export function isPlacedOrder(order: WithStatus): boolean {
  return PLACED.has(order.orderStatus);
}

/** Started but neither placed nor cancelled (a DRAFT, for instance): what the cart badge counts. */
export function isInProgressOrder(order: WithStatus): boolean {
  return !isPlacedOrder(order) && order.orderStatus !== 'CANCELED';
}

/** Placed orders, oldest first, as the order history shows them. */
export function sortPlacedOrders<T extends WithStatus & { createdAt: string }>(orders: readonly T[]): T[] {
  return orders.filter(isPlacedOrder).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
