import { z } from 'zod';
import { isoDateTime } from './common';
import {
  MAX_MILEAGE,
  PAYOFF_FIELDS,
  TRADE_IN_CONDITIONS,
  TRADE_IN_OUTCOMES,
  TRADE_IN_OWNERSHIP,
  TRADE_IN_REASONS,
  TRADE_IN_STATUSES,
} from './trade-in-constants';

export * from './trade-in-constants';

// The trade-in area of the commerce API (base /api/trade-in): VIN and plate look-ups, the
// instant cash offer (seed 002 §2 "Trade-in"), the shopper's saved offers and their states
// (§4), applying one to the cart, and the payoff quote (§2 "Payoff quote", §5, §8).

const vin = z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/);
const state = z.string().regex(/^[A-Z]{2}$/);
const cents = z.number().int().min(0).max(100_000_000);

export const vehicleLookupSchema = z.object({
  vin,
  year: z.number().int(),
  make: z.string(),
  models: z.array(z.object({ model: z.string(), trims: z.array(z.string()) })),
});
export type VehicleLookup = z.infer<typeof vehicleLookupSchema>;
export const vehicleLookupResponseSchema = z.object({ data: vehicleLookupSchema });

export const appraisalRequestSchema = z.object({
  vin,
  model: z.string().min(1).max(60),
  trim: z.string().min(1).max(60),
  mileage: z.number().int().min(0).max(MAX_MILEAGE),
  condition: z.enum(TRADE_IN_CONDITIONS),
  ownership: z.enum(TRADE_IN_OWNERSHIP),
  /** "Are you an owner on the title?" */
  onTitle: z.boolean(),
  registrationState: state,
  applyToPurchase: z.boolean(),
  hasLoan: z.boolean(),
  amountOwedCents: cents.nullable(),
});
export type AppraisalRequest = z.infer<typeof appraisalRequestSchema>;

export const appraisalSchema = z.object({
  outcome: z.enum(TRADE_IN_OUTCOMES),
  offerCents: z.number().int().nullable(),
  reasons: z.array(z.enum(TRADE_IN_REASONS)),
  readyAt: isoDateTime.nullable(),
  year: z.number().int(),
  make: z.string(),
});
export type Appraisal = z.infer<typeof appraisalSchema>;
export const appraisalResponseSchema = z.object({ data: appraisalSchema });

export const payoffSchema = z.object({
  lender: z.string(),
  source: z.enum(['quote', 'estimate']),
  balanceCents: z.number().int(),
  accountLast4: z.string().nullable(),
  quotedAt: isoDateTime,
});
export type Payoff = z.infer<typeof payoffSchema>;

export const tradeInOfferSchema = z.object({
  id: z.uuid(),
  vin,
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  mileage: z.number().int(),
  condition: z.enum(TRADE_IN_CONDITIONS),
  ownership: z.enum(TRADE_IN_OWNERSHIP),
  registrationState: z.string(),
  applyToPurchase: z.boolean(),
  hasLoan: z.boolean(),
  amountOwedCents: z.number().int().nullable(),
  status: z.enum(TRADE_IN_STATUSES),
  offerCents: z.number().int().nullable(),
  reasons: z.array(z.enum(TRADE_IN_REASONS)),
  readyAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  /** When an expired offer is removed (expiry + 30 days). */
  removeAt: isoDateTime.nullable(),
  payoff: payoffSchema.nullable(),
  /** What the loan costs to pay off: the quote, else the shopper's estimate, else 0. */
  payoffCents: z.number().int(),
  equityCents: z.number().int().nullable(),
  appliedCartId: z.uuid().nullable(),
  createdAt: isoDateTime,
});
export type TradeInOffer = z.infer<typeof tradeInOfferSchema>;
export const tradeInOfferResponseSchema = z.object({ data: tradeInOfferSchema });
export const tradeInOffersResponseSchema = z.object({ data: z.array(tradeInOfferSchema) });

export const applyTradeInRequestSchema = z.object({
  cartId: z.uuid(),
  /** Tax-questions dialog: the shopper's state lets the trade-in value reduce sales tax. */
  taxCredit: z.boolean().default(false),
  /** Replace the trade-in the cart already has (only one per purchase). */
  replace: z.boolean().default(false),
});

/** The trade-in a cart carries (one per purchase); equity = offer - payoff. */
export const cartTradeInSchema = z.object({
  offerId: z.uuid(),
  vin,
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  offerCents: z.number().int(),
  payoffCents: z.number().int(),
  equityCents: z.number().int(),
  taxCredit: z.boolean(),
  expiresAt: isoDateTime.nullable(),
});
export type CartTradeIn = z.infer<typeof cartTradeInSchema>;

// ---------------------------------------------------------------- Payoff

export const lenderMatchSchema = z.object({
  lender: z.object({ name: z.string(), requires: z.array(z.enum(PAYOFF_FIELDS)) }).nullable(),
  suggestion: z.string().nullable(),
});
export type LenderMatch = z.infer<typeof lenderMatchSchema>;
export const lenderMatchResponseSchema = z.object({ data: lenderMatchSchema });

export const payoffQuoteRequestSchema = z.object({
  lender: z.string().min(1).max(80),
  /** The shopper confirms the VIN of the financed car; it must be the offer's. */
  vin,
  accountLast4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  lastName: z.string().min(1).max(25).optional(),
  ssnLast4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
});
export type PayoffQuoteRequest = z.infer<typeof payoffQuoteRequestSchema>;

export const payoffEstimateRequestSchema = z.object({
  balanceCents: cents,
  lender: z.string().max(80).nullable().default(null),
});
