import { z } from 'zod';
import { isoDateTime } from './common';
import { dealStatusCodeSchema, dealTypeSchema, orderStatusSchema } from './orders';
import { CHECKOUT_STEPS, DEPOSIT_CENTS, PROTECTION_KINDS } from './checkout-constants';
import { dealLinesSchema } from './deal-lines';
import { cartTradeInSchema } from './trade-in';

export * from './checkout-constants';

// The checkout area of the commerce API (base `/api/checkout`). The shared contract document
// covers the tracker; checkout is ours, so this file is its reference (docs/decisions/009).
//
// A cart belongs to a signed-in shopper (bearer token) or, before sign-in, to the storefront
// session (`x-session-id`); the Account step claims a session cart for the shopper. A shopper
// has at most one open cart, holding one vehicle. Every answer is `{ data }`; failures carry the
// usual `{ error: { code, message } }` body. Money is integer cents; dates are ISO strings.

const cents = z.number().int().min(0);

export const checkoutStepSchema = z.enum(CHECKOUT_STEPS);

// ------------------------------------------------------------------------------ Protection

export const protectionKindSchema = z.enum(PROTECTION_KINDS);

export const protectionPlanSchema = z.object({
  id: z.string(),
  kind: protectionKindSchema,
  name: z.string(),
  summary: z.string(),
  details: z.array(z.string()),
  termMonths: z.number().int().positive(),
  mileage: z.number().int().nullable(),
  deductibleCents: cents,
  packagePriceCents: cents,
  monthlyPriceCents: cents,
  /** GAP only applies to financed and leased deals. */
  dealTypes: z.array(dealTypeSchema),
});
export type ProtectionPlan = z.infer<typeof protectionPlanSchema>;

/** GET /api/checkout/carts/{cartId}/protection → 200; 401 when signed out; 503 error.protection.unavailable. */
export const protectionPlansResponseSchema = z.object({ data: z.object({ plans: z.array(protectionPlanSchema) }) });

/** PUT /api/checkout/carts/{cartId}/protection → 200 cart. An empty list with `declined` records a decline. */
export const protectionChoiceRequestSchema = z.object({
  planIds: z.array(z.string()).max(4),
  declined: z.boolean(),
});

// ------------------------------------------------------------------------------ Cart

export const holdSchema = z.object({
  /** When the hold lapses; null once the cart has become an order. */
  expiresAt: isoDateTime.nullable(),
  /** Seconds left when the answer was made, so a browser with a skewed clock still counts right. */
  secondsLeft: z.number().int().min(0),
  timerVisible: z.boolean(),
});

export const cartVehicleSchema = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  type: z.enum(['NEW', 'CPO', 'USED']),
  mileage: z.number().int(),
  priceCents: cents,
  imageUrl: z.string(),
  /** Available while held for this cart; PendingSale/Sold/Deleted show the unavailable cart. */
  availability: z.enum(['Available', 'PendingSale', 'Sold', 'Deleted']),
  heldByThisCart: z.boolean(),
});

export const financeSummarySchema = z.object({
  priceCents: cents,
  downPaymentCents: cents,
  taxesAndFeesCents: cents,
  protectionCents: cents,
  termMonths: z.number().int(),
  aprPercent: z.number(),
  financedCents: cents,
  monthlyPaymentCents: cents,
  dueTodayCents: cents,
});
export const leaseSummarySchema = z.object({
  priceCents: cents,
  monthlyPaymentCents: cents,
  termMonths: z.number().int(),
  annualMiles: z.number().int(),
  dueAtSigningCents: cents,
  capCostReductionCents: cents,
  securityDepositCents: cents,
  firstPaymentCents: cents,
  adjustedCapCostCents: cents,
  protectionCents: cents,
});
export const cashSummarySchema = z.object({
  priceCents: cents,
  taxesAndFeesCents: cents,
  protectionCents: cents,
  totalCents: cents,
  dueTodayCents: cents,
});

/** One order summary per purchase type (seed 002 §2–3). */
export const orderSummarySchema = z.discriminatedUnion('dealType', [
  z.object({ dealType: z.literal('Finance'), finance: financeSummarySchema }),
  z.object({ dealType: z.literal('Lease'), lease: leaseSummarySchema }),
  z.object({ dealType: z.literal('Cash'), cash: cashSummarySchema }),
]);
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const summaryChangeSchema = z.object({
  /** The order summary row it belongs to: monthly, dueToday, dueAtSigning, taxTitleRegistration, total, apr. */
  row: z.string(),
  /** Cents, or a percentage for the APR row. */
  previous: z.number(),
  current: z.number(),
  reasons: z.array(z.string()),
  /** What `previous` is: the vehicle page's estimate, or the deal the shopper last acknowledged. */
  since: z.enum(['estimate', 'acknowledged']).optional(),
});
export type SummaryChange = z.infer<typeof summaryChangeSchema>;

