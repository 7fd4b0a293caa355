import { MAX_LTV_PERCENT, MIN_FINANCED_CENTS } from './constants';

// The loan-to-value rule of seed 002 §4-5: to show personalised payments the down payment moves
// up or down, or the trade-in goes, until the financed amount sits between the lender's floor
// (MIN_FINANCED_CENTS) and ceiling (MAX_LTV_PERCENT of the price).

export type LtvInput = {
  priceCents: number;
  taxesCents: number;
  feesCents: number;
  downPaymentCents: number;
  /** May be negative (the shopper owes more than the trade-in is worth). */
  tradeInEquityCents: number;
  minFinancedCents?: number;
  maxLtvPercent?: number;
};

export type LtvIssueReason =
  /** The trade-in's equity alone covers what is left after the down payment. */
  | 'tradeEquityExceedsFinanced'
  /** Less than the lender's minimum would be financed. */
  | 'financedBelowMinimum'
  /** More than the maximum loan-to-value would be financed. */
  | 'financedAboveMaximum';

export type LtvResult =
  | { ok: true; financedCents: number }
  | {
      ok: false;
      reason: LtvIssueReason;
      financedCents: number;
      /** The down payment that fixes it with the trade-in kept, or null when none can. */
      suggestedDownPaymentCents: number | null;
      /** True when removing the trade-in, keeping this down payment, fixes it. */
      suggestedTradeRemoval: boolean;
    };

export type FinancedRange = { minCents: number; maxCents: number };

/** The smallest and largest amounts a lender finances on this price; null when none (a cheap car). */
export function getFinancedRange(
  priceCents: number,
  { minFinancedCents = MIN_FINANCED_CENTS, maxLtvPercent = MAX_LTV_PERCENT } = {},
): FinancedRange | null {
  const maxCents = Math.floor((priceCents * maxLtvPercent) / 100);
  return maxCents < minFinancedCents ? null : { minCents: minFinancedCents, maxCents };
}

function isWithin(range: FinancedRange, cents: number): boolean {
  return cents >= range.minCents && cents <= range.maxCents;
}

/**
 * Checks the financed amount against the lender's range and, when it falls outside, says what
 * would bring it back: a new down payment (whole dollars, rounded towards the safe side) and
 * whether dropping the trade-in would do. Throws when the price cannot be financed at all;
 * `getPaymentQuality` reports that as out of range before calling this.
 */
export function checkLoanToValue(input: LtvInput): LtvResult {
  const { priceCents, taxesCents, feesCents, downPaymentCents, tradeInEquityCents } = input;
  if (downPaymentCents < 0) throw new RangeError(`The down payment cannot be negative, got ${downPaymentCents}`);
  const range = getFinancedRange(priceCents, input);
  if (!range) throw new RangeError(`A price of ${priceCents} cents cannot be financed`);

  const afterDownPayment = priceCents + taxesCents + feesCents - downPaymentCents;
  const financedCents = afterDownPayment - tradeInEquityCents;
  if (isWithin(range, financedCents)) return { ok: true, financedCents };

  const suggestedTradeRemoval = tradeInEquityCents !== 0 && isWithin(range, afterDownPayment);
  const beforeDownPayment = afterDownPayment + downPaymentCents - tradeInEquityCents;

  if (financedCents > range.maxCents) {
    // Raise the down payment just enough, rounded up to the dollar so the result fits.
    const raiseTo = Math.ceil((beforeDownPayment - range.maxCents) / 100) * 100;
    return {
      ok: false,
      reason: 'financedAboveMaximum',
      financedCents,
      suggestedDownPaymentCents: beforeDownPayment - raiseTo >= range.minCents ? raiseTo : null,
      suggestedTradeRemoval,
    };
  }

  // Too little is financed: lower the down payment, rounded down to the dollar.
  const lowerTo = Math.floor((beforeDownPayment - range.minCents) / 100) * 100;
  return {
    ok: false,
    reason:
      tradeInEquityCents > 0 && tradeInEquityCents > afterDownPayment
        ? 'tradeEquityExceedsFinanced'
        : 'financedBelowMinimum',
    financedCents,
    suggestedDownPaymentCents: lowerTo >= 0 && beforeDownPayment - lowerTo <= range.maxCents ? lowerTo : null,
    suggestedTradeRemoval,
  };
}

/**
 * The down payments the rule allows with this trade-in: from what keeps the loan under the
 * maximum loan-to-value (at least 0) to what keeps it above the minimum, in whole dollars.
 * Null when no down payment works (the trade-in has to go, or the car is too cheap to finance).
 */
export function getDownPaymentLimits(
  input: Omit<LtvInput, 'downPaymentCents'>,
): { minCents: number; maxCents: number } | null {
  const range = getFinancedRange(input.priceCents, input);
  if (!range) return null;
  const beforeDownPayment = input.priceCents + input.taxesCents + input.feesCents - input.tradeInEquityCents;
  const minCents = Math.max(0, Math.ceil((beforeDownPayment - range.maxCents) / 100) * 100);
  const maxCents = Math.floor((beforeDownPayment - range.minCents) / 100) * 100;
  return maxCents < minCents ? null : { minCents, maxCents };
}
