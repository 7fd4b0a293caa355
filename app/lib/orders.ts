import { PLACED_ORDER_STATUSES, type OrderStatus } from './contract/orders';

type WithStatus = { orderStatus: OrderStatus };

const PLACED = new Set<OrderStatus>(PLACED_ORDER_STATUSES);

/** Placed orders are the ones the tracker follows (seed 001 §4). */
export function isPlacedOrder(order: WithStatus): boolean {
  return PLACED.has(order.orderStatus);
}

/** What the order list calls each status: seed 002 §4's five order states. */
export const ORDER_LIST_STATES = {
  inProgress: 'Updates in progress',
  cancelled: 'Cancelled by retailer',
  delivered: 'Vehicle delivered',
  unavailable: 'Vehicle not available',
  readyToPickUp: 'Ready to pick up',
  // Seed 000 §1: the tracker guides the shopper "until delivery or pickup is scheduled".
  deliveryScheduled: 'Delivery scheduled',
} as const;

const ORDER_LIST_STATE: Partial<Record<OrderStatus, keyof typeof ORDER_LIST_STATES>> = {
  SUBMITTED_TO_UNIFI: 'inProgress',
  SUBMITTED: 'inProgress',
  PII_UPDATE_SUCCESSFUL: 'inProgress',
  ID_VERIFICATION_COMPLETED: 'inProgress',
  DOCS_UPLOADED: 'inProgress',
  CONTRACT_PENDING: 'inProgress',
  OFFRAMP: 'inProgress',
  CANCELED: 'cancelled',
  ORDER_INITIATION_FAILED: 'unavailable',
  // Sold with nothing booked is still in progress; a booked handover decides (orderListState).
  SOLD: 'inProgress',
  SOLD_BY_DRI: 'inProgress',
  DELIVERED: 'delivered',
  DELIVERED_NO_RETURN: 'delivered',
};

type Handover = 'DELIVERY' | 'PICKUP' | null | undefined;

/**
 * The order list's words for an order; null for a draft, which the list does not show. An order
 * still on its way (in progress) with a booked appointment reads as what was booked (issue 35).
 */
export function orderListState(status: OrderStatus, handover?: Handover): string | null {
  const state = ORDER_LIST_STATE[status];
  if (!state) return null;
  if (state === 'inProgress' && handover === 'PICKUP') return ORDER_LIST_STATES.readyToPickUp;
  if (state === 'inProgress' && handover === 'DELIVERY') return ORDER_LIST_STATES.deliveryScheduled;
  return ORDER_LIST_STATES[state];
}

/** Orders the list shows: placed ones and the ones that ended without a vehicle, oldest first (issue 18). */
export function sortListedOrders<T extends WithStatus & { createdAt: string }>(orders: readonly T[]): T[] {
  return orders
    .filter((order) => orderListState(order.orderStatus) !== null)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