/** A down payment or term the lender cannot take, with the seed's message (seed 002 §5). */
export const dealProblemSchema = z.object({
  code: z.enum(['downPaymentTooHigh', 'financedBelowMinimum', 'tradeInEquityTooHigh', 'loanToValue']),
  message: z.string(),
});

export const fulfillmentChoiceSchema = z.object({
  method: z.enum(['delivery', 'pickup']),
  zip: z.string().regex(/^\d{5}$/),
});

export const creditApplicationStepSchema = z.enum([
  'personal',
  'spouse',
  'employment',
  'housing',
  'ssn',
  'review',
  'terms',
]);
export type CreditApplicationStep = z.infer<typeof creditApplicationStepSchema>;

/** What the storefront may see of a saved application: never the SSN or date of birth. */
export const creditApplicationViewSchema = z.object({
  /** Steps the shopper must go through for this application, in order (spouse and SSN may drop out). */
  steps: z.array(creditApplicationStepSchema),
  completed: z.array(creditApplicationStepSchema),
  /** Saved answers by step, with `ssn` and `dateOfBirth` replaced by `hasSsn`/`hasDateOfBirth`. */
  answers: z.record(z.string(), z.record(z.string(), z.unknown())),
  submittedAt: isoDateTime.nullable(),
});
export type CreditApplicationView = z.infer<typeof creditApplicationViewSchema>;

/** The credit tiers of app/lib/shared/payments/credit.ts: the estimate's, the lender's. */
export const creditTierSchema = z.enum(['excellent', 'veryGood', 'good', 'fair']);

export const lenderDecisionSchema = z.object({
  status: z.enum(['APPROVED', 'DECLINED', 'PENDING']),
  lenderName: z.string().nullable(),
  creditTier: z.enum(['excellent', 'veryGood', 'good', 'fair']).nullable(),
  aprPercent: z.number().nullable(),
  termMonths: z.number().int().nullable(),
  monthlyPaymentCents: cents.nullable(),
  financedCents: cents.nullable(),
  /** The shopper's answer to an approval. */
  shopperAnswer: z.enum(['accepted', 'declined']).nullable(),
  decidedAt: isoDateTime,
});
export type LenderDecision = z.infer<typeof lenderDecisionSchema>;

export const placementSchema = z.object({
  status: z.enum(['NOT_PLACED', 'CREATING', 'ORDER_RECEIVED', 'APPLICATION_RECEIVED', 'FAILED']),
  orderNumber: z.string().nullable(),
  /** When the order-creation wait is expected to end (about 90 s after placing). */
  readyAt: isoDateTime.nullable(),
  startedAt: isoDateTime.nullable(),
});
export type Placement = z.infer<typeof placementSchema>;

/**
 * The co-buyer of a cash order (seed 002 §2; finance and lease name theirs in the credit
 * application), checked by app/lib/shared/co-buyer.ts; `address` is null when it is the buyer's.
 */
export const cashCoBuyerValueSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  sameAddressAsBuyer: z.boolean(),
  address: z.object({ addressLine1: z.string(), city: z.string(), state: z.string(), zip: z.string() }).nullable(),
});
export type CashCoBuyerValue = z.infer<typeof cashCoBuyerValueSchema>;

