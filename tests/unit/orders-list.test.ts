import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '~/lib/contract/orders';
import { orderListState, sortListedOrders } from '~/lib/orders';

// The account's order list names each order's state as seed 002 §4 does (issue 18).

describe('order list states', () => {
  it.each([
    ['SUBMITTED', 'Updates in progress'],
    ['CONTRACT_PENDING', 'Updates in progress'],
    ['OFFRAMP', 'Updates in progress'],
    ['CANCELED', 'Cancelled by retailer'],
    ['DELIVERED', 'Vehicle delivered'],
    ['ORDER_INITIATION_FAILED', 'Vehicle not available'],
  ] as const)('%s reads "%s"', (status, words) => {
    expect(orderListState(status)).toBe(words);
  });

  // Issue 35 point 6, on the seeded orders: the state follows what is booked, not the status alone.
  it.each([
    ['SR-DEFAULT-10020/10021: sold, nothing booked', 'SOLD', null, 'Updates in progress'],
    ['SR-DEFAULT-10022: sold, delivery booked', 'SOLD', 'DELIVERY', 'Delivery scheduled'],
    ['SR-DEFAULT-10023: contract pending, pickup booked', 'CONTRACT_PENDING', 'PICKUP', 'Ready to pick up'],
    ['a delivered order stays delivered', 'DELIVERED', 'DELIVERY', 'Vehicle delivered'],
  ] as const)('%s reads its booking', (_name, status, handover, words) => {
    expect(orderListState(status, handover)).toBe(words);
  });

  it('names every status but a draft, which the list leaves out', () => {
    for (const status of ORDER_STATUSES) {
      if (status === 'DRAFT') expect(orderListState(status)).toBeNull();
      else expect(orderListState(status)).toEqual(expect.any(String));
    }
  });

  it('keeps a cancelled order, with the others, oldest first', () => {
    const orders = [
      { orderStatus: 'DELIVERED', createdAt: '2026-11-02T00:00:00Z' },
      { orderStatus: 'CANCELED', createdAt: '2026-11-01T00:00:00Z' },
      { orderStatus: 'DRAFT', createdAt: '2026-10-01T00:00:00Z' },
    ] as const;
    expect(sortListedOrders(orders).map((order) => order.orderStatus)).toEqual(['CANCELED', 'DELIVERED']);
  });
});
