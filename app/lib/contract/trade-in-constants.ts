// The trade-in area's fixed values (seed 002 §2, §4, §9): the lists the schemas of
// ./trade-in.ts are built from, the limits and the error codes. No zod here, so the pages that
// read a label or a list (the trade-in flow, the cart's trade-in) do not load the schemas;
// ./trade-in.ts re-exports all of it.

export const TRADE_IN_OWNERSHIP = ['Owned', 'Finance', 'Leased'] as const;
export const TRADE_IN_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Rough'] as const;

/** Stored states; "pending" becomes "proposed" when the review is done. */
export const TRADE_IN_STATUSES = [
  'pending',
  'proposed',
  'available',
  'applied',
  'expired',
  'denied',
  'ineligible',
] as const;
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];

export const TRADE_IN_OUTCOMES = ['instant', 'review', 'ineligible', 'denied'] as const;
export type TradeInOutcome = (typeof TRADE_IN_OUTCOMES)[number];

/** Why an offer was ineligible, denied or sent to review. */
export const TRADE_IN_REASONS = [
  'notOnTitle',
  'unknownVehicle',
  'tooOld',
  'tooManyMiles',
  'condition',
  'highMileage',
  'highValue',
] as const;
export type TradeInReason = (typeof TRADE_IN_REASONS)[number];

/** Seed 002 §9: valid 7 days, expired ones kept 30 days. */
export const OFFER_VALID_DAYS = 7;
export const EXPIRED_KEEP_DAYS = 30;
export const MAX_MILEAGE = 999_999;

export const PAYOFF_FIELDS = ['accountLast4', 'lastName', 'ssnLast4'] as const;
export type PayoffField = (typeof PAYOFF_FIELDS)[number];

export const TRADE_IN_ERROR_CODES = {
  invalidVin: 'error.tradeIn.invalidVin',
  unknownVehicle: 'error.tradeIn.unknownVehicle',
  plateNotFound: 'error.tradeIn.plateNotFound',
  notFound: 'error.tradeIn.notFound',
  notApplicable: 'error.tradeIn.notApplicable',
  onePerPurchase: 'error.tradeIn.onePerPurchase',
  cartClosed: 'error.tradeIn.cartClosed',
  lenderNotListed: 'error.payoff.lenderNotListed',
  missingField: 'error.payoff.missingField',
  vinMismatch: 'error.payoff.vinMismatch',
  loanNotFound: 'error.payoff.loanNotFound',
  retrievalFailed: 'error.payoff.retrievalFailed',
  unavailable: 'error.payoff.unavailable',
} as const;