/** A party's name as the order summary, the contract and the receipt print it. */
export const partyNameSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const cartSchema = z.object({
  id: z.uuid(),
  step: checkoutStepSchema,
  completedSteps: z.array(checkoutStepSchema),
  dealType: dealTypeSchema,
  vehicle: cartVehicleSchema.nullable(),
  hold: holdSchema.nullable(),
  downPaymentCents: cents,
  termMonths: z.number().int(),
  annualMiles: z.number().int().nullable(),
  /** Cash only: the co-buyer named on Order Details. */
  coBuyer: cashCoBuyerValueSchema.nullable().optional(),
  /** Everyone on the deal, for the order summary (issue 12 item 6): the buyer once known, the co-buyer. */
  parties: z.object({ buyer: partyNameSchema.nullable(), coBuyer: partyNameSchema.nullable() }).optional(),
  /** The credit tier the estimate is priced at (the vehicle page calculator's; null: the default tier). */
  creditTier: creditTierSchema.nullable().optional(),
  protection: z.object({
    status: z.enum(['undecided', 'added', 'declined']),
    plans: z.array(protectionPlanSchema),
  }),
  fulfillment: fulfillmentChoiceSchema.nullable(),
  summary: orderSummarySchema.nullable(),
  /**
   * Figures of the summary that differ from the estimate the shopper started from (the vehicle
   * page's: no state, no protection, the estimate APR), each with its previous value and why
   * (issue 12 item 2). Absent from older platforms.
   */
  summaryChanges: z.array(summaryChangeSchema).optional(),
  problems: z.array(dealProblemSchema),
  /** Signed in owner, or null while the cart belongs to the session only. */
  ownedByShopper: z.boolean(),
  creditApplication: creditApplicationViewSchema.nullable(),
  decision: lenderDecisionSchema.nullable(),
  placement: placementSchema,
  /** The applied trade-in (app/lib/contract/trade-in.ts), one per purchase. */
  tradeIn: cartTradeInSchema.nullable().optional(),
  /** The deal's line list (issue 31), as every later surface prints it; absent on older platforms. */
  lines: dealLinesSchema.nullable().optional(),
  updatedAt: isoDateTime,
});
export type Cart = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.object({ data: cartSchema });
/**
 * GET /api/checkout/carts/current → 200 `{ data: Cart | null }`: the open cart (the shopper's,
 * else the session's), else the shopper's cart placed in the last hour (so the order-creation
 * wait can be reloaded). GET /api/checkout/carts/{cartId} → 200 cart; 404 error.cart.notFound
 * for anyone but its owner (or its session before the claim).
 */
export const currentCartResponseSchema = z.object({ data: cartSchema.nullable() });

/**
 * POST /api/checkout/carts → 201 cart (200 when this shopper already holds that vehicle).
 * 409 error.cart.vehicleHeld when another shopper holds it; 409 error.cart.vehicleUnavailable
 * when it is sold or removed; 404 error.vehicle.notFound. Starting a cart for another vehicle
 * releases the shopper's earlier hold.
 */
export const createCartRequestSchema = z.object({
  vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/),
  dealType: dealTypeSchema,
  downPaymentCents: cents.optional(),
  termMonths: z.number().int().optional(),
  /** A lease's annual miles (LEASE_ANNUAL_MILES). */
  annualMiles: z.number().int().optional(),
  /** The credit tier the vehicle page's estimate was priced at: the cart's estimate APR until a lender answers. */
  creditTier: creditTierSchema.optional(),
  /**
   * The zip the shopper had given, which the vehicle page priced taxes and fees with: the cart
   * prices with it too until Order Details or the credit application names where they live.
   */
  zip: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
});

/**
 * PATCH /api/checkout/carts/{cartId} → 200 cart; 422 error.cart.invalid with the seed's message
 * (also for a `coBuyer` on a finance or lease cart, or one the co-buyer rules refuse).
 */
export const updateCartRequestSchema = z
  .object({
    step: checkoutStepSchema,
    completeStep: checkoutStepSchema,
    dealType: dealTypeSchema,
    downPaymentCents: cents,
    termMonths: z.number().int(),
    annualMiles: z.number().int(),
    timerVisible: z.boolean(),
    fulfillment: fulfillmentChoiceSchema,
    /** Cash only: the co-buyer, or null to remove them. */
    coBuyer: cashCoBuyerValueSchema.nullable(),
  })
  .partial();

// POST /api/checkout/carts/{cartId}/hold → 200 cart: the hold starts again from HOLD_MINUTES,
//   or 409 error.cart.vehicleHeld when another shopper took the vehicle after it lapsed.
// DELETE /api/checkout/carts/{cartId}/vehicle → 200 cart with no vehicle (the empty cart).
// POST /api/checkout/carts/{cartId}/changes/acknowledge → 200 cart: the shopper has read the
//   changed figures (summaryChanges); they are shown again only when a figure moves after this.
// POST /api/checkout/carts/{cartId}/claim → 200 cart, owned by the signed-in shopper (401 signed out).

/**
 * PUT /api/checkout/carts/{cartId}/credit-application/{step} with that step's answers
 * (the step schemas of app/lib/shared/validation/credit-application) → 200 cart;
 * 422 error.creditApplication.invalid with `fieldErrors` when a server-side rule fails, keyed
 * by conform field names ('address.zip', 'previousAddresses[0].city'). `review` takes `{}` and
 * only marks the step done. A blank `ssn` or `dateOfBirth` keeps the one saved before (the
 * browser never gets them back). 401 signed out; 409 once the application is submitted.
 */
export const creditApplicationFieldErrorsSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  fieldErrors: z.record(z.string(), z.array(z.string())),
});

/**
 * POST /api/checkout/carts/{cartId}/credit-application/submit → 200 cart with `decision` (the
 * sandbox bureau and lender of docs/sandbox-partners.md); 409 error.creditApplication.incomplete
 * while a step of `steps` (review and terms aside) is not done.
 */
