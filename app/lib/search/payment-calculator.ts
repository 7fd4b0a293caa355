import type { VehicleCard } from '~/lib/contract/inventory';
import { getCardPaymentBlockForQuote, type CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import {
  DEFAULT_FEES_CENTS,
  DEFAULT_TAX_RATE,
  DEFAULT_TERM_MONTHS,
  FINANCE_TERMS_MONTHS,
} from '~/lib/shared/payments/constants';
import { CREDIT_TIERS, DEFAULT_ESTIMATE_TIER, type CreditTier } from '~/lib/shared/payments/credit';
import {
  buildDownPaymentOptions,
  clampDownPayment,
  getDownPaymentBounds,
  getInitialDownPayment,
} from '~/lib/shared/payments/down-payment';
import { getTaxCents } from '~/lib/shared/payments/finance';
import { getDownPaymentLimits } from '~/lib/shared/payments/loan-to-value';
import { quoteFinance, type FinanceQuote } from '~/lib/shared/payments/quote';

// The vehicle page's payment calculator: down payment, term and credit tier in, the estimate
// out. The same functions run in the loader (the GET form without JavaScript) and in the
// browser (live as the shopper changes a field), so both show the same figures.

export type CalculatorVehicle = Pick<VehicleCard, 'price' | 'type' | 'year' | 'mileage'>;

export const CREDIT_TIER_LABELS: Record<CreditTier, string> = {
  excellent: 'Excellent (740-900)',
  veryGood: 'Very good (700-739)',
  good: 'Good (668-699)',
  fair: 'Fair (640-667)',
};

export const CALCULATOR_TERMS: readonly number[] = FINANCE_TERMS_MONTHS;
export const CALCULATOR_TIERS: readonly CreditTier[] = CREDIT_TIERS.map((band) => band.tier);

export type CalculatorInput = { downPaymentCents: number; termMonths: number; tier: CreditTier };

export type CalculatorSetup = {
  /** The down-payment input's suggestions: the first is the minimum, the last the maximum. */
  optionsCents: number[];
  defaults: CalculatorInput;
};

/**
 * What the calculator offers for a vehicle: the down payments the loan-to-value rule allows
 * (seed 002 §4) and the defaults of seed 001 §9. Null when no down payment makes the vehicle
 * financeable (too cheap for the smallest loan).
 */
export function getCalculatorSetup(vehicle: CalculatorVehicle): CalculatorSetup | null {
  const priceCents = vehicle.price * 100;
  const limits = getDownPaymentLimits({
    priceCents,
    taxesCents: getTaxCents(priceCents, DEFAULT_TAX_RATE),
    feesCents: DEFAULT_FEES_CENTS,
    tradeInEquityCents: 0,
  });
  if (!limits) return null;
  const optionsCents = buildDownPaymentOptions(limits);
  return {
    optionsCents,
    defaults: {
      downPaymentCents: getInitialDownPayment(getDownPaymentBounds(optionsCents)),
      termMonths: DEFAULT_TERM_MONTHS,
      tier: DEFAULT_ESTIMATE_TIER,
    },
  };
}

function isTier(value: string | null): value is CreditTier {
  return value !== null && (CALCULATOR_TIERS as readonly string[]).includes(value);
}

/** The calculator's fields from the URL; anything missing or unusable takes its default. */
export function readCalculatorParams(params: URLSearchParams, setup: CalculatorSetup): CalculatorInput {
  const term = Number(params.get('term'));
  const tier = params.get('creditTier');
  const downPayment = params.get('downPayment');
  return {
    downPaymentCents:
      downPayment === null
        ? setup.defaults.downPaymentCents
        : clampDownPayment(downPayment, getDownPaymentBounds(setup.optionsCents)),
    termMonths: CALCULATOR_TERMS.includes(term) ? term : setup.defaults.termMonths,
    tier: isTier(tier) ? tier : setup.defaults.tier,
  };
}

export type CalculatorResult = { quote: FinanceQuote; block: CardPaymentBlock };

/**
 * The estimate for the chosen tier. The tier stands in for a score (its floor), but nothing
 * has been checked with a lender, so the result stays an estimate ('Est.').
 */
export function computeCalculator(
  vehicle: CalculatorVehicle,
  input: CalculatorInput,
  currentYear?: number,
): CalculatorResult {
  const floor = CREDIT_TIERS.find((band) => band.tier === input.tier)?.minScore ?? null;
  const quote: FinanceQuote = {
    ...quoteFinance({
      vehicle: { priceCents: vehicle.price * 100, type: vehicle.type, year: vehicle.year, mileage: vehicle.mileage },
      creditScore: floor,
      downPaymentCents: input.downPaymentCents,
      termMonths: input.termMonths,
      currentYear,
    }),
    kind: 'estimated',
  };
  return { quote, block: getCardPaymentBlockForQuote(quote) };
}
