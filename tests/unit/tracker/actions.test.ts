import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED_ORDERS,
  NO_SHOPPER_ACTIONS,
  getShopperActions,
  parseShopperActionsStore,
  recordShopperAction,
} from '~/lib/tracker/actions';

describe("the shopper's recorded actions", () => {
  it('nothing recorded for an unknown order', () => {
    expect(getShopperActions({}, 'SR-1')).toEqual(NO_SHOPPER_ACTIONS);
    expect(getShopperActions({}, '__proto__')).toEqual(NO_SHOPPER_ACTIONS);
  });

  it('records per order, keeping earlier actions', () => {
    let store = recordShopperAction({}, 'SR-1', 'contractStarted');
    store = recordShopperAction(store, 'SR-2', 'cashPaid');
    store = recordShopperAction(store, 'SR-1', 'cashPaid');
    expect(getShopperActions(store, 'SR-1')).toEqual({ contractStarted: true, cashPaid: true });
    expect(getShopperActions(store, 'SR-2')).toEqual({ contractStarted: false, cashPaid: true });
  });

  it(`remembers the ${MAX_REMEMBERED_ORDERS} most recent orders`, () => {
    let store = {};
    for (let index = 0; index <= MAX_REMEMBERED_ORDERS; index += 1)
      store = recordShopperAction(store, `SR-${index}`, 'cashPaid');
    expect(Object.keys(store)).toHaveLength(MAX_REMEMBERED_ORDERS);
    expect(getShopperActions(store, 'SR-0').cashPaid).toBe(false);
    expect(getShopperActions(store, `SR-${MAX_REMEMBERED_ORDERS}`).cashPaid).toBe(true);
  });

  it('reads a malformed cookie as nothing recorded', () => {
    expect(parseShopperActionsStore(null)).toEqual({});
    expect(parseShopperActionsStore('x')).toEqual({});
    expect(parseShopperActionsStore({ 'SR-1': { cashPaid: 'yes' } })).toEqual({});
    expect(parseShopperActionsStore({ 'SR-1': { cashPaid: true } })).toEqual({ 'SR-1': { cashPaid: true } });
  });
});