export const submitApplicationRequestSchema = z.object({ agreedToTerms: z.literal(true) });

/** POST /api/checkout/carts/{cartId}/decision → 200 cart; only on an APPROVED decision. */
export const decisionAnswerRequestSchema = z.object({ answer: z.enum(['accepted', 'declined']) });

/** The card form of seed 002 §3; the number goes to the gateway and only its last 4 are kept. */
export const cardDetailsSchema = z.object({
  email: z.email(),
  number: z.string().regex(/^\d{12,19}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  name: z.string().trim().min(1).max(80),
  country: z.literal('US'),
  postalCode: z.string().regex(/^\d{5}$/),
});

/**
 * POST /api/checkout/carts/{cartId}/place with header `idempotency-key` → 202 cart whose
 * placement is CREATING. The same key (or any key once the cart is placed) answers the same
 * cart again: one order, one charge. 422 error.payment.cardLimit above the card limit;
 * 402 error.payment.declined when the gateway refuses the card; 409 error.cart.holdExpired.
 */
export const placeOrderRequestSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('CARD'), amountCents: cents, card: cardDetailsSchema }),
  z.object({
    method: z.literal('ACH'),
    amountCents: cents,
    bank: z.object({
      accountHolder: z.string().trim().min(1).max(80),
      routingNumber: z.string().regex(/^\d{9}$/),
      accountNumber: z.string().regex(/^\d{4,17}$/),
      accountType: z.enum(['checking', 'savings']),
    }),
  }),
  /** A refundable deposit of DEPOSIT_CENTS taken on a card; the rest is paid later in the tracker. */
  z.object({ method: z.literal('DEPOSIT'), amountCents: z.literal(DEPOSIT_CENTS), card: cardDetailsSchema }),
]);
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** GET /api/checkout/orders/{orderNumber}/receipt → 200; 404 error.order.notFound. */
export const receiptSchema = z.object({
  orderNumber: z.string(),
  placedAt: isoDateTime,
  dealType: dealTypeSchema,
  orderStatus: orderStatusSchema,
  dealStatus: dealStatusCodeSchema.nullable(),
  vehicle: cartVehicleSchema.omit({ availability: true, heldByThisCart: true }),
  vehiclePriceCents: cents,
  downPaymentCents: cents,
  taxTitleRegistrationCents: cents,
  vehicleProtectionCents: cents,
  termMonths: z.number().int().nullable(),
  aprPercent: z.number().nullable(),
  financedAmountCents: cents.nullable(),
  amountDueTodayCents: cents,
  deliveryFeeCents: cents.nullable(),
  pickup: z.boolean(),
  /** Null for an order nothing was paid on yet (a demo or dealer-created order). */
  payment: z
    .object({
      method: z.enum(['CARD', 'ACH', 'DEPOSIT']),
      amountCents: cents,
      last4: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
  lease: leaseSummarySchema.nullable(),
  /** Finance or lease monthly payment of the accepted deal (issue 12); absent on older receipts. */
  monthlyPaymentCents: cents.nullable().optional(),
  /** The buyer (issue 12 item 6): the applicant's legal name, or the account's for a cash order; absent on older receipts. */
  buyer: partyNameSchema.nullable().optional(),
  /** The co-buyer on the deal, when there is one (seed 002 §2). */
  coBuyer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  /** The trade-in applied to the purchase (seed 002 §3 "Trade-in"). */
  tradeIn: cartTradeInSchema.nullable().optional(),
  /** The deal's line list (issue 31), with what was paid at placement; absent on older receipts. */
  lines: dealLinesSchema.nullable().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = z.object({ data: receiptSchema });

// ------------------------------------------------------------------------------ Credit profile

/**
 * The shopper's latest soft pull, for personalised payments on the vehicle cards. `tier` is null
 * when the score is below the lowest credit tier (the cards then say 'not qualified').
 */
export const creditProfileSchema = z.object({
  score: z.number().int(),
  tier: z.enum(['excellent', 'veryGood', 'good', 'fair']).nullable(),
  pulledAt: isoDateTime,
  /** pulledAt + PREQUALIFICATION_VALID_DAYS. */
  expiresAt: isoDateTime,
});
export type CreditProfile = z.infer<typeof creditProfileSchema>;

/**
 * GET /api/checkout/credit-profile → 200 `{ data: CreditProfile | null }`: the newest bureau
 * file with a score among the signed-in shopper's carts in this tenant; null when there is none
 * or it is older than PREQUALIFICATION_VALID_DAYS. 401 signed out. Never cached.
 */
export const creditProfileResponseSchema = z.object({ data: creditProfileSchema.nullable() });
