import { z } from 'zod';

// What the shopper did in this browser that the commerce API does not report back: opening
// the contract (signing IN_PROGRESS) and paying for a cash order (payment COMPLETED). The
// server keeps them per order in a small signed cookie, so they work without JavaScript.

export const SHOPPER_ACTIONS = ['contractStarted', 'cashPaid'] as const;
export type ShopperAction = (typeof SHOPPER_ACTIONS)[number];
export type ShopperActions = Record<ShopperAction, boolean>;

export const NO_SHOPPER_ACTIONS: ShopperActions = { contractStarted: false, cashPaid: false };

/** A cookie holds about 4 KB: the most recent orders only. */
export const MAX_REMEMBERED_ORDERS = 20;

const orderActionsSchema = z.object({ contractStarted: z.boolean().optional(), cashPaid: z.boolean().optional() });
/** Order number to the actions recorded for it, oldest first. */
export const shopperActionsStoreSchema = z.record(z.string().min(1).max(60), orderActionsSchema);
export type ShopperActionsStore = z.infer<typeof shopperActionsStoreSchema>;

/** Whatever the cookie held; anything malformed counts as nothing recorded. */
export function parseShopperActionsStore(value: unknown): ShopperActionsStore {
  const parsed = shopperActionsStoreSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function getShopperActions(store: ShopperActionsStore, orderNumber: string): ShopperActions {
  const recorded = Object.hasOwn(store, orderNumber) ? store[orderNumber] : undefined;
  return { contractStarted: recorded?.contractStarted === true, cashPaid: recorded?.cashPaid === true };
}

/** The store with this action recorded; the order moves to the end and the oldest orders drop out. */
export function recordShopperAction(
  store: ShopperActionsStore,
  orderNumber: string,
  action: ShopperAction,
): ShopperActionsStore {
  const entries = Object.entries(store).filter(([key]) => key !== orderNumber);
  const current = Object.hasOwn(store, orderNumber) ? store[orderNumber] : {};
  entries.push([orderNumber, { ...current, [action]: true }]);
  return Object.fromEntries(entries.slice(-MAX_REMEMBERED_ORDERS));
}
