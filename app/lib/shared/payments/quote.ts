import {
  DEFAULT_DOWN_PAYMENT_CENTS,
  DEFAULT_FEES_CENTS,
  DEFAULT_TAX_RATE,
  DEFAULT_TERM_MONTHS,
  FINANCE_TERMS_MONTHS,
  MAX_LTV_PERCENT,
  MIN_FINANCED_CENTS,
  VEHICLE_AGE_LIMIT_YEARS,
  VEHICLE_MILEAGE_LIMIT,
  type VehicleType,
} from './constants';
import {
  DEFAULT_APR_TABLE,
  DEFAULT_ESTIMATE_TIER,
  getApr,
  getCreditTier,
  type AprTable,
  type CreditTier,
} from './credit';
import { estimateFinance, getTaxCents, type FinanceEstimate } from './finance';
import { checkLoanToValue, getFinancedRange, type LtvIssueReason } from './loan-to-value';
import { isOneOf } from '../guards';

export type OutOfRangeReason = 'mileage' | 'age' | 'term' | 'price';

export type PaymentQuality =
  | { state: 'qualified' }
  /** The credit score is below the lowest tier (640), or is not a score. */
  | { state: 'notQualified' }
  /** Lenders do not quote this vehicle or this term at all, whatever the shopper changes. */
  | { state: 'outOfRange'; reason: OutOfRangeReason }
  /** A quote exists once the down payment or the trade-in changes (seed 001 §3 possiblePricing). */
  | {
      state: 'ltvIssue';
      reason: LtvIssueReason;
      suggestedDownPaymentCents: number | null;
      suggestedTradeRemoval: boolean;
    };

export type QuoteVehicle = {
  priceCents: number;
  type: VehicleType;
  /** Model year. */
  year: number;
  mileage: number;
};

export type FinanceQuoteInput = {
  vehicle: QuoteVehicle;
  /** Absent: an estimate ('Est.') at DEFAULT_ESTIMATE_TIER. Present: a personalised quote. */
  creditScore?: number | null;
  downPaymentCents?: number;
  tradeInEquityCents?: number;
  termMonths?: number;
  taxRate?: number;
  feesCents?: number;
  aprTable?: AprTable;
  minFinancedCents?: number;
  maxLtvPercent?: number;
  /** The model year the vehicle's age is counted from; default the current UTC year. */
  currentYear?: number;
};

export type FinanceQuote = {
  kind: 'estimated' | 'personalized';
  /** Null when the score does not qualify. */
  creditTier: CreditTier | null;
  quality: PaymentQuality;
  /** Present only when the quality is 'qualified'. */
  estimate: FinanceEstimate | null;
};

function getOutOfRangeReason(input: FinanceQuoteInput, currentYear: number): OutOfRangeReason | null {
  const { vehicle, termMonths = DEFAULT_TERM_MONTHS } = input;
  if (vehicle.mileage > VEHICLE_MILEAGE_LIMIT) return 'mileage';
  if (currentYear - vehicle.year > VEHICLE_AGE_LIMIT_YEARS) return 'age';
  if (!isOneOf(FINANCE_TERMS_MONTHS, termMonths)) return 'term';
  const range = getFinancedRange(vehicle.priceCents, {
    minFinancedCents: input.minFinancedCents ?? MIN_FINANCED_CENTS,
    maxLtvPercent: input.maxLtvPercent ?? MAX_LTV_PERCENT,
  });
  return range ? null : 'price';
}

/**
 * Whether a finance payment can be shown, in the order a shopper can act on it: a score below
 * 640 rules out every vehicle (not qualified); a vehicle past the seed's limits, a term that is
 * not offered or a price too low to reach the minimum loan rules out this quote whatever the
 * shopper changes (out of range); otherwise the loan-to-value rule may ask for a different down
 * payment or no trade-in (loan-to-value issue).
 */
export function getPaymentQuality(input: FinanceQuoteInput): PaymentQuality {
  if (input.creditScore != null && getCreditTier(input.creditScore) === null) return { state: 'notQualified' };
  const outOfRange = getOutOfRangeReason(input, input.currentYear ?? new Date().getUTCFullYear());
  if (outOfRange) return { state: 'outOfRange', reason: outOfRange };
  const ltv = checkLoanToValue({
    priceCents: input.vehicle.priceCents,
    taxesCents: getTaxCents(input.vehicle.priceCents, input.taxRate ?? DEFAULT_TAX_RATE),
    feesCents: input.feesCents ?? DEFAULT_FEES_CENTS,
    downPaymentCents: input.downPaymentCents ?? DEFAULT_DOWN_PAYMENT_CENTS,
    tradeInEquityCents: input.tradeInEquityCents ?? 0,
    minFinancedCents: input.minFinancedCents,
    maxLtvPercent: input.maxLtvPercent,
  });
  if (ltv.ok) return { state: 'qualified' };
  return {
    state: 'ltvIssue',
    reason: ltv.reason,
    suggestedDownPaymentCents: ltv.suggestedDownPaymentCents,
    suggestedTradeRemoval: ltv.suggestedTradeRemoval,
  };
}

/** A finance quote for one vehicle: its quality, and the payment when there is one to show. */
export function quoteFinance(input: FinanceQuoteInput): FinanceQuote {
  const score = input.creditScore;
  const creditTier = score == null ? DEFAULT_ESTIMATE_TIER : getCreditTier(score);
  const kind = score == null ? 'estimated' : 'personalized';
  const quality = getPaymentQuality(input);
  if (quality.state !== 'qualified' || creditTier === null) return { kind, creditTier, quality, estimate: null };
  const estimate = estimateFinance({
    priceCents: input.vehicle.priceCents,
    aprPercent: getApr(creditTier, input.vehicle.type, input.aprTable ?? DEFAULT_APR_TABLE),
    downPaymentCents: input.downPaymentCents,
    tradeInEquityCents: input.tradeInEquityCents,
    termMonths: input.termMonths,
    taxRate: input.taxRate,
    feesCents: input.feesCents,
  });
  return { kind, creditTier, quality, estimate };
}
