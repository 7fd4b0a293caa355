import { roundHalfAwayFromZero } from '~/lib/shared/money';
import {
  DEFAULT_FEES_CENTS,
  DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
  DEFAULT_LEASE_ANNUAL_MILES,
  DEFAULT_LEASE_TERM_MONTHS,
  DEFAULT_TAX_RATE,
  type LeaseAnnualMiles,
  type LeaseTermMonths,
} from './constants';
import { getTaxCents } from './finance';

/**
 * Residual value as a whole percentage of MSRP, by term at 12,000 miles a year. Placeholders
 * in the usual range (a car keeps roughly two thirds of its value after two years, half after
 * four); a lessor's own residuals replace them through the `residualPercent` parameter.
 */
export const RESIDUAL_PERCENT_BY_TERM: Record<LeaseTermMonths, number> = {
  24: 64,
  36: 56,
  48: 48,
};

/** Percentage points added to the residual for each allowance: fewer miles, more value left. */
export const RESIDUAL_ADJUSTMENT_BY_MILES: Record<LeaseAnnualMiles, number> = {
  10_000: 2,
  12_000: 0,
  15_000: -3,
};

function lookUp(table: Readonly<Record<number, number>>, key: number): number | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function getResidualPercent(termMonths: number, annualMiles: number): number {
  const base = lookUp(RESIDUAL_PERCENT_BY_TERM, termMonths);
  const adjustment = lookUp(RESIDUAL_ADJUSTMENT_BY_MILES, annualMiles);
  if (base === undefined) throw new RangeError(`No lease is offered over ${termMonths} months`);
  if (adjustment === undefined) throw new RangeError(`No lease allows ${annualMiles} miles a year`);
  return base + adjustment;
}

/** The lessor's money factor for an APR: APR / 2400 (5.4% → 0.00225). */
export function getMoneyFactor(aprPercent: number): number {
  return aprPercent / 2400;
}

export type LeaseInput = {
  /** The agreed selling price: the gross capitalised cost before fees. */
  priceCents: number;
  /** The residual is a share of MSRP; default the price (a used car without an MSRP). */
  msrpCents?: number;
  aprPercent: number;
  termMonths?: number;
  annualMiles?: number;
  /** The lease's down payment, from cash or trade-in equity. */
  capCostReductionCents?: number;
  securityDepositCents?: number;
  /** Fees rolled into the cap cost (the acquisition fee). */
  capitalizedFeesCents?: number;
  /** Fees paid at signing (title, registration, documentation). */
  upfrontFeesCents?: number;
  /** Applied to the monthly payment, as most states tax a lease. */
  taxRate?: number;
  /** Overrides the residual table, as a whole or fractional percentage of MSRP. */
  residualPercent?: number;
};

/** The lease terms of seed 002 §3, plus the parts of the monthly payment. */
export type LeaseEstimate = {
  termMonths: number;
  annualMiles: number;
  /** price + capitalised fees − cap cost reduction. */
  adjustedCapCostCents: number;
  residualCents: number;
  moneyFactor: number;
  /** (adjusted cap cost − residual) / term. */
  depreciationCents: number;
  /** (adjusted cap cost + residual) × money factor. */
  rentChargeCents: number;
  monthlyTaxCents: number;
  /** depreciation + rent charge + tax. */
  monthlyPaymentCents: number;
  firstPaymentCents: number;
  capCostReductionCents: number;
  securityDepositCents: number;
  upfrontFeesCents: number;
  /** first payment + cap cost reduction + security deposit + upfront fees. */
  dueAtSigningCents: number;
};

function getResidualCents(
  input: Pick<LeaseInput, 'priceCents' | 'msrpCents' | 'residualPercent'>,
  termMonths: number,
  annualMiles: number,
): number {
  const percent = input.residualPercent ?? getResidualPercent(termMonths, annualMiles);
  return roundHalfAwayFromZero(((input.msrpCents ?? input.priceCents) * percent) / 100);
}

/**
 * The most a shopper can put down on a lease: beyond it the adjusted cap cost would fall below
 * the residual and there would be nothing left to depreciate. Feeds the down-payment input's
 * last option for the lease variant.
 */
export function getMaxCapCostReductionCents(input: Omit<LeaseInput, 'aprPercent'>): number {
  const termMonths = input.termMonths ?? DEFAULT_LEASE_TERM_MONTHS;
  const annualMiles = input.annualMiles ?? DEFAULT_LEASE_ANNUAL_MILES;
  const capitalized = input.priceCents + (input.capitalizedFeesCents ?? DEFAULT_LEASE_ACQUISITION_FEE_CENTS);
  const reducible = capitalized - getResidualCents(input, termMonths, annualMiles);
  return Math.max(0, Math.floor(reducible / 100) * 100);
}

/**
 * The monthly payment and amount due at signing for a lease. Each part is rounded to the cent
 * before it is added, so the parts printed on an order summary add up to the total printed.
 */
export function estimateLease(input: LeaseInput): LeaseEstimate {
  const {
    priceCents,
    aprPercent,
    termMonths = DEFAULT_LEASE_TERM_MONTHS,
    annualMiles = DEFAULT_LEASE_ANNUAL_MILES,
    capCostReductionCents = 0,
    securityDepositCents = 0,
    capitalizedFeesCents = DEFAULT_LEASE_ACQUISITION_FEE_CENTS,
    upfrontFeesCents = DEFAULT_FEES_CENTS,
    taxRate = DEFAULT_TAX_RATE,
  } = input;
  if (!Number.isFinite(aprPercent) || aprPercent < 0)
    throw new RangeError(`The APR must be 0 or more, got ${aprPercent}`);
  if (!Number.isInteger(termMonths) || termMonths <= 0) throw new RangeError(`Bad lease term ${termMonths}`);
  if (capCostReductionCents < 0) throw new RangeError('The cap cost reduction cannot be negative');

  const adjustedCapCostCents = priceCents + capitalizedFeesCents - capCostReductionCents;
  const residualCents = getResidualCents(input, termMonths, annualMiles);
  if (adjustedCapCostCents < residualCents) {
    throw new RangeError('The cap cost reduction leaves the adjusted cap cost below the residual');
  }
  const moneyFactor = getMoneyFactor(aprPercent);
  const depreciationCents = roundHalfAwayFromZero((adjustedCapCostCents - residualCents) / termMonths);
  // APR / 2400 is applied as × APR ÷ 2400 so the float error of the factor itself is not scaled up.
  const rentChargeCents = roundHalfAwayFromZero(((adjustedCapCostCents + residualCents) * aprPercent) / 2400);
  const monthlyTaxCents = getTaxCents(depreciationCents + rentChargeCents, taxRate);
  const monthlyPaymentCents = depreciationCents + rentChargeCents + monthlyTaxCents;
  return {
    termMonths,
    annualMiles,
    adjustedCapCostCents,
    residualCents,
    moneyFactor,
    depreciationCents,
    rentChargeCents,
    monthlyTaxCents,
    monthlyPaymentCents,
    firstPaymentCents: monthlyPaymentCents,
    capCostReductionCents,
    securityDepositCents,
    upfrontFeesCents,
    dueAtSigningCents: monthlyPaymentCents + capCostReductionCents + securityDepositCents + upfrontFeesCents,
  };
}
