import type { DealType } from '~/lib/contract/orders';
import { FINANCE_TERMS_MONTHS, LEASE_ANNUAL_MILES, LEASE_TERMS_MONTHS } from '~/lib/shared/payments/constants';
import type { CreditTier } from '~/lib/shared/payments/credit';

// The vehicle page calculator's choices, what the browser needs of them: the fields' options
// and labels, and the query that asks the server for the figures (decision 103). The pricing
// itself runs on the server only (./payment-calculator.ts).

export const CREDIT_TIER_LABELS: Record<CreditTier, string> = {
  excellent: 'Excellent (740-900)',
  veryGood: 'Very good (700-739)',
  good: 'Good (668-699)',
  fair: 'Fair (640-667)',
};

/** Best first, as seed 001 §9 lists them. */
export const CALCULATOR_TIERS: readonly CreditTier[] = ['excellent', 'veryGood', 'good', 'fair'];
export const CALCULATOR_ANNUAL_MILES: readonly number[] = LEASE_ANNUAL_MILES;

export type CalculatorInput = {
  dealType: DealType;
  downPaymentCents: number;
  termMonths: number;
  /** Lease only; the default elsewhere. */
  annualMiles: number;
  tier: CreditTier;
};

/** The terms offered for a purchase type (none for cash). */
export function calculatorTerms(dealType: DealType): readonly number[] {
  return dealType === 'Lease' ? LEASE_TERMS_MONTHS : dealType === 'Finance' ? FINANCE_TERMS_MONTHS : [];
}

/** Whether two sets of calculator choices are the same. */
export function sameCalculatorInput(a: CalculatorInput, b: CalculatorInput): boolean {
  return (
    a.dealType === b.dealType &&
    a.downPaymentCents === b.downPaymentCents &&
    a.termMonths === b.termMonths &&
    a.annualMiles === b.annualMiles &&
    a.tier === b.tier
  );
}

/** The calculator form's field names, as its GET form sends them (readCalculatorParams reads them). */
type CalculatorFields = {
  dealType: string;
  term?: string;
  downPayment?: string;
  annualMiles: string;
  creditTier: string;
};

/**
 * The query asking the server for the figures of `fields` (the form's names): `asked` numbers the
 * question, so the answer to the last one is known. A purchase type of its own starts without a
 * term or down payment: the server gives that type's own.
 */
export function calculatorQuery(vin: string, asked: number, fields: CalculatorFields): string {
  const params = new URLSearchParams({ vin, asked: String(asked) });
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.set(name, value);
  return params.toString();
}

/** The form's fields for `input`; a purchase type picked afresh (`fresh`) leaves its term and down payment out. */
export function calculatorFields(input: CalculatorInput, fresh = false): CalculatorFields {
  return {
    dealType: input.dealType,
    annualMiles: String(input.annualMiles),
    creditTier: input.tier,
    ...(fresh ? {} : { term: String(input.termMonths), downPayment: String(input.downPaymentCents / 100) }),
  };
}
