import type { DealType } from '~/lib/contract/orders';
import type { CreditTier } from '~/lib/shared/payments/credit';

// The vehicle page calculator's choices, what the browser needs of them: the shapes the server
// sends (the fields' options, the result's lines and notes, all worded by the server), and the
// query that asks the server for the figures (decision 103). The choices' rules and the pricing
// run on the server only (./payment-calculator.ts).

export type CalculatorInput = {
  dealType: DealType;
  downPaymentCents: number;
  termMonths: number;
  /** Lease only; the default elsewhere. */
  annualMiles: number;
  tier: CreditTier;
};

/** One option of a calculator field: its value and its label ('48 mos', 'Very good (700-739)'). */
export type CalculatorOption<T extends string | number> = { value: T; label: string };

/** The options of the calculator's fields, as the server offers and words them. */
export type CalculatorOptions = {
  /** The terms of each purchase type that has terms (none for cash). */
  terms: Partial<Record<DealType, CalculatorOption<number>[]>>;
  /** The lease's annual miles. */
  annualMiles: CalculatorOption<number>[];
  /** The credit tiers, best first. */
  tiers: CalculatorOption<CreditTier>[];
};

/** A line of the calculator's result: 'Monthly payment', '$512.34/mo' (its test id when tests read it). */
export type CalculatorRow = { term: string; value: string; testId?: string };

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
