import { roundHalfAwayFromZero } from '~/lib/shared/money';
import { DEFAULT_DOWN_PAYMENT_CENTS, DEFAULT_FEES_CENTS, DEFAULT_TAX_RATE, DEFAULT_TERM_MONTHS } from './constants';

function requireCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be integer cents, got ${value}`);
}

function requireTerm(termMonths: number): void {
  if (!Number.isInteger(termMonths) || termMonths <= 0) {
    throw new RangeError(`The term must be a positive whole number of months, got ${termMonths}`);
  }
}

/**
 * The level monthly payment that repays `principalCents` over `termMonths` at `aprPercent`:
 * M = P·r / (1 − (1 + r)^−n) with r = APR / 12, or P / n when the APR is 0. Rounded to the
 * cent (half away from zero), as a payment is quoted.
 */
export function getMonthlyPaymentCents(principalCents: number, aprPercent: number, termMonths: number): number {
  requireCents('The principal', principalCents);
  requireTerm(termMonths);
  if (!Number.isFinite(aprPercent) || aprPercent < 0)
    throw new RangeError(`The APR must be 0 or more, got ${aprPercent}`);
  if (principalCents <= 0) return 0;
  if (aprPercent === 0) return roundHalfAwayFromZero(principalCents / termMonths);
  const monthlyRate = aprPercent / 100 / 12;
  return roundHalfAwayFromZero((principalCents * monthlyRate) / (1 - (1 + monthlyRate) ** -termMonths));
}

/** Sales tax on an amount, to the cent. `taxRate` is a fraction: 0.07 for 7%. */
export function getTaxCents(amountCents: number, taxRate: number = DEFAULT_TAX_RATE): number {
  requireCents('The taxed amount', amountCents);
  if (!Number.isFinite(taxRate) || taxRate < 0) throw new RangeError(`The tax rate must be 0 or more, got ${taxRate}`);
  return roundHalfAwayFromZero(amountCents * taxRate);
}

export type FinanceInput = {
  /** The selling price, after incentives. */
  priceCents: number;
  aprPercent: number;
  /** Default 2500 dollars (seed 001 §9). */
  downPaymentCents?: number;
  /** Trade-in value minus what is still owed on it; negative equity is rolled into the loan. */
  tradeInEquityCents?: number;
  /** Default 48 (seed 001 §9). */
  termMonths?: number;
  /** Default DEFAULT_TAX_RATE, applied to the price only. */
  taxRate?: number;
  /** Title, registration and documentation; default DEFAULT_FEES_CENTS. */
  feesCents?: number;
};

export type FinanceEstimate = {
  priceCents: number;
  taxesCents: number;
  feesCents: number;
  downPaymentCents: number;
  tradeInEquityCents: number;
  /** price + taxes + fees − down payment − trade-in equity. */
  financedCents: number;
  aprPercent: number;
  termMonths: number;
  monthlyPaymentCents: number;
  /** monthly payment × term: what the shopper pays the lender in all. */
  totalOfPaymentsCents: number;
  /** Total of payments − financed amount: the cost of the credit. */
  financeChargeCents: number;
};

/** Everything that is financed before the down payment and trade-in: the out-the-door price. */
export function getCashPriceCents(input: { priceCents: number; taxesCents: number; feesCents: number }): number {
  return input.priceCents + input.taxesCents + input.feesCents;
}

/**
 * The monthly payment to finance a vehicle. Pure arithmetic: whether a lender would write the
 * loan (credit tier, loan-to-value, vehicle limits) is `getPaymentQuality`'s job.
 */
export function estimateFinance(input: FinanceInput): FinanceEstimate {
  const {
    priceCents,
    aprPercent,
    downPaymentCents = DEFAULT_DOWN_PAYMENT_CENTS,
    tradeInEquityCents = 0,
    termMonths = DEFAULT_TERM_MONTHS,
    taxRate = DEFAULT_TAX_RATE,
    feesCents = DEFAULT_FEES_CENTS,
  } = input;
  requireCents('The price', priceCents);
  requireCents('The down payment', downPaymentCents);
  requireCents('The trade-in equity', tradeInEquityCents);
  requireCents('The fees', feesCents);
  const taxesCents = getTaxCents(priceCents, taxRate);
  const financedCents = Math.max(
    0,
    getCashPriceCents({ priceCents, taxesCents, feesCents }) - downPaymentCents - tradeInEquityCents,
  );
  const monthlyPaymentCents = getMonthlyPaymentCents(financedCents, aprPercent, termMonths);
  const totalOfPaymentsCents = monthlyPaymentCents * termMonths;
  return {
    priceCents,
    taxesCents,
    feesCents,
    downPaymentCents,
    tradeInEquityCents,
    financedCents,
    aprPercent,
    termMonths,
    monthlyPaymentCents,
    totalOfPaymentsCents,
    financeChargeCents: totalOfPaymentsCents - financedCents,
  };
}
