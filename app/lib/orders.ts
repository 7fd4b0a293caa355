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
  SOLD: 'readyToPickUp',
  SOLD_BY_DRI: 'readyToPickUp',
  DELIVERED: 'delivered',
  DELIVERED_NO_RETURN: 'delivered',
};

/** The order list's words for a status; null for a draft, which the list does not show. */
export function orderListState(status: OrderStatus): string | null {
  const state = ORDER_LIST_STATE[status];
  return state ? ORDER_LIST_STATES[state] : null;
}

/** Orders the list shows: placed ones and the ones that ended without a vehicle, oldest first (issue 18). */
export function sortListedOrders<T extends WithStatus & { createdAt: string }>(orders: readonly T[]): T[] {
  return orders
    .filter((order) => orderListState(order.orderStatus) !== null)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}
