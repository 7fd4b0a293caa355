// The checkout's fixed values: the steps and their labels, the hold and the deposit, the
// protection kinds and the error codes. No zod here, so the checkout pages that read a label or
// a number (the cart, the step list) do not load the schemas of ./checkout.ts, which are built
// from these and re-export them.

/** Minutes a vehicle stays held for a cart before it is released (our choice: seed leaves it open). */
export const HOLD_MINUTES = 30;
/** A refundable deposit, paid instead of the whole amount due (seed 002 §2, §9). */
export const DEPOSIT_CENTS = 50_000;

export const CHECKOUT_STEPS = [
  'cart',
  'coverage',
  'account',
  'order-details',
  'credit-application',
  'overview',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** Labels of seed 002 §2, in order. Cash carts skip the credit application. */
export const CHECKOUT_STEP_LABELS: Record<CheckoutStep, string> = {
  cart: 'Shopping Cart',
  coverage: 'Coverage',
  account: 'Account',
  'order-details': 'Order Details',
  'credit-application': 'Credit Application',
  overview: 'Overview',
};

export const PROTECTION_KINDS = ['appearance', 'mechanical', 'appearanceMechanical', 'gap'] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];

/** Seed 002 §9: a pre-qualification (the bureau's soft pull) is valid 30 days. */
export const PREQUALIFICATION_VALID_DAYS = 30;

export const CHECKOUT_ERROR_CODES = {
  vehicleHeld: 'error.cart.vehicleHeld',
  vehicleUnavailable: 'error.cart.vehicleUnavailable',
  holdExpired: 'error.cart.holdExpired',
  cartNotFound: 'error.cart.notFound',
  invalid: 'error.cart.invalid',
  /** Order Details: delivery to a zip more than 50 miles from the vehicle (a custom quote by phone). */
  deliveryOutOfRange: 'error.cart.deliveryOutOfRange',
  protectionUnavailable: 'error.protection.unavailable',
  applicationInvalid: 'error.creditApplication.invalid',
  applicationIncomplete: 'error.creditApplication.incomplete',
  cardLimit: 'error.payment.cardLimit',
  achLimit: 'error.payment.achLimit',
  paymentDeclined: 'error.payment.declined',
  paymentsUnavailable: 'error.payment.unavailable',
  orderSave: 'error.order.saveFailed',
  purchaseSwitch: 'error.cart.switchFailed',
} as const;
