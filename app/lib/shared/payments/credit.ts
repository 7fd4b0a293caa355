import type { VehicleType } from './constants';

export type CreditTier = 'excellent' | 'veryGood' | 'good' | 'fair';

/** Seed 001 §9, best first. A score below the last floor has no tier: not qualified. */
export const CREDIT_TIERS = [
  { tier: 'excellent', minScore: 740, maxScore: 900 },
  { tier: 'veryGood', minScore: 700, maxScore: 739 },
  { tier: 'good', minScore: 668, maxScore: 699 },
  { tier: 'fair', minScore: 640, maxScore: 667 },
] as const satisfies readonly { tier: CreditTier; minScore: number; maxScore: number }[];

export const MAX_CREDIT_SCORE = 900;

/**
 * The tier used for an estimate ('Est.') before the shopper has shared any credit details.
 * Not the best tier: advertising the top rate to everyone would understate most payments.
 */
export const DEFAULT_ESTIMATE_TIER: CreditTier = 'veryGood';

export type AprTable = Record<CreditTier, Record<VehicleType, number>>;

/**
 * Annual percentage rates by tier and vehicle type. Placeholders in the range of published
 * averages for each credit band (used cars cost more to finance than new, certified in
 * between); a tenant's lender rates replace them through the `aprTable` parameter.
 */
export const DEFAULT_APR_TABLE: AprTable = {
  excellent: { NEW: 5.49, CPO: 6.49, USED: 6.99 },
  veryGood: { NEW: 6.49, CPO: 7.49, USED: 8.49 },
  good: { NEW: 8.49, CPO: 9.99, USED: 11.49 },
  fair: { NEW: 11.99, CPO: 13.49, USED: 15.99 },
};

/**
 * The tier for a credit score, or null when the score does not qualify (below 640) or is not a
 * score at all (above 900, not a number). Floors are compared, not ranges, so a fractional
 * score such as 739.5 still lands in a tier.
 */
export function getCreditTier(score: number): CreditTier | null {
  if (!Number.isFinite(score) || score > MAX_CREDIT_SCORE) return null;
  return CREDIT_TIERS.find((band) => score >= band.minScore)?.tier ?? null;
}

export function getApr(tier: CreditTier, vehicleType: VehicleType, table: AprTable = DEFAULT_APR_TABLE): number {
  return table[tier][vehicleType];
}
